package render

import (
	"bytes"
	"testing"
	"time"
)

// BenchmarkRenderDoubleFreeCell renders a full 104-card table (100 cards in
// the columns, four in cells, a cell selected) to PNG bytes. Besides the
// wall time it reports the CPU time per picture (cpu-ns/op), which holds
// still when other work shares the machine.
func BenchmarkRenderDoubleFreeCell(b *testing.B) {
	r := renderer(b)
	v := benchView()
	var out []byte
	b.ReportAllocs()
	c0, ok := cpuTime()
	n := 0
	for b.Loop() {
		var err error
		if out, err = r.DoubleFreeCell(v, "b"); err != nil {
			b.Fatal(err)
		}
		n++
	}
	reportCPU(b, c0, ok, n)
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// BenchmarkRenderDoubleFreeCellParts splits the picture's cost: laying the
// table out, drawing it, encoding it.
func BenchmarkRenderDoubleFreeCellParts(b *testing.B) {
	r := renderer(b)
	v := benchView()
	s, err := DoubleFreeCellLayout(v, "b")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("layout", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DoubleFreeCellLayout(v, "b"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("draw", func(b *testing.B) {
		c0, ok := cpuTime()
		n := 0
		for b.Loop() {
			r.canvases.Put(r.draw(s))
			n++
		}
		reportCPU(b, c0, ok, n)
	})
	b.Run("encode", func(b *testing.B) {
		m, err := r.Image(s)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		c0, ok := cpuTime()
		n := 0
		for b.Loop() {
			buf.Reset()
			if err := encodePaletted(&buf, m); err != nil {
				b.Fatal(err)
			}
			n++
		}
		reportCPU(b, c0, ok, n)
	})
}

// reportCPU reports the CPU time per op since c0.
func reportCPU(b *testing.B, c0 time.Duration, ok bool, n int) {
	if c1, ok1 := cpuTime(); ok && ok1 && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n), "cpu-ns/op")
	}
}

// BenchmarkNew measures the start-up work: the palette, every sprite and
// the glyphs.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
