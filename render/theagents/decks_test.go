package theagents

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGoldenDecks: The Agents draws no playing cards: its table and hand
// are the same pictures in every deck, compared with the classic golden
// ones (the large deck's exactly; the four-colour deck's palette has a few
// steps fewer in the blends of text on felt, within the goldens'
// tolerance).
func TestGoldenDecks(t *testing.T) {
	classic := rendertest.Renderer(t)
	for _, d := range rendertest.Decks[1:] {
		for name, draw := range map[string]func(r *render.Renderer) ([]byte, error){
			"ta-table": func(r *render.Renderer) ([]byte, error) { return Table(r, craftedView(), testNames, lang.English) },
			"ta-hand":  func(r *render.Renderer) ([]byte, error) { return Hand(r, craftedHand(), testNames, lang.English) },
		} {
			t.Run(name+d.Suffix, func(t *testing.T) {
				got, err := draw(classic.With(d.Deck))
				require.NoError(t, err)
				if !rendertest.Updating() { // TestGolden blesses these goldens
					rendertest.Golden(t, name, got)
				}
				if !d.Deck.FourColour { // the classic palette: the very same pixels
					want, err := draw(classic)
					require.NoError(t, err)
					require.Equal(t, rendertest.Decode(t, want), rendertest.Decode(t, got))
				}
			})
		}
	}
}

// TestLookDecks writes the look pictures in every deck but the classic one:
//
//	go test ./render/theagents -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(render.Steps) map[string]*render.Scene { return lookScenes(t) })
}

// BenchmarkRenderTheAgentsDecks renders a 5-player table under way and a
// hand in each deck.
func BenchmarkRenderTheAgentsDecks(b *testing.B) {
	spec := spectatorView(fiveMid(b))
	own := craftedHand()
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("table/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, spec, testNames, lang.English) })
		})
		b.Run("hand/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Hand(r, own, testNames, lang.English) })
		})
	}
}
