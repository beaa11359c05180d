package render

import (
	"fmt"
	"testing"
)

// BenchmarkNew measures the start-up work: the palette, every sprite and
// the glyphs.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWith measures drawing a deck's renderer the first time it is
// asked for (a palette for the four-colour ones, a kit of faces): the
// wait of the first picture of a player who chose it.
func BenchmarkWith(b *testing.B) {
	base, err := New()
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []Deck{{FourColour: true}, {Large: true}, {FourColour: true, Large: true}} {
		b.Run(fmt.Sprintf("four-colour=%v,large=%v", d.FourColour, d.Large), func(b *testing.B) {
			for b.Loop() {
				base.family = &family{} // forget the variants drawn so far
				base.family.styles[0].r = base
				base.family.styles[0].once.Do(func() {})
				if base.With(d) == base {
					b.Fatal("no variant")
				}
			}
		})
	}
}
