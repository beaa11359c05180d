package doublets

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoublets renders a Doublets game under way.
func BenchmarkRenderDoublets(b *testing.B) {
	r, v := rendertest.Renderer(b), dblMid(b)
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "w"}) })
}
