package doublefreecell

import (
	"testing"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Double FreeCell pictures with testdata/: a game
// under way, long columns and eight cells overlapping in every deck; a
// selected cell, a won game and four cells with room to spare in the
// classic one; eight cells with autoplay off and a won game in German and
// Spanish. Re-bless with
//
//	go test ./render/doublefreecell -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	cells := func(n int) func(testing.TB) game.View {
		return func(tb testing.TB) game.View { return cellsView(tb, n) }
	}
	won := func(testing.TB) game.View { return wonView() }
	bench := func(testing.TB) game.View { return benchView() }
	classic, decks, langs := rendertest.Decks[:1], rendertest.Decks[:3], []lang.Lang{lang.German, lang.Spanish}
	rendertest.AddTables(draws, Table, "dfc-mid", midView, sel("8"), decks)
	rendertest.AddTables(draws, Table, "dfc-long", longView, sel("10"), decks)
	rendertest.AddTables(draws, Table, "dfc-cells8", cells(8), sel("g"), decks)
	rendertest.AddTables(draws, Table, "dfc-cell", bench, sel("b"), classic)
	rendertest.AddTables(draws, Table, "dfc-cells4", cells(4), sel("d"), classic)
	rendertest.AddTables(draws, Table, "dfc-won", won, render.Params{}, classic, langs...)
	rendertest.AddTables(draws, Table, "dfc-cells8-off", cellsOff, sel("g"), nil, langs...)
	rendertest.GoldenEach(t, draws)
}
