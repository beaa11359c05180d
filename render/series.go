package render

import (
	"image"
	"slices"

	"github.com/dealer/dealer/render/pngenc"
)

// A series is the successive pictures of one thing: a table, or one
// seat's hand at it. A move changes a few of a table's cards, so most of
// its next picture is its last one's. The encoder keeps a series' last
// picture (pngenc.Encoder.EncodeNext), with the scene it was drawn from;
// the renderer compares that scene with the next one's and tells the
// encoder the parts of the picture the changed things reach: the rest is
// neither drawn nor read again. The pixels are the same as without a
// series.

// Series returns r drawing pictures of the named series. The name is the
// caller's, unique to what it names ("" is no series); pictures of one
// series may be drawn at once, at the cost of the reuse.
func (r *Renderer) Series(name string) *Renderer {
	s := *r
	s.series = name
	return &s
}

// lastPicture is what the encoder keeps, as its note, of what a series'
// last picture was drawn from.
type lastPicture struct {
	style style
	scene Scene // its slices copies
	dim   []image.Rectangle
}

// size is about how many bytes l takes.
func (l *lastPicture) size() int {
	return 4 * (24 + len(l.scene.Cards)*20 + len(l.scene.Labels)*24 +
		len(l.scene.Piles)*20 + len(l.scene.Boxes)*8 + len(l.dim)*8)
}

// style is what besides the scene decides a picture's pixels: the
// renderer's deck, palette and type.
type style struct {
	kit    *kit
	pal    *palette
	glyphs [numSizes]*glyphs
}

func (r *Renderer) style() style { return style{r.kit, r.pal, r.glyphs} }

// png draws a scene, dim the parts to veil, and encodes it; in a series,
// from the series' last picture.
func (r *Renderer) png(s *Scene, dim []image.Rectangle) ([]byte, error) {
	if err := checkSize(s); err != nil {
		return nil, err
	}
	c := r.canvas(s.W, s.H)
	defer r.canvases.Put(c)
	draw := func(part image.Rectangle) {
		m := c.Image.SubImage(part).(*image.Paletted)
		r.drawOn(m, s)
		r.dim(m, dim)
	}
	if r.series == "" {
		draw(c.Image.Rect)
		return r.enc.Encode(c)
	}
	note := r.note(s, dim)
	n := pngenc.Next{Series: r.series, From: r.enc.Last(r.series), Note: note, NoteSize: note.size()}
	if n.From != nil {
		if last, ok := n.From.Note.(*lastPicture); ok && last.style == note.style &&
			last.scene.W == s.W && last.scene.H == s.H && last.scene.Background == s.Background {
			n.Diffed, n.Changed = true, r.changes(last, s, dim)
		}
	}
	return r.enc.EncodeNext(c, n, draw)
}

// note is what is kept of the picture of s, dim veiled, for its series'
// next picture.
func (r *Renderer) note(s *Scene, dim []image.Rectangle) *lastPicture {
	l := &lastPicture{style: r.style(), scene: *s, dim: slices.Clone(dim)}
	l.scene.Boxes = slices.Clone(s.Boxes)
	l.scene.Piles = slices.Clone(s.Piles)
	l.scene.Cards = slices.Clone(s.Cards)
	l.scene.Labels = slices.Clone(s.Labels)
	return l
}

// changes lists the parts of the picture of s (drawn with dim) that the
// things changed since last reach.
func (r *Renderer) changes(last *lastPicture, s *Scene, dim []image.Rectangle) []image.Rectangle {
	var parts []image.Rectangle
	mark := func(reach image.Rectangle) { parts = append(parts, reach) }
	changed(last.scene.Boxes, s.Boxes, func(b Box) image.Rectangle { return b.Rect }, mark)
	changed(last.scene.Piles, s.Piles, r.pileReach, mark)
	changed(last.scene.Cards, s.Cards, func(c Placed) image.Rectangle { return c.Rect.Inset(-RingPad) }, mark)
	changed(last.scene.Labels, s.Labels, r.labelReach, mark)
	changed(last.dim, dim, func(d image.Rectangle) image.Rectangle { return d }, mark)
	return parts
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
