package doublets

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoublets renders a Doublets game under way: the same
// table each time, whose compression the renderer reuses from the second
// time on (see …Moves and …Deals for tables that change).
func BenchmarkRenderDoublets(b *testing.B) {
	r, v := rendertest.Renderer(b), midView(b)
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "w"}) })
}

// benchGame deals deal n.
func benchGame(deal uint64) games.Game { return game.New(deal) }

// drawIn draws a table with r.
func drawIn(r *render.Renderer) func(game.View) ([]byte, error) {
	return func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) }
}

// BenchmarkRenderDoubletsMoves renders a game's tables one move after
// another (50 random moves a deal from deal 4242 on), as a table in play
// shows them.
func BenchmarkRenderDoubletsMoves(b *testing.B) {
	rendertest.BenchMoves(b, 4242, benchGame, rendertest.RandomMoves(1), 0, drawIn(rendertest.Renderer(b)))
}

// BenchmarkRenderDoubletsDeals renders a new deal's first table each time.
func BenchmarkRenderDoubletsDeals(b *testing.B) {
	rendertest.BenchDeals(b, benchGame, 0, drawIn(rendertest.Renderer(b)))
}

// BenchmarkRenderDoubletsDecks renders the benchmark table, and a game's
// tables one move after another, in each deck.
func BenchmarkRenderDoubletsDecks(b *testing.B) {
	v := midView(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 4242, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "w"}) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { rendertest.BenchPNGs(b, views, drawIn(r)) })
	}
}
