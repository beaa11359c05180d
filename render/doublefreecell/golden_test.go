package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Double FreeCell pictures with testdata/; re-bless
// with
//
//	go test ./render/doublefreecell -run TestGolden -update
func TestGolden(t *testing.T) {
	r := rendertest.Renderer(t)
	for name, sc := range map[string]func(t *testing.T) *render.Scene{
		"dfc-mid":  func(t *testing.T) *render.Scene { return layout(t, midView(t), "8") },
		"dfc-cell": func(t *testing.T) *render.Scene { return layout(t, benchView(), "b") },
		"dfc-long": func(t *testing.T) *render.Scene { return layout(t, longView(t), "10") },
		"dfc-won":  func(t *testing.T) *render.Scene { return layout(t, wonView(), "") },
		// House rules: eight cells overlapping, four with room to spare.
		"dfc-cells8": func(t *testing.T) *render.Scene { return layout(t, cellsView(t, 8), "g") },
		"dfc-cells4": func(t *testing.T) *render.Scene { return layout(t, cellsView(t, 4), "d") },
	} {
		t.Run(name, func(t *testing.T) {
			got, err := r.PNG(sc(t))
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, name, got)
		})
	}
}
