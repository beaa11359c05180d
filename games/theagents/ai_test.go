package theagents

import (
	"slices"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestComputerPlaysWholeGames(t *testing.T) {
	for players := 2; players <= 5; players++ {
		for d := uint64(1); d <= 4; d++ {
			g, err := New(d, players)
			require.NoError(t, err)
			ps := make([]games.Computer, players)
			for i := range ps {
				ps[i] = gamestest.Checked(t, Choose)
			}
			require.NoError(t, PlayOut(g, ps...), "deal %d, %d players", d, players)
			require.Equal(t, games.Over, g.Status())
			s := g.Summary()
			t.Logf("%d players, deal %d: %d moves, %d turns, ip %v, winners %v", players, d, s.Moves, s.Turns, s.IP, s.Winners)
			assert.GreaterOrEqual(t, slices.Max(s.IP), Goal)
		}
	}
}

// TestComputerBeatsRandom seats computer players against random players
// (alternating seats) and compares their average IP and wins.
func TestComputerBeatsRandom(t *testing.T) {
	var ai, rnd float64
	var nAI, nRnd, wins, total int
	for players := 2; players <= 4; players++ {
		for d := uint64(1); d <= 20; d++ {
			g, err := New(d, players)
			require.NoError(t, err)
			ps := make([]games.Computer, players)
			for s := range ps {
				if (s+int(d))%2 == 1 {
					ps[s] = gamestest.Random(d*10 + uint64(s))
				}
			}
			require.NoError(t, PlayOut(g, ps...))
			for s, ip := range g.Scores() {
				if ps[s] == nil {
					ai += float64(ip)
					nAI++
				} else {
					rnd += float64(ip)
					nRnd++
				}
			}
			total++
			if ps[g.Winners()[0]] == nil {
				wins++
			}
		}
	}
	t.Logf("average IP: computer %.1f, random %.1f; computer won %d of %d", ai/float64(nAI), rnd/float64(nRnd), wins, total)
	assert.Greater(t, ai/float64(nAI), 1.5*rnd/float64(nRnd))
	assert.Greater(t, wins, total*3/4)
}

func TestComputerTactics(t *testing.T) {
	t.Run("completes a token facing itself", func(t *testing.T) {
		g := rig(t, 2)
		give(t, g, 0, "interrogator")
		m := Choose(g, 0).(Move)
		assert.Equal(t, MovePlay, m.Kind)
		assert.Equal(t, 1, m.F, "faction A, whose Safe-House shows seat 0 white")
		assert.Equal(t, games.Seat(1), m.Cmd, "halves toward itself")
	})
	t.Run("spoils a token facing another player", func(t *testing.T) {
		g := rig(t, 2)
		lay(t, g, 1, "SH interrogator>0 cutthroat>0")
		assert.Equal(t, "use B3", Choose(g, 0).String())
	})
	t.Run("picks the target best for itself", func(t *testing.T) {
		g := rig(t, 2)
		lay(t, g, 0, "SH interrogator>1 sniper>0 mole>0")
		play(t, g, 0, "use A3")
		assert.Equal(t, "kill A4", Choose(g, 0).String(), "not its own token")
	})
	t.Run("assigns a mission where it holds", func(t *testing.T) {
		g := rig(t, 2)
		lay(t, g, 0, "SH mole>0")
		giveMission(t, g, 0, "lone-wolf")
		g.actions = 0
		assert.Equal(t, "assign lone-wolf A", Choose(g, 0).String())
		play(t, g, 0, "assign lone-wolf A")
		assert.Equal(t, "end", Choose(g, 0).String())
	})
	t.Run("a Mercenary off turn, only when it pays", func(t *testing.T) {
		g := rig(t, 2)
		give(t, g, 1, "mercenary")
		g.actions = 0
		assert.Equal(t, []games.Seat{0, 1}, g.ToAct())
		lay(t, g, 0, "sniper>0x SH assassin>0x")
		lay(t, g, 1, "mole>0x SH mole>1x")
		assert.Nil(t, Choose(g, 1), "nothing to gain: it keeps the card")
		lay(t, g, 0, "interrogator>1 SH cutthroat>0x")
		m, ok := Choose(g, 1).(Move)
		require.True(t, ok)
		assert.Equal(t, "mercenary", m.Card)
		assert.Equal(t, 1, m.F, "kills the interrogator before seat 0 scores its token")
		assert.Equal(t, 0, m.P)
	})
	t.Run("no move when not to act", func(t *testing.T) {
		g := rig(t, 2)
		assert.Nil(t, Choose(g, 1))
	})
}

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
	gamestest.AssertLevelsRank(t, table, ComputerSeeded, hardWithin(hardBudget/20))
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
	assert.Nil(t, ComputerSeeded(games.Hard, 0)(g, 1-g.turn), "not its turn")
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
