package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLook writes the Double FreeCell test tables, full size and phone
// size, for people to look at:
//
//	go test ./render/doublefreecell -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	r := rendertest.Renderer(t)
	for name, s := range map[string]*render.Scene{
		"dfc-dealt": layout(t, dealtView(1), "3"),
		"dfc-bench": layout(t, benchView(), "b"),
		"dfc-mid":   layout(t, midView(t), "8"),
		"dfc-long":  layout(t, longView(t), "10"),
		"dfc-won":   layout(t, wonView(), ""),
		"dfc-lost":  layout(t, lostView(t), ""),
	} {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, m)
	}
}
