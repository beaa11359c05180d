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

// TestLook writes the Double FreeCell test tables, full size and phone
// size, for people to look at:
//
//	go test ./render/doublefreecell -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	scenes := lookScenes(t, render.ClassicSteps)
	scenes["dfc-bench"] = layout(t, benchView(), "b")
	scenes["dfc-lost"] = layout(t, lostView(t), "")
	scenes["dfc-cells7"] = layout(t, cellsView(t, 7), "c")
	scenes["dfc-cells8-off"] = layout(t, func() game.View { v := cellsView(t, 8); v.Autoplay = false; return v }(), "e")
	rendertest.LookScenes(t, rendertest.Renderer(t), scenes)
}

// lookScenes are the tables to look at in every deck, laid out at steps
// st.
func lookScenes(t *testing.T, st render.Steps) map[string]*render.Scene {
	return map[string]*render.Scene{
		"dfc-dealt":  layoutIn(t, dealtView(1), "3", st, lang.English),
		"dfc-mid":    layoutIn(t, midView(t), "8", st, lang.English),
		"dfc-long":   layoutIn(t, longView(t), "10", st, lang.English),
		"dfc-won":    layoutIn(t, wonView(), "", st, lang.English),
		"dfc-cells8": layoutIn(t, cellsView(t, 8), "g", st, lang.English),
		"dfc-cells4": layoutIn(t, cellsView(t, 4), "d", st, lang.English),
	}
}

// TestLookDecks writes the Double FreeCell look tables in every deck but
// the classic one (dfc-mid-4c.png, dfc-mid-4c-390.png…):
//
//	go test ./render/doublefreecell -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(st render.Steps) map[string]*render.Scene { return lookScenes(t, st) })
}
