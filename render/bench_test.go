package render

import "testing"

// BenchmarkNew measures the start-up work: the palette, every sprite and
// the glyphs.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
