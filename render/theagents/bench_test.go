package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// benches are The Agents' channel-table benchmarks: computer players'
// moves at a 5-player table from deal 3 on.
var benches = rendertest.TableBenches[game.View]{
	Deal: 3,
	Game: func(deal uint64) games.Game {
		g, err := game.New(deal, 5)
		if err != nil {
			panic(err) // 5 players is a valid table
		}
		return g
	},
	Table: func(r *render.Renderer, v game.View, _ render.Params) ([]byte, error) {
		return Table(r, v, testNames, lang.English)
	},
	Move:   game.Choose,
	Viewer: games.Spectator,
}

// BenchmarkRenderTheAgentsMoves renders a 5-player table after each move
// of computer players (50 moves a deal from deal 3 on), as a table in
// play shows them.
func BenchmarkRenderTheAgentsMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderTheAgentsDeals renders a new deal's first 5-player table
// each time.
func BenchmarkRenderTheAgentsDeals(b *testing.B) { benches.Deals(b) }

// pictures are a 5-player table under way and a hand.
func pictures(b *testing.B) []rendertest.Picture {
	spec := spectatorView(fiveMid(b))
	own := craftedHand()
	return []rendertest.Picture{
		{Name: "table", Draw: func(r *render.Renderer) ([]byte, error) { return Table(r, spec, testNames, lang.English) }},
		{Name: "hand", Draw: func(r *render.Renderer) ([]byte, error) { return Hand(r, own, testNames, lang.English) }},
	}
}

// BenchmarkRenderTheAgentsDecks renders a 5-player table under way and a
// hand in each deck.
func BenchmarkRenderTheAgentsDecks(b *testing.B) {
	pics := pictures(b)
	for _, d := range rendertest.Decks {
		rendertest.BenchPictures(b, rendertest.Renderer(b).With(d.Deck), "/"+d.Name, pics)
	}
}

// BenchmarkRenderTheAgents renders a 5-player table under way and a hand.
func BenchmarkRenderTheAgents(b *testing.B) {
	rendertest.BenchPictures(b, rendertest.Renderer(b), "", pictures(b))
}
