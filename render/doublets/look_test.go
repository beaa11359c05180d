package doublets

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLook writes the Doublets test tables, full size and phone size, for
// people to look at:
//
//	go test ./render/doublets -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	r := rendertest.Renderer(t)
	for name, s := range map[string]*render.Scene{
		"dbl-dealt": dblLayout(t, dblDealt(1), "r2"),
		"dbl-mid":   dblLayout(t, dblMid(t), "w"),
		"dbl-lost":  dblLayout(t, dblEnd(t), ""),
		"dbl-won":   dblLayout(t, dblWon(), ""),
	} {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, m)
	}
}
