package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// benches are Double Agent's picture benchmarks, from deal 777 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  777,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoubleAgent renders a Double Agent game under way, with
// backs, agents and foundations: the same table each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderDoubleAgent(b *testing.B) { benches.Same(b, mid(b), render.Params{Selected: "b4"}) }

// BenchmarkRenderDoubleAgentMoves renders a game's tables one move after
// another (50 random moves a deal from deal 777 on), as a table in play
// shows them.
func BenchmarkRenderDoubleAgentMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubleAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderDoubleAgentDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubleAgentDecks renders the benchmark table, and a
// game's tables one move after another, in each deck.
func BenchmarkRenderDoubleAgentDecks(b *testing.B) {
	benches.Decks(b, mid(b), render.Params{Selected: "b4"})
}
