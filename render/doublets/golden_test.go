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
	rendertest.AddTables(draws, Table, "dbl-mid", midView, render.Params{Selected: "w"}, rendertest.Decks[:3], lang.German, lang.Spanish)
	rendertest.AddTables(draws, Table, "dbl-end", end, render.Params{}, nil, lang.German, lang.Spanish)
	rendertest.GoldenEach(t, draws)
}
