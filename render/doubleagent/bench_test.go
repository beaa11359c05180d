package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoubleAgent renders a Double Agent game under way, with
// backs, agents and foundations: the same table each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderDoubleAgent(b *testing.B) {
	r, v := rendertest.Renderer(b), mid(b)
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "b4"}) })
}

func benchGame(deal uint64) games.Game { return game.New(deal) }

// BenchmarkRenderDoubleAgentMoves renders a game's tables one move after
// another (50 random moves a deal from deal 777 on), as a table in play
// shows them.
func BenchmarkRenderDoubleAgentMoves(b *testing.B) {
	r := rendertest.Renderer(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 777, benchGame, rendertest.RandomMoves(1), 0)
	rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) })
}

// BenchmarkRenderDoubleAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderDoubleAgentDeals(b *testing.B) {
	r := rendertest.Renderer(b)
	views := rendertest.Starts[game.View](1024, 1000, benchGame, 0)
	rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) })
}
