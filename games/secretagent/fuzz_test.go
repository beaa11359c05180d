package secretagent

import (
	"math/rand/v2"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// checkCards checks that the deal's 52 cards are all there, once each: in
// hands, in completed tricks and in the trick in progress.
func checkCards(t testing.TB, g *Game) {
	t.Helper()
	seen := map[cards.Card]int{}
	for _, h := range g.hands {
		for _, c := range h {
			seen[c]++
		}
	}
	for _, tr := range g.tricks {
		for _, p := range tr.Plays {
			seen[p.Card]++
		}
	}
	for _, p := range g.trick.Plays {
		seen[p.Card]++
	}
	if g.phase == PhaseOver {
		require.Len(t, seen, 52)
	} else {
		require.Len(t, seen, 52, "deal %d", g.dealNo)
	}
	for c, n := range seen {
		require.Equal(t, 1, n, "%s", c)
		require.False(t, c.IsNone() || c.IsJoker())
	}
	sizes := 0
	for _, h := range g.hands {
		sizes += len(h)
	}
	require.Equal(t, 52-4*len(g.tricks)-len(g.trick.Plays), sizes)
}

// randomGame plays deal with random legal moves, throwing in random bad
// moves that must change nothing, and checks the invariants at every step.
func randomGame(t testing.TB, deal, seed uint64, maxMoves int) {
	g := New(deal)
	r := rand.New(rand.NewPCG(seed, 1))
	junk := []string{"forbid c", "forbid h", "trump", "notrump", "play AS", "play 2C", "play 7D", "nt", "forbid ♠"}
	for n := 0; n < maxMoves && !g.Status().Finished(); n++ {
		checkCards(t, g)
		turn := g.ToAct()
		require.Len(t, turn, 1)
		if r.IntN(4) == 0 {
			s := games.Seat(r.IntN(6) - 1)
			m, err := Parse(junk[r.IntN(len(junk))])
			require.NoError(t, err)
			text := m.String() // IsLegal compares canonical notation
			if !games.IsLegal(g, s, text) {
				before := gamestest.StateJSON(t, g)
				require.Error(t, games.Play(g, s, text))
				require.Equal(t, before, gamestest.StateJSON(t, g))
			}
		}
		for s := games.Seat(0); s < 4; s++ {
			if s != turn[0] {
				require.Empty(t, g.Legal(s))
			}
		}
		legal := g.Legal(turn[0])
		require.NotEmpty(t, legal)
		moves := g.Moves()
		require.NoError(t, g.Apply(turn[0], legal[r.IntN(len(legal))]))
		require.Equal(t, moves+1, g.Moves())
	}
	checkCards(t, g)
}

func TestRandomGames(t *testing.T) {
	for d := uint64(0); d < 20; d++ {
		randomGame(t, d, d*31+7, 1<<20)
	}
}

func FuzzRandomPlay(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(547), uint64(0))
	f.Fuzz(func(t *testing.T, deal, seed uint64) {
		randomGame(t, deal, seed, 600)
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"forbid h", "trump", "notrump", "play QH", "10♠", "forbid ♦", "play", "x", "no trump"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := gamestest.ReadsBack(t, Parse, s)
		if !ok {
			return
		}
		g := New(1)
		_ = g.Apply(g.ToAct()[0], m) // must not panic
	})
}
