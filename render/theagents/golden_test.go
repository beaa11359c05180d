package theagents

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
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
