package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLook writes the Double Agent test tables, full size and phone size,
// for people to look at:
//
//	go test ./render/doubleagent -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	r := rendertest.Renderer(t)
	for name, s := range map[string]*render.Scene{
		"da-dealt":  layout(t, dealtView(1), "t3"),
		"da-mid":    layout(t, mid(t), "b4"),
		"da-long":   layout(t, long(t), "p1"),
		"da-won":    layout(t, wonView(), ""),
		"da-played": layout(t, played(t, 3, 40), ""),
	} {
		m, err := r.Image(s)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, name, m)
	}
}
