package theagents

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the made-up table and hand with testdata/, in
// English and, drawn by the registration as the bot draws them, in German
// and Spanish; re-bless with
//
//	go test ./render/theagents -run TestGolden -update
func TestGolden(t *testing.T) {
	r := rendertest.Renderer(t)
	draws := map[string]rendertest.Draw{
		"ta-table": func(*testing.T) ([]byte, error) { return Table(r, craftedView(), testNames, lang.English) },
		"ta-hand":  func(*testing.T) ([]byte, error) { return Hand(r, craftedHand(), testNames, lang.English) },
	}
	for _, l := range []lang.Lang{lang.German, lang.Spanish} {
		p := render.Params{Names: testNames, Lang: l}
		draws["ta-table-"+string(l)] = func(*testing.T) ([]byte, error) { return Game.Table(r, craftedView(), p) }
		draws["ta-hand-"+string(l)] = func(*testing.T) ([]byte, error) { return Game.Hand(r, craftedHand(), p) }
	}
	rendertest.GoldenEach(t, draws)
}
