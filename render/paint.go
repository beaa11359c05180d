package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// painter draws shapes and text in full colour at start-up, when the
// sprites and glyphs are made. It is used by one goroutine only.
type painter struct {
	z     vector.Rasterizer
	fonts [2]*opentype.Font // bold, regular
	faces map[faceKey]font.Face
}

// Weight picks one of the Go fonts.
type weight uint8

const (
	bold weight = iota
	regular
)

type faceKey struct {
	w    weight
	size float64
	hint font.Hinting
}

func newPainter() (*painter, error) {
	p := &painter{faces: map[faceKey]font.Face{}}
	for i, ttf := range [][]byte{gobold.TTF, goregular.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("render: parsing the Go fonts: %w", err)
		}
		p.fonts[i] = f
	}
	return p, nil
}

// face returns the font face of a weight at size pixels.
func (p *painter) face(w weight, size float64, hint font.Hinting) (font.Face, error) {
	k := faceKey{w, size, hint}
	if f, ok := p.faces[k]; ok {
		return f, nil
	}
	f, err := opentype.NewFace(p.fonts[w], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: hint})
	if err != nil {
		return nil, fmt.Errorf("render: a %gpx face: %w", size, err)
	}
	p.faces[k] = f
	return f, nil
}

// roundRect adds a rounded rectangle to the path; ccw winds it the other
// way, so that inside an earlier one it cuts a hole.
func roundRect(z *vector.Rasterizer, x0, y0, x1, y1, rad float32, ccw bool) {
	const k = 0.5522847 // cubic approximation of a quarter circle
	c := rad * (1 - k)
	z.MoveTo(x0+rad, y0)
	if !ccw {
		z.LineTo(x1-rad, y0)
		z.CubeTo(x1-c, y0, x1, y0+c, x1, y0+rad)
		z.LineTo(x1, y1-rad)
		z.CubeTo(x1, y1-c, x1-c, y1, x1-rad, y1)
		z.LineTo(x0+rad, y1)
		z.CubeTo(x0+c, y1, x0, y1-c, x0, y1-rad)
		z.LineTo(x0, y0+rad)
		z.CubeTo(x0, y0+c, x0+c, y0, x0+rad, y0)
	} else {
		z.CubeTo(x0+c, y0, x0, y0+c, x0, y0+rad)
		z.LineTo(x0, y1-rad)
		z.CubeTo(x0, y1-c, x0+c, y1, x0+rad, y1)
		z.LineTo(x1-rad, y1)
		z.CubeTo(x1-c, y1, x1, y1-c, x1, y1-rad)
		z.LineTo(x1, y0+rad)
		z.CubeTo(x1, y0+c, x1-c, y0, x1-rad, y0)
		z.LineTo(x0+rad, y0)
	}
	z.ClosePath()
}

func (p *painter) start(dst *image.RGBA) {
	b := dst.Bounds()
	p.z.Reset(b.Dx(), b.Dy())
}

func (p *painter) finish(dst *image.RGBA, src image.Image) {
	p.z.Draw(dst, dst.Bounds(), src, image.Point{})
}

// fillRound fills a rounded rectangle with src (a colour or a pattern).
func (p *painter) fillRound(dst *image.RGBA, src image.Image, x0, y0, x1, y1, rad float32) {
	p.start(dst)
	roundRect(&p.z, x0, y0, x1, y1, rad, false)
	p.finish(dst, src)
}

// ringRound draws the outline of a rounded rectangle, width thick, inside
// the given bounds.
func (p *painter) ringRound(dst *image.RGBA, c Colour, x0, y0, x1, y1, rad, width float32) {
	p.start(dst)
	roundRect(&p.z, x0, y0, x1, y1, rad, false)
	roundRect(&p.z, x0+width, y0+width, x1-width, y1-width, max(rad-width, 0), true)
	p.finish(dst, uniform(c))
}

// star fills a star of n points centred on (cx, cy).
func (p *painter) star(dst *image.RGBA, c Colour, cx, cy, outer, inner float64, n int) {
	p.start(dst)
	for i := 0; i < 2*n; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := math.Pi*float64(i)/float64(n) - math.Pi/2
		x, y := float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a))
		if i == 0 {
			p.z.MoveTo(x, y)
		} else {
			p.z.LineTo(x, y)
		}
	}
	p.z.ClosePath()
	p.finish(dst, uniform(c))
}

// anchor says which point of a text (x, y) names.
type anchor uint8

const (
	baselineLeft anchor = iota // the start of the baseline
	inkCentre                  // the centre of the inked box
	inkTopLeft                 // the top-left corner of the inked box
	inkTopMid                  // the middle of the inked box's top edge
)

// text draws s and returns the x where the next text would start.
func (p *painter) text(dst draw.Image, s string, w weight, size float64, c Colour, x, y float64, at anchor) (float64, error) {
	f, err := p.face(w, size, font.HintingNone)
	if err != nil {
		return 0, err
	}
	d := font.Drawer{Dst: dst, Src: uniform(c), Face: f}
	bb, _ := d.BoundString(s)
	switch at {
	case inkCentre:
		x -= float64(bb.Min.X+bb.Max.X) / 128
		y -= float64(bb.Min.Y+bb.Max.Y) / 128
	case inkTopLeft:
		x -= float64(bb.Min.X) / 64
		y -= float64(bb.Min.Y) / 64
	case inkTopMid:
		x -= float64(bb.Min.X+bb.Max.X) / 128
		y -= float64(bb.Min.Y) / 64
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
	d.DrawString(s)
	return float64(d.Dot.X) / 64, nil
}

// inkWidth is the width of s's inked box.
func (p *painter) inkWidth(s string, w weight, size float64) (float64, error) {
	f, err := p.face(w, size, font.HintingNone)
	if err != nil {
		return 0, err
	}
	bb, _ := font.BoundString(f, s)
	return float64(bb.Max.X-bb.Min.X) / 64, nil
}

func uniform(c Colour) *image.Uniform { return image.NewUniform(c.Value()) }

func newRGBA(w, h int) *image.RGBA { return image.NewRGBA(image.Rect(0, 0, w, h)) }

// rotate180 returns m turned upside down.
func rotate180(m *image.RGBA) *image.RGBA {
	b := m.Bounds()
	out := newRGBA(b.Dx(), b.Dy())
	n := len(out.Pix) / 4
	for i := 0; i < n; i++ {
		copy(out.Pix[(n-1-i)*4:(n-i)*4], m.Pix[i*4:i*4+4])
	}
	return out
}

// over draws src over dst with its top-left corner at (x, y).
func over(dst *image.RGBA, src image.Image, x, y int) {
	b := src.Bounds()
	draw.Draw(dst, b.Sub(b.Min).Add(image.Pt(x, y)), src, b.Min, draw.Over)
}
