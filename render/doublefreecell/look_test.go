package doublefreecell

import (
	"testing"

	game "github.com/dealer/dealer/games/doublefreecell"
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
		"dfc-dealt":      layout(t, dealtView(1), "3"),
		"dfc-bench":      layout(t, benchView(), "b"),
		"dfc-mid":        layout(t, midView(t), "8"),
		"dfc-long":       layout(t, longView(t), "10"),
		"dfc-won":        layout(t, wonView(), ""),
		"dfc-lost":       layout(t, lostView(t), ""),
		"dfc-cells8":     layout(t, cellsView(t, 8), "g"),
		"dfc-cells7":     layout(t, cellsView(t, 7), "c"),
		"dfc-cells8-off": layout(t, func() game.View { v := cellsView(t, 8); v.Autoplay = false; return v }(), "e"),
		"dfc-cells4":     layout(t, cellsView(t, 4), "d"),
	} {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, m)
	}
}
