package render

import (
	"bytes"
	"image"
	"slices"
)

// A series is the successive pictures of one thing: a table, or one
// seat's hand at it. A move changes a few of a table's cards, so most of
// its next picture is its last one's. The renderer keeps what a series'
// last picture was made of (its scene, and the encoder's bands), and for
// the next one compares the scenes: rows no changed thing reaches are
// neither drawn nor read again, their bands taken from the cache as they
// were; the changed bands are searched starting from the last picture's
// tokens (reuse.go). The pixels are the same as without a series.

// Series returns r drawing pictures of the named series. The name is the
// caller's, unique to what it names ("" is no series); pictures of one
// series may be drawn at once, at the cost of the reuse.
func (r *Renderer) Series(name string) *Renderer {
	s := *r
	s.series = name
	return &s
}

// lastPicture is what is kept of a series' last picture.
type lastPicture struct {
	style style
	scene Scene // its slices copies
	dim   []image.Rectangle
	bands []bandKey
}

// weight is about how much memory l takes, in the cache's units (tokens
// of four bytes).
func (l *lastPicture) weight() int {
	return 32 + len(l.bands)*8 + len(l.scene.Cards)*20 + len(l.scene.Labels)*24 +
		len(l.scene.Piles)*20 + len(l.scene.Boxes)*8 + len(l.dim)*8
}

// style is what besides the scene decides a picture's pixels: the
// renderer's deck, palette and type.
type style struct {
	kit    *kit
	pal    *palette
	glyphs [numSizes]*glyphs
}

func (r *Renderer) style() style { return style{r.kit, r.pal, r.glyphs} }

// png draws a scene, dim the parts to veil, and encodes it, its buffer
// first grown by size; in a series, from the series' last picture.
func (r *Renderer) png(s *Scene, dim []image.Rectangle, size int) ([]byte, error) {
	if err := checkSize(s); err != nil {
		return nil, err
	}
	c := r.canvas(s.W, s.H)
	defer r.canvases.Put(c)
	var buf bytes.Buffer
	buf.Grow(size)
	var p *prior
	if r.series != "" && r.bands != nil {
		p = &prior{tag: r.bands.seriesTag(r.series)}
	}
	if last := r.bands.last(r.series); last != nil {
		p.last = last.bands
		if last.style == r.style() && last.scene.W == s.W && last.scene.H == s.H && last.scene.Background == s.Background {
			p.same, p.dirty = r.sameBands(last, s, dim)
			r.bands.keeps(p)
			for y0, y1 := range p.changedRows(s.H) {
				band := c.m.SubImage(image.Rect(0, y0, s.W, y1)).(*image.Paletted)
				r.drawOn(band, s)
				r.dim(band, dim)
			}
			if encodeRows(&buf, &c.m, c.rows(), r.bands, p) {
				r.keep(s, dim, p.keys)
				return buf.Bytes(), nil
			}
			// What the cache kept of the last picture is gone: draw
			// the whole picture.
			buf.Reset()
			p.same, p.dirty = nil, nil
		}
	}
	r.drawOn(&c.m, s)
	r.dim(&c.m, dim)
	encodeRows(&buf, &c.m, c.rows(), r.bands, p) // no band marked the same: it cannot fail
	if p != nil {
		r.keep(s, dim, p.keys)
	}
	return buf.Bytes(), nil
}

// keep keeps the picture of s as its series' last.
func (r *Renderer) keep(s *Scene, dim []image.Rectangle, bands []bandKey) {
	l := &lastPicture{style: r.style(), scene: *s, dim: slices.Clone(dim), bands: bands}
	l.scene.Boxes = slices.Clone(s.Boxes)
	l.scene.Piles = slices.Clone(s.Piles)
	l.scene.Cards = slices.Clone(s.Cards)
	l.scene.Labels = slices.Clone(s.Labels)
	r.bands.setLast(r.series, l)
}

// changedRows yields the row spans to draw: the bands not known to be the
// same, each with the row above it, which its search may copy from.
func (p *prior) changedRows(h int) func(yield func(int, int) bool) {
	return func(yield func(int, int) bool) {
		for n := 0; n*bandRows < h; {
			if p.sameAs(n) {
				n++
				continue
			}
			m := n + 1
			for m*bandRows < h && !p.sameAs(m) {
				m++
			}
			if !yield(max(n*bandRows-1, 0), min(m*bandRows, h)) {
				return
			}
			n = m
		}
	}
}

