package doublets

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// benches are Doublets' picture benchmarks, from deal 4242 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  4242,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoublets renders a Doublets game under way: the same
// table each time, whose compression the renderer reuses from the second
// time on (see …Moves and …Deals for tables that change).
func BenchmarkRenderDoublets(b *testing.B) { benches.Same(b, midView(b), render.Params{Selected: "w"}) }

// BenchmarkRenderDoubletsMoves renders a game's tables one move after
// another (50 random moves a deal from deal 4242 on), as a table in play
// shows them.
func BenchmarkRenderDoubletsMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubletsDeals renders a new deal's first table each time.
func BenchmarkRenderDoubletsDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubletsDecks renders the benchmark table, and a game's
// tables one move after another, in each deck.
func BenchmarkRenderDoubletsDecks(b *testing.B) {
	benches.Decks(b, midView(b), render.Params{Selected: "w"})
}
