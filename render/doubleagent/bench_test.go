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

// benchGame deals deal n.
func benchGame(deal uint64) games.Game { return game.New(deal) }

// drawIn draws a table with r.
func drawIn(r *render.Renderer) func(game.View) ([]byte, error) {
	return func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) }
}

// BenchmarkRenderDoubleAgentMoves renders a game's tables one move after
// another (50 random moves a deal from deal 777 on), as a table in play
// shows them.
func BenchmarkRenderDoubleAgentMoves(b *testing.B) {
	rendertest.BenchMoves(b, 777, benchGame, rendertest.RandomMoves(1), 0, drawIn(rendertest.Renderer(b)))
}

// BenchmarkRenderDoubleAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderDoubleAgentDeals(b *testing.B) {
	rendertest.BenchDeals(b, benchGame, 0, drawIn(rendertest.Renderer(b)))
}

// BenchmarkRenderDoubleAgentDecks renders the benchmark table, and a
// game's tables one move after another, in each deck.
func BenchmarkRenderDoubleAgentDecks(b *testing.B) {
	v := mid(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 777, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "b4"}) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { rendertest.BenchPNGs(b, views, drawIn(r)) })
	}
}
