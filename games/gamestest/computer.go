package gamestest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// viewOnly exposes a game's View and Legal and nothing else: a computer
// player that touches anything more panics (the embedded Game is nil).
type viewOnly struct {
	games.Game
	g games.Game
}

// View is the game's view for s.
func (w viewOnly) View(s games.Seat) any { return w.g.View(s) }

// Legal is the game's legal moves for s.
func (w viewOnly) Legal(s games.Seat) []games.Move { return w.g.Legal(s) }

// ViewOnly is g as a computer player may see it: its View and Legal. Any
// other method panics, so a player that looks further fails its test.
func ViewOnly(g games.Game) games.Game { return viewOnly{g: g} }

// Checked is the computer player c watched: it sees only ViewOnly(g), and
// t fails when its move is not legal, when asking again gives another
// move, or when the seat the game waits on (the first of ToAct) gets no
// move. Other seats may pass (nil), as a multiplayer game's out-of-turn
// plays allow.
func Checked(t testing.TB, c games.Computer) games.Computer {
	return func(g games.Game, s games.Seat) games.Move {
		m := c(ViewOnly(g), s)
		if m == nil {
			require.NotEqual(t, s, g.ToAct()[0], "seat %d, waited on, found no move", s)
			return nil
		}
		require.True(t, games.IsLegal(g, s, m.String()), "seat %d chose illegal %s", s, m)
		require.Equal(t, m, c(ViewOnly(g), s), "seat %d: not deterministic", s)
		return m
	}
}

// Random is a player choosing any legal move at random, commands
// included, from a source seeded with seed; nil when it has none.
func Random(seed uint64) games.Computer {
	r := rand.New(rand.NewPCG(seed, 99))
	return func(g games.Game, s games.Seat) games.Move {
		l := g.Legal(s)
		if len(l) == 0 {
			return nil
		}
		return l[r.IntN(len(l))]
	}
}

// Play plays up to moves moves of g, choose playing the seat the game
// waits on (the first of ToAct) each time, and stops early when the game
// ends or choose finds no move: a fixture's game under way.
func Play(tb testing.TB, g games.Game, moves int, choose games.Computer) {
	tb.Helper()
	for i := 0; i < moves && !g.Status().Finished(); i++ {
		seat := g.ToAct()[0]
		m := choose(g, seat)
		if m == nil {
			return
		}
		if err := g.Apply(seat, m); err != nil {
			tb.Fatalf("move %d, seat %d: %s: %v", i+1, seat, m, err)
		}
	}
}
