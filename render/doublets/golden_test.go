package doublets

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Doublets pictures with testdata/: a game under
// way in every deck, and with a lost game in German and Spanish; re-bless
// with
//
//	go test ./render/doublets -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	for _, d := range rendertest.Decks[:3] {
		r := rendertest.Renderer(t).With(d.Deck)
		draws["dbl-mid"+d.Suffix] = func(t *testing.T) ([]byte, error) { return Table(r, midView(t), render.Params{Selected: "w"}) }
	}
	r := rendertest.Renderer(t)
	for _, l := range []lang.Lang{lang.German, lang.Spanish} {
		draws["dbl-mid-"+string(l)] = func(t *testing.T) ([]byte, error) {
			return Table(r, midView(t), render.Params{Selected: "w", Lang: l})
		}
		draws["dbl-end-"+string(l)] = func(t *testing.T) ([]byte, error) { return Table(r, end(t), render.Params{Lang: l}) }
	}
	rendertest.GoldenEach(t, draws)
}
