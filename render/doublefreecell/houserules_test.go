package doublefreecell

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// cellNames are the letters of n cells: a–f, a–g then i for eight.
func cellNames(n int) []string {
	var out []string
	for i := range n {
		out = append(out, game.Cell(i).String())
	}
	return out
}

// TestHouseRuleCells: the picture draws the table's cells, each tagged with
// its letter, in the room left of the foundations, the whole corner index
// of every card in sight; a missing cell cannot be selected.
func TestHouseRuleCells(t *testing.T) {
	foundationX := colX(cellCols)
	for n := game.MinCells; n <= game.MaxCells; n++ {
		t.Run(fmt.Sprintf("%d cells", n), func(t *testing.T) {
			v := cellsView(t, n)
			names := cellNames(n)
			last := names[n-1]
			s := layout(t, v, last)
			assert.Equal(t, 1200, s.W)
			prevTag := 0
			for i, name := range names {
				l, ok := rendertest.FindLabel(s, name)
				require.True(t, ok, "no tag %q", name)
				assert.Greater(t, l.Rect.Min.X, prevTag, "tag %q overlaps the one before", name)
				prevTag = l.Rect.Max.X
				assert.Equal(t, i == n-1, l.Fill == render.Gold, "tag %q", name)
			}
			for _, missing := range cellNames(game.MaxCells)[n:] {
				_, ok := rendertest.FindLabel(s, missing)
				assert.False(t, ok, "a tag for missing cell %q", missing)
				_, err := Layout(v, missing)
				assert.Error(t, err, "cell %q selected", missing)
			}
			_, err := Layout(v, "h")
			assert.Error(t, err)
			for i, name := range names {
				cs := rendertest.PileCards(s, name)
				if v.Cells[i].IsNone() {
					assert.Empty(t, cs, name)
					continue
				}
				require.Len(t, cs, 1, name)
				c := cs[0]
				assert.Less(t, c.Rect.Max.X, foundationX, "cell %s runs into the foundations", name)
				vis := c.Visible.Intersect(c.Rect)
				assert.GreaterOrEqual(t, vis.Dx(), render.FanStep*2, "cell %s: too little in sight", name)
				assert.Equal(t, render.CardH, vis.Dy())
				assert.Equal(t, name == last, c.Selected, name)
			}
			// The foundations stay put whatever the cells.
			for _, p := range s.Piles {
				if p.Name == "h" {
					assert.Equal(t, image.Rect(colX(8), topY, colX(8)+render.CardW, topY+render.CardH), p.Rect)
				}
			}
		})
	}
}

// TestOverlappingEmptyCells: seven or eight cells overlap; an empty one is
// solid boxes (so the next one's edge hides its own), ringed in gold when
// selected.
func TestOverlappingEmptyCells(t *testing.T) {
	v := cellsView(t, 8) // a, c, g and i hold cards
	s := layout(t, v, "e")
	for _, p := range s.Piles {
		assert.False(t, p.Name >= "a" && p.Name <= "i" && p.Name != "h", "cell %s drawn as a see-through outline", p.Name)
	}
	step := cellStep(8)
	assert.Less(t, step, render.CardW)
	var slots, gold int
	for _, b := range s.Boxes[1:] { // Boxes[0] is the status bar
		switch b.Fill {
		case render.FeltLine:
			slots++
		case render.Gold:
			gold++
			x := margin + 4*step // cell e
			assert.Equal(t, image.Rect(x, topY, x+render.CardW, topY+render.CardH).Inset(-render.RingPad), b.Rect)
		}
	}
	assert.Equal(t, 4, slots, "b, d, e, f")
	assert.Equal(t, 1, gold)
	// A card is cut only where the next cell's card covers it.
	a, c := rendertest.PileCards(s, "a")[0], rendertest.PileCards(s, "c")[0]
	assert.Equal(t, a.Rect, a.Visible, "b is empty: all of a's card shows")
	g := rendertest.PileCards(s, "g")[0]
	assert.Equal(t, step, g.Visible.Dx(), "i's card covers the rest of g's")
	assert.Equal(t, c.Rect, c.Visible)
}

