package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/render/rendertest"
)

// BenchmarkRenderDoubleFreeCell renders a full 104-card table (100 cards in
// the columns, four in cells, a cell selected) to PNG bytes, reporting the
// CPU time per picture (cpu-ns/op) and its size.
func BenchmarkRenderDoubleFreeCell(b *testing.B) {
	r, v := rendertest.Renderer(b), benchView()
	rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, sel("b")) })
}

// BenchmarkRenderDoubleFreeCellParts splits the picture's cost: laying the
// table out, drawing it (into a new image each time), drawing and encoding
// it (encoding is the difference).
func BenchmarkRenderDoubleFreeCellParts(b *testing.B) {
	r, v := rendertest.Renderer(b), benchView()
	s, err := Layout(v, "b")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("layout", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := Layout(v, "b"); return err })
	})
	b.Run("draw", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.Image(s); return err })
	})
	b.Run("png", func(b *testing.B) {
		rendertest.Bench(b, func() error { _, err := r.PNG(s); return err })
	})
}
