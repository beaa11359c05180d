package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// table is Secret Agent's four-seat table for level matches.
var table = gamestest.Table{
	Game:    "secretagent",
	Deal:    func(_ testing.TB, d uint64) games.Game { return New(d) },
	PlayOut: func(g games.Game, ps []games.Computer) error { return PlayOut(g.(*Game), ps...) },
}

// TestLevels plays the levels against each other, two seats each, seats
// rotated: hard against normal, normal against easy, easy against random
// play. DEALER_SIM_GAMES=1000 plays that many games a pairing and checks
// that each level wins most; the default few games only check that every
// level plays whole games (Hard with a small search).
func TestLevels(t *testing.T) {
	n := gamestest.SimGames(0)
	var hard func(seed uint64) games.Computer
	if n == 0 {
		n, hard = 2, func(seed uint64) games.Computer {
			return func(g games.Game, s games.Seat) games.Move { return hardMove(g, s, seed, hardBudget/50) }
		}
	}
	gamestest.AssertLevelsRank(t, table, n, gamestest.LevelSides(ComputerSeeded, hard))
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
			m := c(gamestest.ViewOnly(g), s)
			require.NotNil(t, m)
			require.True(t, games.IsLegal(g, s, m.String()), "%s: %s", l, m)
			require.Equal(t, m, c(gamestest.ViewOnly(g), s), "%s is not deterministic", l)
			require.NoError(t, g.Apply(s, m))
		}
		back, err := games.ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, back)
	}
	assert.Nil(t, ComputerAt(games.Hard)(New(1), 0), "not its turn")
}
