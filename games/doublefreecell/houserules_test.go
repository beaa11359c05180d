package doublefreecell

import (
	"fmt"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allRules are every house-rule combination a table may choose.
func allRules() []Rules {
	var out []Rules
	for n := MinCells; n <= MaxCells; n++ {
		for _, a := range []bool{true, false} {
			out = append(out, Rules{Cells: n, Autoplay: a})
		}
	}
	return out
}

func TestInfoOptions(t *testing.T) {
	require.Len(t, Info.Options, 2)
	cells, ok := Info.Option("cells")
	require.True(t, ok)
	assert.Equal(t, games.Option{Name: "cells", Text: "free cells", Default: 6, Values: []int{4, 5, 6, 7, 8}}, cells)
	auto, ok := Info.Option("autoplay")
	require.True(t, ok)
	assert.Equal(t, games.Option{Name: "autoplay", Text: "autoplay", Default: 1, Values: []int{0, 1}, Switch: true}, auto)
	assert.Contains(t, Info.Summary, "cells=4–8")

	tests := []struct {
		text string
		want Rules
	}{
		{"", Standard},
		{"cells=6 autoplay=on", Standard},
		{"cells=4", Rules{Cells: 4, Autoplay: true}},
		{"cells=8, autoplay=off", Rules{Cells: 8, Autoplay: false}},
		{"autoplay=off", Rules{Cells: 6, Autoplay: false}},
	}
	for _, tt := range tests {
		o, err := Info.ParseOptions(tt.text)
		require.NoError(t, err, tt.text)
		r, err := RulesOf(o)
		require.NoError(t, err, tt.text)
		assert.Equal(t, tt.want, r, tt.text)
		assert.Equal(t, o, r.Options(), "%q: Options gives back what was parsed", tt.text)
		assert.Equal(t, tt.want, NewRules(1, tt.want).Rules())
	}
	for _, bad := range []games.Options{{"cells": 3}, {"cells": 9}, {"autoplay": 2}, {"decks": 1}} {
		_, err := RulesOf(bad)
		assert.Error(t, err, "%v", bad)
		_, err = NewWith(1, 1, bad)
		assert.Error(t, err, "%v", bad)
	}
	_, err := NewWith(1, 2, nil)
	assert.Error(t, err, "played alone")
	assert.Panics(t, func() { NewRules(1, Rules{Cells: 9}) })
}

// TestEveryRuleDealsAndPlays: every rule deals the same cards as New, with
// the table's cells, and plays: random moves keep the cards, name only the
// table's cells, and undo.
func TestEveryRuleDealsAndPlays(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, rules := range allRules() {
		t.Run(fmt.Sprintf("cells=%d autoplay=%v", rules.Cells, rules.Autoplay), func(t *testing.T) {
			const deal = 4
			gg, err := reg.NewWith(Info.Name, deal, 1, rules.Options())
			require.NoError(t, err)
			g := gg.(*Game)
			assert.Equal(t, rules, g.Rules())
			assert.Equal(t, rules.Cells, g.Cells())
			assert.Equal(t, rules.Autoplay, g.Autoplay())
			v, std := view(g), view(New(deal))
			assert.Equal(t, std.Columns, v.Columns, "the same deal whatever the rules")
			assert.Equal(t, make([]cards.Card, rules.Cells), v.Cells)
			assert.Equal(t, rules.Cells+1, g.Limit(false), "(empty cells + 1) × 2^0")

			r := cards.NewRand(uint64(rules.Cells))
			for s := 0; s < 300 && !g.Status().Finished(); s++ {
				checkCards(t, g)
				require.Equal(t, len(g.BoardMoves(nil)) > 0, g.hasBoardMove())
				for _, m := range g.BoardMoves(nil) {
					for _, l := range []Loc{m.From, m.To} {
						require.False(t, l.IsCell() && l.cell() >= rules.Cells, "%v names a cell the table lacks", m)
					}
				}
				if s%60 == 0 {
					crossCheck(t, g)
				}
				m := pick(g, r)
				before := snap(g)
				require.NoError(t, g.Do(m), "step %d: %v", s, m)
				require.Len(t, view(g).Cells, rules.Cells)
				if m.Op != OpUndo && m.Op != OpResign && !g.Status().Finished() {
					c := g.Clone()
					require.NoError(t, c.Undo())
					require.Equal(t, before, snap(c), "undo of %v", m)
				}
			}
			checkCards(t, g)
		})
	}
}

func TestFourCells(t *testing.T) {
	g := NewRules(1, Rules{Cells: 4, Autoplay: true})
	assert.Len(t, view(g).Cells, 4)
	legal := legalStrings(g)
	for _, c := range "abcd" {
		assert.Contains(t, legal, "1 "+string(c))
	}
	for _, m := range legal {
		for _, c := range []string{" e", " f", " g", " i"} {
			assert.NotContains(t, m+" ", c+" ", "a fifth cell in %q", m)
		}
	}
	refuse(t, g, "1 e", "1 f", "1 g", "1 i", "e 1")
	_, err := g.Parse("1 e")
	assert.ErrorContains(t, err, "4 free cells, a–d")
	assert.Error(t, g.Do(Board(Column(0), Cell(4), 1)), "the typed path refuses a missing cell too")

	// The supermove limit counts the four: 5 cards with all empty, 3 with two.
	play(t, g, "1 a", "2 b")
	assert.Equal(t, 3, g.Limit(false))
	play(t, g, "3 c", "4 d")
	assert.Equal(t, 1, g.Limit(false))
	for _, m := range g.BoardMoves(nil) {
		assert.False(t, m.To.IsCell(), "%v: no cell is left to fill", m)
	}
}

func TestCellLetters(t *testing.T) {
	tests := []struct {
		cells int
		names string
		last  string
	}{
		{4, "a–d", "d"}, {5, "a–e", "e"}, {6, "a–f", "f"}, {7, "a–g", "g"}, {8, "a–g, i", "i"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.names, CellNames(tt.cells))
		assert.Equal(t, tt.last, Cell(tt.cells-1).String())
		m, err := ParseCells("1 "+tt.last, tt.cells)
		require.NoError(t, err)
		assert.Equal(t, Move{From: Column(0), To: Cell(tt.cells - 1), N: 1}, m)
	}
	// h is the foundation whatever the cells; the standard Parse knows a–f.
	m, err := ParseCells("3 h", 8)
	require.NoError(t, err)
	assert.Equal(t, Home, m.To)
	_, err = Parse("1 g")
	assert.Error(t, err)
	_, err = ParseCells("1 i", 7)
	assert.ErrorContains(t, err, "no cell i")
}

// TestEightCellsNotationRoundTrips: at a table of eight cells the notation
// of every legal move reads back as the same move, over random play.
func TestEightCellsNotationRoundTrips(t *testing.T) {
	for _, deal := range []uint64{1, 2, 3} {
		g := NewRules(deal, Rules{Cells: 8, Autoplay: true})
		r := cards.NewRand(deal)
		seen := map[Loc]bool{}
		for s := 0; s < 250 && !g.Status().Finished(); s++ {
			for _, m := range g.Legal(0) {
				readsBack(t, g, m.(Move))
				if mv := m.(Move); mv.To.IsCell() {
					seen[mv.To] = true
				}
			}
			require.NoError(t, g.Do(pick(g, r)))
		}
		assert.True(t, seen[Cell(6)] && seen[Cell(7)], "deal %d: cells g and i were targets", deal)
	}
	g := NewRules(1, Rules{Cells: 8, Autoplay: true})
	play(t, g, "1 i", "2 g")
	assert.Equal(t, "-- -- -- -- -- -- KC KS", cellCodes(g))
	play(t, g, "undo")
	assert.Equal(t, "-- -- -- -- -- -- -- KS", cellCodes(g))
}

// readsBack checks that legal move m's text parses, at g, to m: the same
// text, and for a board move the same move once its count is resolved (a
// count left unwritten is worked out from the position).
func readsBack(t *testing.T, g *Game, m Move) {
	t.Helper()
	gm, err := g.Parse(m.String())
	require.NoError(t, err, m.String())
	back := gm.(Move)
	require.Equal(t, m.String(), back.String())
	if m.IsBoard() {
		back, _, err = g.resolve(back)
		require.NoError(t, err, m.String())
	}
	require.Equal(t, m, back, m.String())
}

// TestAutoplayOffAtTheDeal: with autoplay off at the deal, nothing goes up
// by itself until the "autoplay on" move, and undoing that move turns it
// off again.
func TestAutoplayOffAtTheDeal(t *testing.T) {
	for _, cells := range []int{4, 6, 8} {
		g := NewRules(1, Rules{Cells: cells, Autoplay: false})
		assert.False(t, view(g).Autoplay)
		assert.Contains(t, legalStrings(g), "autoplay on")
		play(t, g, "1 a") // A♠ would go up with autoplay on (TestDealOnePinned)
		assert.Zero(t, g.Score())
		r := cards.NewRand(uint64(cells))
		for s := 0; s < 60 && !g.Status().Finished(); s++ {
			var ms []Move
			for _, m := range g.BoardMoves(nil) {
				if m.To != Home {
					ms = append(ms, m)
				}
			}
			if len(ms) == 0 {
				break
			}
			require.NoError(t, g.Do(ms[r.Below(len(ms))]))
			require.Zero(t, g.Score(), "cells=%d step %d: a card went up by itself", cells, s)
		}
		before := board(g)
		play(t, g, "autoplay on")
		assert.Positive(t, g.Score(), "cells=%d: the Aces went up with the command", cells)
		assert.True(t, g.Autoplay())
		play(t, g, "undo")
		assert.Equal(t, before, board(g))
		assert.False(t, g.Autoplay())
		assert.Equal(t, Rules{Cells: cells, Autoplay: false}, g.Rules())
	}
}

// TestReplayWithOptions: a record with options replays to exactly the same
// game.
func TestReplayWithOptions(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, o := range []games.Options{{"cells": 8}, {"cells": 4, "autoplay": 0}, {"autoplay": 0}, nil} {
		g := NewRules(77, mustRules(t, o))
		rec := games.Record{Game: Info.Name, Deal: 77, Seats: 1, Options: Info.FormatOptions(o)}
		playRandomly(t, g, &rec)
		back := gamestest.AssertReplays(t, reg, rec, g)
		assert.Equal(t, games.FullState(g), games.FullState(back), "%v", o)
		assert.Equal(t, g.View(0), back.View(0), "%v", o)
		assert.Equal(t, g.Rules(), back.(*Game).Rules(), "%v", o)
	}
	// The moves of an eight-cell table do not replay at the standard one.
	g := NewRules(1, Rules{Cells: 8, Autoplay: true})
	play(t, g, "1 i")
	_, err := reg.Replay(games.Record{Game: Info.Name, Deal: 1, Seats: 1, Moves: []games.Entry{{Move: "1 i"}}})
	assert.Error(t, err)
}

func mustRules(t *testing.T, o games.Options) Rules {
	t.Helper()
	r, err := RulesOf(o)
	require.NoError(t, err)
	return r
}

// TestSolveWithOtherCells: Solve wins with eight cells and with four (easy
// deals), and its solutions replay to a win through the registry.
func TestSolveWithOtherCells(t *testing.T) {
	reg := games.NewRegistry(Info)
	tests := []struct {
		cells int
		deal  uint64
	}{
		{8, 1}, {8, 5}, {7, 2}, {5, 3}, {4, 3},
	}
	for _, tt := range tests {
		rules := Rules{Cells: tt.cells, Autoplay: true}
		r := Solve(NewRules(tt.deal, rules), Budget{States: 100_000})
		require.Equal(t, Solved, r.Status, "cells %d deal %d: %d positions", tt.cells, tt.deal, r.States)
		rec := games.Record{Game: Info.Name, Deal: tt.deal, Seats: 1, Options: Info.FormatOptions(rules.Options())}
		for _, m := range r.Moves {
			rec.Moves = append(rec.Moves, games.Entry{Move: m.String()})
		}
		g, err := reg.Replay(rec)
		require.NoError(t, err, "cells %d deal %d", tt.cells, tt.deal)
		assert.Equal(t, games.Won, g.Status(), "cells %d deal %d", tt.cells, tt.deal)
		t.Logf("cells %d deal %d: won in %d moves, %d positions", tt.cells, tt.deal, len(r.Moves), r.States)
	}
	// A hint at eight cells is a legal move there.
	g := NewRules(2, Rules{Cells: 8, Autoplay: false})
	sol := Info.Solve(g, 0)
	require.Equal(t, games.Solvable, sol.Verdict)
	assert.Contains(t, legalStrings(g), sol.Moves[0])
}

func TestExportFCSolveCells(t *testing.T) {
	g := NewRules(1, Rules{Cells: 8, Autoplay: true})
	play(t, g, "2 i")
	out, err := g.Export("fcsolve")
	require.NoError(t, err)
	assert.Contains(t, out, "\nFreecells: - - - - - - - KC\n")
	g = NewRules(1, Rules{Cells: 4, Autoplay: true})
	assert.Contains(t, ExportFCSolve(g), "\nFreecells: - - - -\n")
}

// FuzzPlayRules is FuzzPlay at a table of any number of cells, autoplay on
// or off at the deal.
func FuzzPlayRules(f *testing.F) {
	f.Add(uint64(1), uint8(8), []byte{0, 1, 2, 3, 200, 250, 7, 7, 7})
	f.Add(uint64(617), uint8(4), []byte{5, 9, 192, 193, 0, 0, 0, 11, 255})
	f.Fuzz(func(t *testing.T, deal uint64, rules uint8, script []byte) {
		g := NewRules(deal, Rules{Cells: MinCells + int(rules)%(MaxCells-MinCells+1), Autoplay: rules&0x80 == 0})
		r := cards.NewRand(deal)
		for _, b := range script {
			if g.Status().Finished() {
				break
			}
			var m games.Move = randomMove(r)
			if b < 192 {
				legal := g.Legal(0)
				require.NotEmpty(t, legal, "a game in play has a move")
				m = legal[int(b)%len(legal)]
				readsBack(t, g, m.(Move))
			}
			before, moves := snap(g), g.Moves()
			if err := g.Apply(0, m); err != nil {
				require.Equal(t, before, snap(g), "refused %v changed the game", m)
				require.Equal(t, moves, g.Moves())
			}
			require.Len(t, view(g).Cells, g.Cells())
			checkCards(t, g)
		}
	})
}
