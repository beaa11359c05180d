package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Double Agent pictures with testdata/: a game
// under way in every deck, and with a won game in German and Spanish;
// re-bless with
//
//	go test ./render/doubleagent -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	for _, d := range rendertest.Decks[:3] {
		r := rendertest.Renderer(t).With(d.Deck)
		draws["da-mid"+d.Suffix] = func(t *testing.T) ([]byte, error) { return Table(r, mid(t), render.Params{Selected: "b4"}) }
	}
	r := rendertest.Renderer(t)
	for _, l := range []lang.Lang{lang.German, lang.Spanish} {
		draws["da-mid-"+string(l)] = func(t *testing.T) ([]byte, error) {
			return Table(r, mid(t), render.Params{Selected: "b4", Lang: l})
		}
		draws["da-won-"+string(l)] = func(t *testing.T) ([]byte, error) { return Table(r, wonView(), render.Params{Lang: l}) }
	}
	rendertest.GoldenEach(t, draws)
}
