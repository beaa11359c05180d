package gamestest

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// Side is one side of a level match: a level of computer player, or
// random play.
type Side struct {
	// Name names the side in the match's line ("hard", "random").
	Name string
	// Player makes the side's player for seat of deal.
	Player func(seat games.Seat, deal uint64) games.Computer
}

// Arrangements are the six ways to seat two players of one side (true)
// and two of the other at four seats: game d of a match uses
// Arrangements[d%6], so the seats rotate.
var Arrangements = [6][4]bool{
	{true, true, false, false}, {false, true, true, false}, {false, false, true, true},
	{true, false, false, true}, {true, false, true, false}, {false, true, false, true},
}

// Table is a game's table for level matches: four seats.
type Table struct {
	// Game names the game in the printed lines.
	Game string
	// Deal deals deal d at the table.
	Deal func(t testing.TB, d uint64) games.Game
	// PlayOut plays g to its end, players[i] playing seat i.
	PlayOut func(g games.Game, players []games.Computer) error
}

// RandomSide plays random legal moves in its turn (the seat the game waits
// on first) and none outside it, from a source seeded by the deal and the
// seat.
var RandomSide = Side{Name: "random", Player: func(seat games.Seat, deal uint64) games.Computer {
	r := Random(deal*10 + uint64(seat))
	return func(g games.Game, s games.Seat) games.Move {
		if g.ToAct()[0] != s {
			return nil
		}
		return r(g, s)
	}
}}

// Match plays deals 1 to n at table, two seats of a against two of b
// (seated by Arrangements), and returns the share of the wins a's seats
// took (a win shared among several winners counts in shares) and their
// share of all points (Scores).
func Match(t testing.TB, table Table, n int, a, b Side) (wins, points float64) {
	t.Helper()
	var pa, all float64
	for d := uint64(1); d <= uint64(n); d++ {
		g := table.Deal(t, d)
		isA := Arrangements[d%6]
		ps := make([]games.Computer, len(isA))
		for s := range ps {
			side := b
			if isA[s] {
				side = a
			}
			ps[s] = side.Player(games.Seat(s), d)
		}
		require.NoError(t, table.PlayOut(g, ps), "deal %d", d)
		w := g.Winners()
		for _, s := range w {
			if isA[s] {
				wins += 1 / float64(len(w))
			}
		}
		for s, score := range g.Scores() {
			all += float64(score)
			if isA[s] {
				pa += float64(score)
			}
		}
	}
	return wins / float64(n), pa / all
}

// MatchLine is a match's figures as tests print them: "levels: game=NAME
// a=hard b=normal games=N wins_a=… points_a=…".
func MatchLine(game string, a, b Side, n int, wins, points float64) string {
	return fmt.Sprintf("levels: game=%s a=%s b=%s games=%d wins_a=%.3f points_a=%.3f", game, a.Name, b.Name, n, wins, points)
}

// SimGames is DEALER_SIM_GAMES, the games a simulation plays when asked
// for more than its default, or def.
func SimGames(def int) int {
	if v, err := strconv.Atoi(os.Getenv("DEALER_SIM_GAMES")); err == nil && v > 0 {
		return v
	}
	return def
}

// levelSides makes the sides of the levels: level l's player at a seat is
// seeded(l, seat), save Hard's, which is hard seeded by the seat when hard
// is not nil (a smaller search, for a quick run).
func levelSides(seeded func(l games.Level, seed uint64) games.Computer, hard games.Seeded) func(games.Level) Side {
	return func(l games.Level) Side {
		return Side{Name: l.String(), Player: func(seat games.Seat, _ uint64) games.Computer {
			if l == games.Hard && hard != nil {
				return hard.With(uint64(seat))
			}
			return seeded(l, uint64(seat))
		}}
	}
}

// AssertLevelsRank plays at table each level of seeded (a game's
// ComputerSeeded) against the one below it (hard against normal, normal
// against easy, easy against RandomSide), and prints each pairing's
// MatchLine. With DEALER_SIM_GAMES=N it plays N games a pairing, and over
// 500 or more checks that the higher level wins most; by default it plays
// two games a pairing, with quickHard (a smaller search) as Hard, and only
// checks that every level plays whole games.
func AssertLevelsRank(t *testing.T, table Table, seeded func(l games.Level, seed uint64) games.Computer, quickHard games.Seeded) {
	t.Helper()
	n, level := SimGames(0), levelSides(seeded, nil)
	if n == 0 {
		n, level = 2, levelSides(seeded, quickHard)
	}
	for _, p := range [][2]Side{
		{level(games.Hard), level(games.Normal)},
		{level(games.Normal), level(games.Easy)},
		{level(games.Easy), RandomSide},
	} {
		wins, points := Match(t, table, n, p[0], p[1])
		line := MatchLine(table.Game, p[0], p[1], n, wins, points)
		fmt.Println(line)
		if n >= 500 {
			assert.Greater(t, wins, 0.5, line)
		}
	}
}
