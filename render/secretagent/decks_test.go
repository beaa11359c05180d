package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLookDecks writes the look tables and hands in every deck but the
// classic one:
//
//	go test ./render/secretagent -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	for _, d := range rendertest.Decks[1:] {
		scenes := map[string]render.Shaded{}
		for name, sc := range lookScenes(t) {
			scenes[name+d.Suffix] = sc
		}
		rendertest.LookShaded(t, rendertest.Renderer(t).With(d.Deck), scenes)
	}
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
