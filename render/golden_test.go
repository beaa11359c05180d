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

// The kit in each deck but the classic one: kit-4c, kit-large,
// kit-4c-large, the large ones laid out at the large steps.
func TestGoldenDecks(t *testing.T) {
	for _, d := range rendertest.Decks[1:] {
		t.Run(d.Name, func(t *testing.T) {
			r := rendertest.Renderer(t).With(d.Deck)
			png, err := r.PNG(kitSceneAt(r.Steps()))
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, "kit"+d.Suffix, png)
		})
	}
}

// TestLook writes the kit as PNGs at full size and phone sizes, for people
// to look at:
//
//	go test ./render/... -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(t).With(d.Deck)
		m, err := r.Image(kitSceneAt(r.Steps()))
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Look(t, "kit"+d.Suffix, m)
	}
}
