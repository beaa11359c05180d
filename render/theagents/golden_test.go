package theagents

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/require"
)

// TestGolden compares the made-up table and hand with testdata/, in
// English, German and Spanish, drawn by the registration as the bot draws
// them; re-bless with
//
//	go test ./render/theagents -run TestGolden -update
func TestGolden(t *testing.T) {
	classic, langs := rendertest.Decks[:1], []lang.Lang{lang.German, lang.Spanish}
	p := render.Params{Names: testNames}
	draws := map[string]rendertest.Draw{}
	rendertest.AddTables(draws, Game.Table, "ta-table", func(testing.TB) any { return craftedView() }, p, classic, langs...)
	rendertest.AddTables(draws, Game.Hand, "ta-hand", func(testing.TB) any { return craftedHand() }, p, classic, langs...)
	rendertest.GoldenEach(t, draws)
}

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
