package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render/rendertest"
)

// benches are Double FreeCell's picture benchmarks, from deal 7 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  7,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoubleFreeCell renders a full 104-card table (100 cards in
// the columns, four in cells, a cell selected) to PNG bytes, reporting the
// CPU time per picture (cpu-ns/op) and its size. It is the same table each
// time, as a table redrawn unchanged: from the second time on, the
// renderer reuses its compression (see …Moves and …Deals for tables that
// change).
func BenchmarkRenderDoubleFreeCell(b *testing.B) { benches.Same(b, benchView(), sel("b")) }

// BenchmarkRenderDoubleFreeCellMoves renders a game's tables one move
// after another (50 random moves a deal from deal 7 on), as a table in
// play shows them.
func BenchmarkRenderDoubleFreeCellMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubleFreeCellDeals renders a new deal's first table each
// time: little of it was seen before.
func BenchmarkRenderDoubleFreeCellDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubleFreeCellParts splits the picture's cost: laying the
// table out, drawing it (into a new image each time), drawing and encoding
// it (encoding is the difference).
func BenchmarkRenderDoubleFreeCellParts(b *testing.B) {
	r, v := rendertest.Renderer(b), benchView()
	s, err := Layout(v, "b")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("layout", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := Layout(v, "b"); return err })
	})
	b.Run("draw", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.Image(s); return err })
	})
	b.Run("png", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.PNG(s); return err })
	})
}

// BenchmarkRenderDoubleFreeCellDecks renders the benchmark table, and a
// game's tables one move after another, in each deck (…/classic is
// BenchmarkRenderDoubleFreeCell and …Moves again).
func BenchmarkRenderDoubleFreeCellDecks(b *testing.B) { benches.Decks(b, benchView(), sel("b")) }
