package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoubleFreeCell renders a full 104-card table (100 cards in
// the columns, four in cells, a cell selected) to PNG bytes, reporting the
// CPU time per picture (cpu-ns/op) and its size. It is the same table each
// time, as a table redrawn unchanged: from the second time on, the
// renderer reuses its compression (see …Moves and …Deals for tables that
// change).
func BenchmarkRenderDoubleFreeCell(b *testing.B) {
	r, v := rendertest.Renderer(b), benchView()
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, sel("b")) })
}

// benchGame deals deal n.
func benchGame(deal uint64) games.Game { return game.New(deal) }

// drawIn draws a table with r.
func drawIn(r *render.Renderer) func(game.View) ([]byte, error) {
	return func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) }
}

// BenchmarkRenderDoubleFreeCellMoves renders a game's tables one move
// after another (50 random moves a deal from deal 7 on), as a table in
// play shows them.
func BenchmarkRenderDoubleFreeCellMoves(b *testing.B) {
	rendertest.BenchMoves(b, 7, benchGame, rendertest.RandomMoves(1), 0, drawIn(rendertest.Renderer(b)))
}

// BenchmarkRenderDoubleFreeCellDeals renders a new deal's first table each
// time: little of it was seen before.
func BenchmarkRenderDoubleFreeCellDeals(b *testing.B) {
	rendertest.BenchDeals(b, benchGame, 0, drawIn(rendertest.Renderer(b)))
}

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
func BenchmarkRenderDoubleFreeCellDecks(b *testing.B) {
	v := benchView()
	views := rendertest.Positions[game.View](b, 1024, 50, 7, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, sel("b")) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { rendertest.BenchPNGs(b, views, drawIn(r)) })
	}
}
