package render

import "image"

// fill paints r (clipped to dst) in c.
func fill(dst *image.Paletted, r image.Rectangle, c Colour) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	w := r.Dx()
	first := dst.PixOffset(r.Min.X, r.Min.Y)
	row := dst.Pix[first : first+w]
	for i := range row {
		row[i] = uint8(c)
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		o := dst.PixOffset(r.Min.X, y)
		copy(dst.Pix[o:o+w], row)
	}
}

// fillRound paints r with its corners rounded to radius rad, the corners'
// edges anti-aliased (4×4 samples a pixel).
func fillRound(dst *image.Paletted, p *palette, r image.Rectangle, rad int, c Colour) {
	rad = min(rad, r.Dx()/2, r.Dy()/2)
	if rad <= 0 || !r.Overlaps(dst.Rect) { // (a picture may be drawn a band at a time)
		fill(dst, r, c)
		return
	}
	// the body without the corner squares
	fill(dst, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Max.Y), c)
	fill(dst, image.Rect(r.Min.X, r.Min.Y+rad, r.Min.X+rad, r.Max.Y-rad), c)
	fill(dst, image.Rect(r.Max.X-rad, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), c)
	// the corners: one quarter disc's coverage, mirrored into the four
	cov := cornerCoverage(rad)
	bg, tab := -1, (*[256]uint8)(nil)
	for y := 0; y < rad; y++ {
		if top, bottom := r.Min.Y+y, r.Max.Y-1-y; (top < dst.Rect.Min.Y || top >= dst.Rect.Max.Y) &&
			(bottom < dst.Rect.Min.Y || bottom >= dst.Rect.Max.Y) {
			continue // neither row is drawn
		}
		for x := 0; x < rad; x++ {
			a := cov[y*rad+x]
			if a == 0 {
				continue
			}
			for _, pt := range [4]image.Point{
				{r.Min.X + x, r.Min.Y + y},
				{r.Max.X - 1 - x, r.Min.Y + y},
				{r.Min.X + x, r.Max.Y - 1 - y},
				{r.Max.X - 1 - x, r.Max.Y - 1 - y},
			} {
				if !pt.In(dst.Rect) {
					continue
				}
				o := dst.PixOffset(pt.X, pt.Y)
				if a == 0xff {
					dst.Pix[o] = uint8(c)
				} else {
					if int(dst.Pix[o]) != bg {
						bg = int(dst.Pix[o])
						tab = p.mixTable(c, dst.Pix[o])
					}
					dst.Pix[o] = tab[a]
				}
			}
		}
	}
}

// maxCornerRadius is the largest radius whose corner coverage is kept.
const maxCornerRadius = 64

// corners holds, for each radius, the coverage of the top-left rad × rad
// square by a disc of that radius centred on its bottom-right corner.
var corners = func() [maxCornerRadius + 1][]uint8 {
	var t [maxCornerRadius + 1][]uint8
	for rad := 1; rad <= maxCornerRadius; rad++ {
		t[rad] = quarterDisc(rad)
	}
	return t
}()

func cornerCoverage(rad int) []uint8 {
	if rad <= maxCornerRadius {
		return corners[rad]
	}
	return quarterDisc(rad)
}

// quarterDisc computes a corner's coverage with 4×4 samples a pixel.
func quarterDisc(rad int) []uint8 {
	cov := make([]uint8, rad*rad)
	r2 := 64 * rad * rad // rad², in eighths of a pixel
	for y := 0; y < rad; y++ {
		for x := 0; x < rad; x++ {
			n := 0
			for sy := 0; sy < 4; sy++ {
				// distance from the disc's centre in eighths of a pixel
				dy := 8*(rad-y) - (2*sy + 1)
				for sx := 0; sx < 4; sx++ {
					dx := 8*(rad-x) - (2*sx + 1)
					if dx*dx+dy*dy <= r2 {
						n++
					}
				}
			}
			cov[y*rad+x] = uint8(n * 255 / 16)
		}
	}
	return cov
}
