package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestTableFollowsTheDeck: Table draws in the renderer's deck: the large
// one's columns stand further apart, and the picture grows for them.
func TestTableFollowsTheDeck(t *testing.T) {
	base := rendertest.Renderer(t)
	classic, err := Table(base, midView(t), sel("8"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rendertest.Decks[1:] {
		got, err := Table(base.With(d.Deck), midView(t), sel("8"))
		if err != nil {
			t.Fatal(err)
		}
		n, _ := rendertest.Diff(rendertest.Decode(t, classic), rendertest.Decode(t, got))
		if rendertest.Decode(t, got).Bounds() == rendertest.Decode(t, classic).Bounds() && n < 1000 {
			t.Errorf("%s: the table differs from the classic one in %d pixels only", d.Name, n)
		}
	}
	large, err := LayoutAt(midView(t), "8", base.With(render.Deck{Large: true}).Steps())
	if err != nil {
		t.Fatal(err)
	}
	col := rendertest.PileCards(large, "8")
	if step := col[1].Rect.Min.Y - col[0].Rect.Min.Y; step != base.With(render.Deck{Large: true}).Steps().Stack {
		t.Errorf("the large deck's column step is %d", step)
	}
}