// sameBands marks the bands of s (drawn with dim) that are last's: those
// no changed thing reaches, nor the row above them; and lists for the
// others the columns changed things reach.
func (r *Renderer) sameBands(last *lastPicture, s *Scene, dim []image.Rectangle) ([]bool, [][]span) {
	nb := (s.H + bandRows - 1) / bandRows
	same := make([]bool, nb)
	for n := range same {
		same[n] = true
	}
	dirty := make([][]span, nb)
	mark := func(reach image.Rectangle) {
		// A changed row changes its band, and the band below if it is
		// that band's last row (the row above the next band). Column c
		// of the picture is column 1+c of a row, after its filter type.
		x0, x1 := 1+max(reach.Min.X, 0), 1+min(reach.Max.X, s.W)
		y0, y1 := max(reach.Min.Y, 0), min(reach.Max.Y+1, s.H)
		if x0 >= x1 || y0 >= y1 {
			return
		}
		for n := y0 / bandRows; n < nb && n*bandRows < y1; n++ {
			same[n] = false
			dirty[n] = append(dirty[n], span{x0, x1})
		}
	}
	changed(last.scene.Boxes, s.Boxes, func(b Box) image.Rectangle { return b.Rect }, mark)
	changed(last.scene.Piles, s.Piles, r.pileReach, mark)
	changed(last.scene.Cards, s.Cards, func(c Placed) image.Rectangle { return c.Rect.Inset(-RingPad) }, mark)
	changed(last.scene.Labels, s.Labels, r.labelReach, mark)
	changed(last.dim, dim, func(d image.Rectangle) image.Rectangle { return d }, mark)
	for n, spans := range dirty {
		dirty[n] = merged(spans)
	}
	return same, dirty
}

// merged sorts spans and joins those that overlap or touch.
func merged(spans []span) []span {
	if len(spans) < 2 {
		return spans
	}
	slices.SortFunc(spans, func(a, b span) int { return a.lo - b.lo })
	out := spans[:1]
	for _, s := range spans[1:] {
		if last := &out[len(out)-1]; s.lo <= last.hi {
			last.hi = max(last.hi, s.hi)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// changed calls mark with the part of the picture (by rows) each thing
// of cur not in old, or of old not in cur, or drawn in another order than
// before, reaches.
func changed[T comparable](old, cur []T, reach func(T) image.Rectangle, mark func(image.Rectangle)) {
	// The same things at the start and at the end, as most are.
	for len(old) > 0 && len(cur) > 0 && old[0] == cur[0] {
		old, cur = old[1:], cur[1:]
	}
	for len(old) > 0 && len(cur) > 0 && old[len(old)-1] == cur[len(cur)-1] {
		old, cur = old[:len(old)-1], cur[:len(cur)-1]
	}
	if len(old) == 0 || len(cur) == 0 {
		for _, t := range old {
			mark(reach(t))
		}
		for _, t := range cur {
			mark(reach(t))
		}
		return
	}
	at := make(map[T][]int, len(old))
	for i, t := range old {
		at[t] = append(at[t], i)
	}
	prev := -1 // the last match's place in old: matches must follow it
	for _, t := range cur {
		if q := at[t]; len(q) > 0 {
			at[t] = q[1:]
			if q[0] > prev {
				prev = q[0]
				continue
			}
		}
		mark(reach(t))
	}
	for t, q := range at {
		for range q {
			mark(reach(t))
		}
	}
}

// pileReach is the part of the picture a pile reaches: its outline, ring
// and label.
func (r *Renderer) pileReach(p Pile) image.Rectangle {
	reach := p.Rect.Inset(-RingPad)
	if p.Label != "" {
		reach = reach.Union(r.labelReach(Label{Text: p.Label, Rect: p.Rect, Size: Huge}))
	}
	return reach
}

// labelReach is the part of the picture a label reaches: its box, and its
// glyphs where text draws them (they may run past the box).
func (r *Renderer) labelReach(l Label) image.Rectangle {
	g := r.glyphs[l.Size]
	x, y := r.textPen(l)
	reach := l.Rect
	for _, c := range l.Text {
		gl := g.get(c)
		reach = reach.Union(image.Rect(x+gl.dx, y+gl.dy, x+gl.dx+gl.w, y+gl.dy+gl.h))
		x += gl.adv
	}
	return reach
}
