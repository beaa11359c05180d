package doublefreecell

import (
	"fmt"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// pick draws a move from Legal(0), half the time among the moves onto a
// column or up to the foundation (when there are any) so games get somewhere,
// and resigning only rarely.
func pick(g *Game, r *cards.Rand) Move {
	legal := g.Legal(0)
	if r.Below(2) == 0 {
		var builds []games.Move
		for _, m := range legal {
			if mv := m.(Move); mv.Op == OpMove && (mv.To == Home || mv.To.IsColumn() && g.cols[mv.To].n > 0) {
				builds = append(builds, m)
			}
		}
		if len(builds) > 0 {
			return builds[r.Below(len(builds))].(Move)
		}
	}
	for {
		m := legal[r.Below(len(legal))].(Move)
		if m.Op != OpResign || r.Below(50) == 0 {
			return m
		}
	}
}

// randomMove makes up a move, legal or (mostly) not.
func randomMove(r *cards.Rand) Move {
	if r.Below(8) == 0 {
		return Move{Op: Op(r.Below(int(numOps) + 1))}
	}
	return Move{From: Loc(r.Below(int(numLocs) + 1)), To: Loc(r.Below(int(numLocs) + 1)), N: uint8(r.Below(15)), Exact: r.Below(2) == 0}
}

// crossCheck tries every board move there could be (each pair of places,
// each count, N written or not) and checks that exactly those BoardMoves
// lists are accepted; and that each listed move's text makes the same move.
func crossCheck(t *testing.T, g *Game) {
	t.Helper()
	type key struct {
		from, to Loc
		n        uint8
	}
	listed := map[key]bool{}
	pairs := map[key]bool{}
	for _, m := range g.BoardMoves(nil) {
		k := key{m.From, m.To, m.N}
		require.False(t, listed[k], "listed twice: %v", m)
		listed[k] = true
		pairs[key{m.From, m.To, 0}] = true

		a, b := g.Clone(), g.Clone()
		require.NoError(t, a.Do(m), m.String())
		require.NoError(t, games.Play(b, 0, m.String()), m.String())
		require.Equal(t, view(a), view(b), "%v and its text differ", m)
	}
	c := g.Clone()
	for from := Loc(0); from < numLocs; from++ {
		for to := Loc(0); to < numLocs; to++ {
			for n := 0; n <= maxRun; n++ {
				m := Move{From: from, To: to, N: uint8(n), Exact: n > 0}
				want := listed[key{from, to, uint8(n)}]
				if n == 0 {
					want = pairs[key{from, to, 0}]
				}
				before := snap(c)
				err := c.Do(m)
				if want != (err == nil) {
					t.Fatalf("%v: want legal %v, got %v", m, want, err)
				}
				if err != nil {
					if snap(c) != before {
						t.Fatalf("refused %v changed the game", m)
					}
					continue
				}
				if c.Status().Finished() {
					c = g.Clone()
					continue
				}
				require.NoError(t, c.Undo())
				if snap(c) != before {
					t.Fatalf("undo of %v did not restore the position", m)
				}
			}
		}
	}
}

// TestRandomPlay: from random deals, random legal moves (undo and the
// commands included) keep the 104 cards, never panic, agree with the
// status, and can be undone exactly; made-up moves are refused without a
// trace or made legally.
func TestRandomPlay(t *testing.T) {
	deals, steps := 40, 400
	if testing.Short() {
		deals, steps = 4, 200
	}
	finished := map[games.Status]int{}
	for d := 1; d <= deals; d++ {
		g := New(uint64(d))
		r := cards.NewRand(uint64(1000 + d))
		for s := 0; s < steps && !g.Status().Finished(); s++ {
			checkCards(t, g)
			require.Equal(t, len(g.BoardMoves(nil)) > 0, g.hasBoardMove())
			if s%40 == 0 {
				crossCheck(t, g)
			}
			for k := 0; k < 5; k++ {
				m := randomMove(r)
				c := g.Clone()
				before, moves := snap(c), c.Moves()
				if err := c.Do(m); err != nil {
					if snap(c) != before || c.Moves() != moves || c.undos != g.undos {
						t.Fatalf("refused %v changed the game", m)
					}
				} else {
					checkCards(t, c)
				}
			}
			m := pick(g, r)
			before := snap(g)
			moves := g.Moves()
			require.NoError(t, g.Do(m), "deal %d step %d: %v", d, s, m)
			require.Equal(t, moves+1, g.Moves())
			if m.Op != OpUndo && m.Op != OpResign && !g.Status().Finished() {
				c := g.Clone()
				require.NoError(t, c.Undo())
				if snap(c) != before {
					t.Fatalf("undo of %v did not restore the position", m)
				}
			}
		}
		checkCards(t, g)
		finished[g.Status()]++
	}
	t.Logf("after %d deals: %v", deals, finished)
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3 h", "10 a", "a 5", "2 7 3", "2 7", "1 10 1", "undo", "auto", "resign",
		"autoplay on", "autoplay off", "h 3", "a b", "1 2 14", "  F   10 ", "1 2 01", ""} {
		f.Add(s)
	}
	base := midGame(f)
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := gamestest.ReadsBack(t, Parse, s)
		if !ok {
			return
		}
		g := base.Clone()
		before := view(g)
		if err := g.Apply(0, m); err != nil {
			require.Equal(t, before, view(g))
		} else {
			checkCards(t, g)
		}
	})
}

// midGame is deal 1 after 40 moves drawn as in TestRandomPlay, no commands.
func midGame(tb testing.TB) *Game {
	g := New(1)
	r := cards.NewRand(99)
	for i := 0; i < 40; {
		m := pick(g, r)
		if m.Op != OpMove {
			continue
		}
		if err := g.Do(m); err != nil {
			tb.Fatal(err)
		}
		i++
	}
	if g.Status() != games.Playing {
		tb.Fatal("the benchmark position is over")
	}
	return g
}

func TestMidGame(t *testing.T) {
	g := midGame(t)
	checkCards(t, g)
	var ms []Move
	ms = g.BoardMoves(ms)
	t.Logf("mid-game: score %d, %d board moves, cells %s", g.Score(), len(ms), cellCodes(g))
	for i := 1; i <= NumColumns; i++ {
		t.Log(fmt.Sprintf("%2d: ", i) + col(g, i))
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	g := midGame(b)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = g.BoardMoves(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

// BenchmarkLegal is the interface path (games.Move values, commands).
func BenchmarkLegal(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		g.Legal(0)
	}
}

// BenchmarkApply makes each board move of the position in turn and takes it
// back: one op is a Do and an Undo (with autoplay, status and history).
func BenchmarkApply(b *testing.B) {
	g := midGame(b)
	var ms []Move
	for _, m := range g.BoardMoves(nil) {
		c := g.Clone()
		if c.Do(m) == nil && !c.Status().Finished() {
			ms = append(ms, m)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := g.Do(ms[i]); err != nil {
			b.Fatal(err)
		}
		if err := g.Undo(); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(ms) {
			i = 0
		}
	}
}

func BenchmarkClone(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		g.Clone()
	}
}
