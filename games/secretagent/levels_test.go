package secretagent

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// arrangements are the six ways to seat two players of one level (true)
// and two of another: game d uses arrangements[d%6], so the seats rotate.
var arrangements = [6][Seats]bool{
	{true, true, false, false}, {false, true, true, false}, {false, false, true, true},
	{true, false, false, true}, {true, false, true, false}, {false, true, false, true},
}

// player is one side of a pairing: a level, or random legal play.
type player struct {
	name string
	make func(seat games.Seat, deal uint64) games.Computer
}

func levelPlayer(l games.Level, budget int) player {
	return player{l.String(), func(seat games.Seat, deal uint64) games.Computer {
		if l == games.Hard && budget > 0 {
			return func(g games.Game, s games.Seat) games.Move { return hardMove(g, s, uint64(seat), budget) }
		}
		return ComputerSeeded(l, uint64(seat))
	}}
}

var randomSide = player{"random", func(seat games.Seat, deal uint64) games.Computer {
	return randomPlayer(deal*10 + uint64(seat))
}}

// pairing plays n games, two seats of a against two of b, and returns the
// share of games a's seats won and their share of all points.
func pairing(t *testing.T, a, b player, n int) (wins, points float64) {
	var pa, all float64
	for d := uint64(1); d <= uint64(n); d++ {
		g := New(d)
		ps := make([]games.Computer, Seats)
		isA := arrangements[d%6]
		for s := range ps {
			side := b
			if isA[s] {
				side = a
			}
			ps[s] = side.make(games.Seat(s), d)
		}
		require.NoError(t, PlayOut(g, ps...), "deal %d", d)
		if isA[g.Winners()[0]] {
			wins++
		}
		for s, tot := range g.Scores() {
			all += float64(tot)
			if isA[s] {
				pa += float64(tot)
			}
		}
	}
	return wins / float64(n), pa / all
}

// simGames is DEALER_SIM_GAMES, or def.
func simGames(def int) int {
	if v, err := strconv.Atoi(os.Getenv("DEALER_SIM_GAMES")); err == nil && v > 0 {
		return v
	}
	return def
}

// TestLevels plays the levels against each other, two seats each, seats
// rotated: hard against normal, normal against easy, easy against random
// play. DEALER_SIM_GAMES=1000 plays that many games a pairing and checks
// that each level wins most; the default few games only check that every
// level plays whole games (Hard with a small search).
func TestLevels(t *testing.T) {
	n := simGames(0)
	budget := 0
	if n == 0 {
		n, budget = 2, hardBudget/50
	}
	pairs := []struct{ a, b player }{
		{levelPlayer(games.Hard, budget), levelPlayer(games.Normal, 0)},
		{levelPlayer(games.Normal, 0), levelPlayer(games.Easy, 0)},
		{levelPlayer(games.Easy, 0), randomSide},
	}
	for _, p := range pairs {
		w, pts := pairing(t, p.a, p.b, n)
		line := fmt.Sprintf("levels: game=secretagent a=%s b=%s games=%d wins_a=%.3f points_a=%.3f", p.a.name, p.b.name, n, w, pts)
		fmt.Println(line)
		if n >= 500 {
			assert.Greater(t, w, 0.5, line)
		}
	}
}

func TestLevelsAreDeterministicAndSeeOnlyTheirView(t *testing.T) {
	for _, l := range games.Levels {
		c := ComputerSeeded(l, 7)
		g := New(3)
		moves := 16
		if l == games.Hard {
			moves = 6 // each a full search, twice
		}
		for n := 0; n < moves && !g.Status().Finished(); n++ {
			s := g.ToAct()[0]
			m := c(viewOnly{g: g}, s)
			require.NotNil(t, m)
			require.True(t, games.IsLegal(g, s, m.String()), "%s: %s", l, m)
			require.Equal(t, m, c(viewOnly{g: g}, s), "%s is not deterministic", l)
			require.NoError(t, g.Apply(s, m))
		}
		back, err := games.ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, back)
	}
	assert.Nil(t, ComputerAt(games.Hard)(New(1), 0), "not its turn")
}
