package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderSecretAgent renders the channel's table and a player's
// hand in the middle of a trick: the same pictures each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderSecretAgent(b *testing.B) {
	r := rendertest.Renderer(b)
	g := playedGame(b, 11, midTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(game.View)
	own := g.View(seat).(game.View)
	legal := legalCards(g, seat)
	b.Run("table", func(b *testing.B) {
		rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, spec, testNames, lang.English) })
	})
	b.Run("hand", func(b *testing.B) {
		rendertest.BenchPNG(b, func() ([]byte, error) { return Hand(r, own, testNames, legal, lang.English) })
	})
}

// benchGame deals deal n.
func benchGame(deal uint64) games.Game { return game.New(deal) }

// benchTable draws the channel's table with r.
func benchTable(r *render.Renderer) func(game.View) ([]byte, error) {
	return func(v game.View) ([]byte, error) { return Table(r, v, testNames, lang.English) }
}

// BenchmarkRenderSecretAgentMoves renders the channel's table after each
// move of computer players (50 moves a deal from deal 11 on), as a table
// in play shows them.
func BenchmarkRenderSecretAgentMoves(b *testing.B) {
	rendertest.BenchMoves(b, 11, benchGame, game.Choose, games.Spectator, benchTable(rendertest.Renderer(b)))
}

// BenchmarkRenderSecretAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderSecretAgentDeals(b *testing.B) {
	rendertest.BenchDeals(b, benchGame, games.Spectator, benchTable(rendertest.Renderer(b)))
}

// BenchmarkRenderSecretAgentDecks renders the table and a hand, and the
// table after each move, in each deck.
func BenchmarkRenderSecretAgentDecks(b *testing.B) {
	g := playedGame(b, 11, midTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(game.View)
	own := g.View(seat).(game.View)
	legal := legalCards(g, seat)
	views := rendertest.Positions[game.View](b, 1024, 50, 11, benchGame, game.Choose, games.Spectator)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("table/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, spec, testNames, lang.English) })
		})
		b.Run("hand/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Hand(r, own, testNames, legal, lang.English) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNGs(b, views, benchTable(r))
		})
	}
}
