package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoubleAgent renders a Double Agent game under way, with
// backs, agents and foundations.
func BenchmarkRenderDoubleAgent(b *testing.B) {
	r, v := rendertest.Renderer(b), daMid(b)
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "b4"}) })
}
