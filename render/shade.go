package render

import (
	"image"
	"sync"
)

// Shaded is a scene some parts of which are drawn dimmed, as if under a
// veil of felt: the cards of a hand that may not be played now.
type Shaded struct {
	*Scene
	// Dim lists the parts to dim, in table coordinates.
	Dim []image.Rectangle
}

// dimShare is how much of the felt the veil lets through.
const dimShare = 0.5

// dimTables maps each palette entry to its dimmed entry, one table per
// palette (every renderer's palette is the same, so there is one).
var dimTables sync.Map // *palette → *[256]uint8

func (p *palette) dimmed() *[256]uint8 {
	if t, ok := dimTables.Load(p); ok {
		return t.(*[256]uint8)
	}
	t := new([256]uint8)
	f := rgb[Felt]
	for i := range t {
		c := p.rgb[i]
		var d [3]uint8
		for k := range d {
			d[k] = uint8(float64(c[k])*(1-dimShare) + float64(f[k])*dimShare + 0.5)
		}
		t[i] = p.index(d[0], d[1], d[2])
	}
	got, _ := dimTables.LoadOrStore(p, t)
	return got.(*[256]uint8)
}

// dim dims the given parts of m.
func (r *Renderer) dim(m *image.Paletted, parts []image.Rectangle) {
	if len(parts) == 0 {
		return
	}
	t := r.pal.dimmed()
	for _, part := range parts {
		part = part.Intersect(m.Rect)
		for y := part.Min.Y; y < part.Max.Y; y++ {
			o := m.PixOffset(part.Min.X, y)
			row := m.Pix[o : o+part.Dx()]
			for i, c := range row {
				row[i] = t[c]
			}
		}
	}
}

// ShadedPNG draws a shaded scene and encodes it.
func (r *Renderer) ShadedPNG(s Shaded) ([]byte, error) {
	return r.png(s.Scene, s.Dim)
}
