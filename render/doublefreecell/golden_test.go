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
	table := func(name string, r *render.Renderer, view func(testing.TB) game.View, p render.Params) {
		draws[name] = func(t *testing.T) ([]byte, error) { return Table(r, view(t), p) }
	}
	cells := func(n int) func(testing.TB) game.View {
		return func(tb testing.TB) game.View { return cellsView(tb, n) }
	}
	for _, d := range rendertest.Decks[:3] {
		r := rendertest.Renderer(t).With(d.Deck)
		table("dfc-mid"+d.Suffix, r, midView, sel("8"))
		table("dfc-long"+d.Suffix, r, longView, sel("10"))
		table("dfc-cells8"+d.Suffix, r, cells(8), sel("g"))
	}
	r := rendertest.Renderer(t)
	won := func(testing.TB) game.View { return wonView() }
	table("dfc-cell", r, func(testing.TB) game.View { return benchView() }, sel("b"))
	table("dfc-won", r, won, render.Params{})
	table("dfc-cells4", r, cells(4), sel("d"))
	for _, l := range []lang.Lang{lang.German, lang.Spanish} {
		table("dfc-cells8-off-"+string(l), r, cellsOff, render.Params{Selected: "g", Lang: l})
		table("dfc-won-"+string(l), r, won, render.Params{Lang: l})
	}
	rendertest.GoldenEach(t, draws)
}