func TestHouseRulesInTheHeader(t *testing.T) {
	tests := []struct {
		cells    int
		autoplay bool
		status   games.Status
		note     string
	}{
		{6, true, games.Playing, ""},
		{6, false, games.Playing, "autoplay off"},
		{8, true, games.Playing, "8 free cells"},
		{4, false, games.Playing, "4 free cells, autoplay off"},
		{8, false, games.Lost, "8 free cells"},
	}
	for _, tt := range tests {
		v := cellsView(t, tt.cells)
		v.Autoplay, v.Status = tt.autoplay, tt.status
		assert.Equal(t, tt.note, status(v, lang.English).Note, "%+v", tt)
		line := strings.SplitN(Text(v, false), "\n", 2)[0]
		if tt.note != "" {
			assert.Contains(t, line, " · "+tt.note, "%+v", tt)
			assert.True(t, rendertest.HasLabelPrefix(layout(t, v, ""), "move 87  •  3 undos  •  31/104 home  •  "+tt.note), "%+v", tt)
		} else {
			assert.NotContains(t, line, "cells")
		}
	}
}

// TestHouseRuleControls: the controls offer the table's cells, five buttons
// to a row at most, labelled with their cards, and every place a legal move
// names.
func TestHouseRuleControls(t *testing.T) {
	tests := []struct {
		cells int
		rows  [][]string
	}{
		{4, [][]string{{"a", "b", "c", "d", "h"}}},
		{5, [][]string{{"a", "b", "c", "d", "e"}, {"h"}}},
		{6, [][]string{{"a", "b", "c", "d", "e"}, {"f", "h"}}},
		{7, [][]string{{"a", "b", "c", "d", "e"}, {"f", "g", "h"}}},
		{8, [][]string{{"a", "b", "c", "d", "e"}, {"f", "g", "i", "h"}}},
	}
	for _, tt := range tests {
		g := game.NewRules(3, game.Rules{Cells: tt.cells, Autoplay: true})
		v := g.View(0).(game.View)
		b := Controls(v, render.Params{}).Board
		require.NotNil(t, b)
		var rows [][]string
		places := map[string]bool{}
		for _, row := range b.Places {
			var ns []string
			for _, p := range row {
				ns = append(ns, p.Name)
				places[p.Name] = true
			}
			rows = append(rows, ns)
		}
		assert.Equal(t, tt.rows, rows[2:], "%d cells", tt.cells)
		assert.LessOrEqual(t, len(rows)+1, 5, "at most five rows with the commands")
		for _, m := range g.Legal(0) {
			if mv := m.(game.Move); mv.IsBoard() {
				assert.True(t, places[mv.From.String()] && places[mv.To.String()], "%d cells: no button for %v", tt.cells, m)
			}
		}
		last := cellNames(tt.cells)[tt.cells-1]
		require.NoError(t, games.Play(g, 0, "1 "+last))
		v = g.View(0).(game.View)
		want := render.PlaceLabel(lang.English, last, v.Cells[tt.cells-1])
		assert.Equal(t, want, rendertest.Place(t, Controls(v, render.Params{}).Board, last).Label)
		assert.NotEqual(t, last, want, "the label shows the card")
	}
}

func TestHouseRuleText(t *testing.T) {
	v := cellsView(t, 8)
	lines := strings.Split(Text(v, false), "\n")
	assert.Equal(t, "cells  a Q♥   b --   c 10♠  d --   e --   f --   g J♣   i 7♦", lines[1])
	assert.Contains(t, lines[0], "· 8 free cells")
	v = cellsView(t, 4)
	assert.Equal(t, "cells  a Q♥   b --   c J♣   d 7♦", strings.Split(Text(v, false), "\n")[1])
	for _, l := range strings.Split(Text(cellsView(t, 8), false), "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 80, l)
	}
}

// TestHouseRuleTablesDraw: a table dealt under house rules draws: the
// engine's view and the picture agree on the cells.
func TestHouseRuleTablesDraw(t *testing.T) {
	r := rendertest.Renderer(t)
	for n := game.MinCells; n <= game.MaxCells; n++ {
		g := game.NewRules(1, game.Rules{Cells: n, Autoplay: n%2 == 0})
		require.NoError(t, games.Play(g, 0, "1 "+game.Cell(n-1).String()))
		v := g.View(0).(game.View)
		b, err := Table(r, v, sel(game.Cell(n-1).String()))
		require.NoError(t, err, "%d cells", n)
		m := rendertest.Decode(t, b)
		assert.Equal(t, 1200, m.Bounds().Dx())
	}
}
