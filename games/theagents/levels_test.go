package theagents

import (
	"slices"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// table is The Agents' four-seat table for level matches.
var table = gamestest.Table{
	Game: "theagents",
	Deal: func(t testing.TB, d uint64) games.Game {
		g, err := New(d, 4)
		require.NoError(t, err)
		return g
	},
	PlayOut: func(g games.Game, ps []games.Computer) error { return PlayOut(g.(*Game), ps...) },
}

// TestLevels plays the levels against each other at a 4-player table, two
// seats each, seats rotated: hard against normal, normal against easy, easy
// against random play. DEALER_SIM_GAMES=1000 plays that many games a
// pairing and checks that each level wins most; the default few games only
// check that every level plays whole games (Hard with a small search).
func TestLevels(t *testing.T) {
	n := gamestest.SimGames(0)
	var hard func(seed uint64) games.Computer
	if n == 0 {
		n, hard = 2, func(seed uint64) games.Computer {
			return func(g games.Game, s games.Seat) games.Move { return hardMove(g, s, seed, hardBudget/20) }
		}
	}
	gamestest.AssertLevelsRank(t, table, n, gamestest.LevelSides(ComputerSeeded, hard))
}

func TestLevelsAreDeterministicAndSeeOnlyTheirView(t *testing.T) {
	for _, l := range games.Levels {
		c := ComputerSeeded(l, 7)
		g, err := New(3, 3)
		require.NoError(t, err)
		moves := 14
		if l == games.Hard {
			moves = 6 // each a full search, twice
		}
		for n := 0; n < moves && !g.Status().Finished(); n++ {
			s := g.ToAct()[0]
			m := c(gamestest.ViewOnly(g), s)
			if m == nil {
				m = Choose(g, s)
			}
			require.True(t, games.IsLegal(g, s, m.String()), "%s: %s", l, m)
			require.Equal(t, m, c(gamestest.ViewOnly(g), s), "%s is not deterministic", l)
			require.NoError(t, g.Apply(s, m))
			checkCards(t, g)
		}
	}
	g, err := New(1, 2)
	require.NoError(t, err)
	assert.Nil(t, ComputerAt(games.Hard)(g, 1-g.turn), "not its turn")
}

// TestSampledWorldsAgreeWithTheView: a world Hard deals from a seat's view
// shows that seat exactly that view, every card in one place.
func TestSampledWorldsAgreeWithTheView(t *testing.T) {
	for players := 2; players <= 5; players++ {
		g, err := New(uint64(40+players), players)
		require.NoError(t, err)
		for n := 0; n < 120 && !g.Status().Finished(); n++ {
			s := g.ToAct()[0]
			if v := g.view(s); v.Pending == nil && v.Turn == s {
				w := sampleWorld(v, moveRand(v, s, uint64(n)))
				w.rng = g.rng
				w.last = g.last
				checkCards(t, w)
				wv := w.view(s)
				// Who else may play a Mercenary now depends on the hands dealt.
				assert.Equal(t, v.ToAct[0], wv.ToAct[0])
				wv.ToAct = v.ToAct
				assert.Equal(t, v, wv, "%d players, move %d", players, n)
				assert.True(t, slices.Equal(g.Legal(s), w.Legal(s)))
			}
			require.NoError(t, g.Apply(s, Choose(g, s)))
		}
	}
}

// TestChooseOnIsChoose: Hard's simulations model Normal exactly: chooseOn,
// made on the game without a view, picks what Choose picks from the view.
func TestChooseOnIsChoose(t *testing.T) {
	for players := 2; players <= 5; players++ {
		g, err := New(uint64(60+players), players)
		require.NoError(t, err)
		for n := 0; n < 400 && !g.Status().Finished(); n++ {
			for _, s := range g.ToAct() {
				want, k := choose(g, s)
				got, k2 := g.chooseOn(s)
				require.Equal(t, want, got, "%d players, move %d, seat %d", players, n, s)
				require.Equal(t, k, k2)
			}
			s := g.ToAct()[0]
			require.NoError(t, g.Apply(s, Choose(g, s)))
		}
	}
}
