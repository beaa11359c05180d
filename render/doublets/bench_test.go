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

func benchGame(deal uint64) games.Game { return game.New(deal) }

// BenchmarkRenderDoubletsMoves renders a game's tables one move after
// another (50 random moves a deal from deal 4242 on), as a table in play
// shows them.
func BenchmarkRenderDoubletsMoves(b *testing.B) {
	r := rendertest.Renderer(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 4242, benchGame, rendertest.RandomMoves(1), 0)
	rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) })
}

// BenchmarkRenderDoubletsDeals renders a new deal's first table each time.
func BenchmarkRenderDoubletsDeals(b *testing.B) {
	r := rendertest.Renderer(b)
	views := rendertest.Starts[game.View](1024, 1000, benchGame, 0)
	rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) })
}
