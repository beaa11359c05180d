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
		"dbl-dealt": layout(t, dealtView(1), "r2"),
		"dbl-mid":   layout(t, midView(t), "w"),
		"dbl-lost":  layout(t, end(t), ""),
		"dbl-won":   layout(t, wonView(), ""),
	} {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, m)
	}
}
