package secretagent

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGoldenDecks compares the table and the hand in the four-colour and
// the large deck with testdata/ (sa-table-4c.png, sa-hand-large.png…);
// re-bless with
//
//	go test ./render/secretagent -run TestGoldenDecks -update
func TestGoldenDecks(t *testing.T) {
	for _, d := range rendertest.Decks[1:3] {
		r := rendertest.Renderer(t).With(d.Deck)
		for name, draw := range map[string]func(t *testing.T) ([]byte, error){
			"sa-table": func(t *testing.T) ([]byte, error) {
				return Table(r, view(t, 11, midTrick, games.Spectator), testNames, lang.English)
			},
			"sa-hand": func(t *testing.T) ([]byte, error) {
				g := playedGame(t, 11, midTrick)
				seat := g.ToAct()[0]
				return Hand(r, g.View(seat).(game.View), testNames, legalCards(g, seat), lang.English)
			},
		} {
			t.Run(name+d.Suffix, func(t *testing.T) {
				got, err := draw(t)
				require.NoError(t, err)
				rendertest.Golden(t, name+d.Suffix, got)
			})
		}
	}
}

// TestLookDecks writes the look tables and hands in every deck but the
// classic one:
//
//	go test ./render/secretagent -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	for _, d := range rendertest.Decks[1:] {
		r := rendertest.Renderer(t).With(d.Deck)
		for name, sc := range lookScenes(t) {
			b, err := r.ShadedPNG(sc)
			require.NoError(t, err)
			rendertest.Look(t, name+d.Suffix, rendertest.Decode(t, b))
		}
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
