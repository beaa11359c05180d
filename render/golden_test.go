package render_test

import (
	"testing"

	"github.com/dealer/dealer/render/rendertest"
)

// The kit's golden picture (each game's are beside its package):
//
//	go test ./render -run TestGolden -update
func TestGolden(t *testing.T) {
	png, err := rendertest.Renderer(t).PNG(kitScene())
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "kit", png)
}

// TestLook writes the kit as PNGs at full size and phone sizes, for people
// to look at:
//
//	go test ./render/... -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	m, err := rendertest.Renderer(t).Image(kitScene())
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Look(t, "kit", m)
}
