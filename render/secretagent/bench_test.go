package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// pictures are the channel's table and a player's hand in the middle of a
// trick.
func pictures(b *testing.B) []rendertest.Picture {
	g := playedGame(b, 11, midTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(game.View)
	own := g.View(seat).(game.View)
	legal := legalCards(g, seat)
	return []rendertest.Picture{
		{Name: "table", Draw: func(r *render.Renderer) ([]byte, error) { return Table(r, spec, testNames, lang.English) }},
		{Name: "hand", Draw: func(r *render.Renderer) ([]byte, error) { return Hand(r, own, testNames, legal, lang.English) }},
	}
}

// BenchmarkRenderSecretAgent renders the channel's table and a player's
// hand in the middle of a trick: the same pictures each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderSecretAgent(b *testing.B) {
	rendertest.BenchPictures(b, rendertest.Renderer(b), "", pictures(b))
}

// benches are Secret Agent's channel-table benchmarks: computer players'
// moves from deal 11 on.
var benches = rendertest.TableBenches[game.View]{
	Deal: 11,
	Game: func(deal uint64) games.Game { return game.New(deal) },
	Table: func(r *render.Renderer, v game.View, _ render.Params) ([]byte, error) {
		return Table(r, v, testNames, lang.English)
	},
	Move:   game.Choose,
	Viewer: games.Spectator,
}

// BenchmarkRenderSecretAgentMoves renders the channel's table after each
// move of computer players (50 moves a deal from deal 11 on), as a table
// in play shows them.
func BenchmarkRenderSecretAgentMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderSecretAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderSecretAgentDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderSecretAgentDecks renders the table and a hand, and the
// table after each move, in each deck.
func BenchmarkRenderSecretAgentDecks(b *testing.B) {
	pics := pictures(b)
	views := benches.Positions(b)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		rendertest.BenchPictures(b, r, "/"+d.Name, pics)
		b.Run("moves/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return benches.Table(r, v, render.Params{}) })
		})
	}
}
