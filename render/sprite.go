package render

import (
	"image"
)

// sprite is an image drawn once at start-up and kept in palette indices, so
// that drawing it on a table is mostly copying bytes. Opaque pixels are
// plain indices; transparent ones are skipped; the few partly transparent
// ones (anti-aliased outlines) are blended with what lies below when drawn.
type sprite struct {
	w, h  int
	pix   []uint8 // palette index of each opaque pixel
	alpha []uint8 // coverage of each pixel
	rows  []spriteRow
}

// spriteRow lists a row's runs and its partly transparent pixels, left to
// right.
type spriteRow struct {
	runs    []run
	partial []partialPix
}

// partialPix is a partly transparent pixel in premultiplied colour.
type partialPix struct {
	x       int
	r, g, b uint8
}

// run is a stretch of a row: opaque (copied at once) or mixed (drawn pixel
// by pixel). Transparent stretches between runs are skipped.
type run struct {
	x0, x1 int
	opaque bool
}

// minCopy is the shortest opaque stretch worth its own copy.
const minCopy = 8

// newSprite converts an RGBA image (premultiplied, as image.RGBA holds it)
// into a sprite through the palette.
func newSprite(m *image.RGBA, p *palette) *sprite {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	s := &sprite{w: w, h: h, pix: make([]uint8, w*h), alpha: make([]uint8, w*h), rows: make([]spriteRow, h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			o := m.PixOffset(b.Min.X+x, b.Min.Y+y)
			r, g, bl, a := m.Pix[o], m.Pix[o+1], m.Pix[o+2], m.Pix[o+3]
			i := y*w + x
			s.alpha[i] = a
			switch a {
			case 0:
			case 0xff:
				s.pix[i] = p.index(r, g, bl)
			default:
				s.rows[y].partial = append(s.rows[y].partial, partialPix{x, r, g, bl})
			}
		}
		s.rows[y].runs = runs(s.alpha[y*w : (y+1)*w])
	}
	return s
}

// runs splits a row of coverage into opaque and mixed runs.
func runs(alpha []uint8) []run {
	var out []run
	add := func(x0, x1 int, opaque bool) {
		if n := len(out); n > 0 && !opaque && !out[n-1].opaque && out[n-1].x1 == x0 {
			out[n-1].x1 = x1
			return
		}
		out = append(out, run{x0, x1, opaque})
	}
	for x := 0; x < len(alpha); {
		if alpha[x] == 0 {
			x++
			continue
		}
		end := x
		for end < len(alpha) && alpha[end] == 0xff {
			end++
		}
		if end-x >= minCopy {
			add(x, end, true)
			x = end
			continue
		}
		// a mixed stretch: up to the next long opaque stretch or a gap
		end = x
		for end < len(alpha) && alpha[end] != 0 {
			o := end
			for o < len(alpha) && alpha[o] == 0xff {
				o++
			}
			if o-end >= minCopy {
				break
			}
			end = max(o, end+1)
		}
		add(x, end, false)
		x = end
	}
	return out
}

// draw draws the part clip (in the sprite's own coordinates) of s with its
// top-left corner at (x, y) on dst, clipped to dst's bounds.
func (s *sprite) draw(dst *image.Paletted, p *palette, x, y int, clip image.Rectangle) {
	clip = clip.Intersect(image.Rect(0, 0, s.w, s.h))
	clip = clip.Intersect(dst.Rect.Sub(image.Pt(x, y)))
	if clip.Empty() {
		return
	}
	for sy := clip.Min.Y; sy < clip.Max.Y; sy++ {
		do := dst.PixOffset(x, y+sy)
		so := sy * s.w
		row := &s.rows[sy]
		k := 0 // the next partial pixel
		for _, rn := range row.runs {
			x0, x1 := max(rn.x0, clip.Min.X), min(rn.x1, clip.Max.X)
			if x0 >= x1 {
				continue
			}
			if rn.opaque {
				copy(dst.Pix[do+x0:do+x1], s.pix[so+x0:so+x1])
				continue
			}
			for sx := x0; sx < x1; sx++ {
				switch a := s.alpha[so+sx]; a {
				case 0:
				case 0xff:
					dst.Pix[do+sx] = s.pix[so+sx]
				default:
					for row.partial[k].x < sx {
						k++
					}
					c := &row.partial[k]
					dst.Pix[do+sx] = p.blend(dst.Pix[do+sx], c.r, c.g, c.b, a)
				}
			}
		}
	}
}

// whole is the clip rectangle that draws all of s.
func (s *sprite) whole() image.Rectangle { return image.Rect(0, 0, s.w, s.h) }
