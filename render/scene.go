package render

import (
	"image"

	"github.com/dealer/dealer/games/cards"
)

// Scene is a table laid out as data: everything its picture shows and
// where. A game's layout function builds one from a view; the renderer
// draws it. Tests read scenes rather than pixels.
//
// Things are drawn in this order: the background, Boxes, Piles, Cards (each
// with its selection ring), Labels.
type Scene struct {
	W, H       int
	Background Colour
	Boxes      []Box
	Piles      []Pile
	Cards      []Placed
	Labels     []Label
}

// Box is a filled rectangle, its corners rounded to Radius.
type Box struct {
	Rect   image.Rectangle
	Fill   Colour
	Radius int
}

// Pile is the outline of a place cards go, drawn where no card lies.
type Pile struct {
	Name string          // the pile in the game's notation: "a", "3", "h"
	Rect image.Rectangle // CardW × CardH
	// Label is drawn inside the outline in LabelInk ("" for none): the suit
	// of an empty foundation, say.
	Label    string
	LabelInk Colour
	Selected bool
}

// Placed is one card on the table.
type Placed struct {
	Card cards.Card
	Pile string          // the pile it lies on, in the game's notation
	Rect image.Rectangle // the whole card, CardW × CardH
	// Visible is the part of Rect that later cards leave uncovered; empty
	// means all of it (a card on top). Only that part, and what the rounded
	// corners of the cards over it leave in sight, is drawn.
	Visible  image.Rectangle
	FaceUp   bool
	Style    CardStyle
	Selected bool // a ring around the visible part
}

// Label is a line of text in a box: left-, centre- or right-aligned in
// Rect, centred vertically on its capitals. With Boxed, Rect is first
// filled in Fill, its corners rounded to Radius, or to half its height (a
// pill) when Radius is 0.
type Label struct {
	Text   string
	Rect   image.Rectangle
	Size   TextSize
	Ink    Colour
	Align  Align
	Boxed  bool
	Fill   Colour
	Radius int
}

// Align places a label's text in its box.
type Align uint8

// The alignments.
const (
	Centre Align = iota
	Left
	Right
)

// LabelPad is the room left between a label's text and the ends of its box.
const LabelPad = 10

// drawOn draws s on dst, which is s.W × s.H.
func (r *Renderer) drawOn(dst *image.Paletted, s *Scene) {
	fill(dst, dst.Rect, r.pal.ink(s.Background))
	for _, b := range s.Boxes {
		fillRound(dst, r.pal, b.Rect, b.Radius, r.pal.ink(b.Fill))
	}
	for _, p := range s.Piles {
		r.kit.pile.draw(dst, r.pal, p.Rect.Min.X, p.Rect.Min.Y, r.kit.pile.whole())
		if p.Label != "" {
			r.text(dst, Label{Text: p.Label, Rect: p.Rect, Size: Huge, Ink: p.LabelInk})
		}
		if p.Selected {
			r.ring(dst, p.Rect, p.Rect)
		}
	}
	for i := range s.Cards {
		c := &s.Cards[i]
		sp := r.kit.back
		if c.FaceUp {
			if f := r.kit.face(c.Card, c.Style); f != nil {
				sp = f
			}
		}
		clip := shown(c.Rect, c.Visible)
		sp.draw(dst, r.pal, c.Rect.Min.X, c.Rect.Min.Y, clip)
		if c.Selected {
			r.ring(dst, c.Rect, clip.Add(c.Rect.Min))
		}
	}
	for _, l := range s.Labels {
		r.text(dst, l)
	}
}

// shown is the part of a card's sprite to draw: its visible part, reaching
// a corner radius further under the cards that cover it, whose rounded
// corners leave that much of it in sight.
func shown(card, visible image.Rectangle) image.Rectangle {
	if visible.Empty() {
		return image.Rect(0, 0, CardW, CardH)
	}
	v := visible.Intersect(card)
	if v.Empty() {
		return image.Rectangle{}
	}
	v = v.Sub(card.Min)
	if v.Max.Y < CardH {
		v.Max.Y = min(v.Max.Y+cardRadius, CardH)
	}
	if v.Max.X < CardW {
		v.Max.X = min(v.Max.X+cardRadius, CardW)
	}
	if v.Min.Y > 0 {
		v.Min.Y = max(v.Min.Y-cardRadius, 0)
	}
	if v.Min.X > 0 {
		v.Min.X = max(v.Min.X-cardRadius, 0)
	}
	return v
}

// ring draws the selection ring around card, only as far as the part
// drawn (in table coordinates) reaches.
func (r *Renderer) ring(dst *image.Paletted, card, drawn image.Rectangle) {
	o := card.Min.Sub(image.Pt(RingPad, RingPad))
	clip := drawn.Sub(o)
	// reach out to the ring's outer edge on every side the card shows to
	if drawn.Min.X == card.Min.X {
		clip.Min.X = 0
	}
	if drawn.Min.Y == card.Min.Y {
		clip.Min.Y = 0
	}
	if drawn.Max.X == card.Max.X {
		clip.Max.X = CardW + 2*RingPad
	}
	if drawn.Max.Y == card.Max.Y {
		clip.Max.Y = CardH + 2*RingPad
	}
	r.kit.ring.draw(dst, r.pal, o.X, o.Y, clip)
}

// text draws a label, its colours read through the palette (palette.ink).
func (r *Renderer) text(dst *image.Paletted, l Label) {
	if l.Boxed {
		rad := l.Radius
		if rad == 0 {
			rad = l.Rect.Dy() / 2
		}
		fillRound(dst, r.pal, l.Rect, rad, r.pal.ink(l.Fill))
	}
	x, y := r.textPen(l)
	r.glyphs[l.Size].draw(dst, r.pal, l.Text, r.pal.ink(l.Ink), x, y)
}

// textPen is where a label's text starts: the pen on the baseline.
func (r *Renderer) textPen(l Label) (x, y int) {
	g := r.glyphs[l.Size]
	w := g.width(l.Text)
	x = l.Rect.Min.X + (l.Rect.Dx()-w)/2
	switch l.Align {
	case Left:
		x = l.Rect.Min.X
		if l.Boxed {
			x += LabelPad
		}
	case Right:
		x = l.Rect.Max.X - w
		if l.Boxed {
			x -= LabelPad
		}
	}
	y = l.Rect.Min.Y + (l.Rect.Dy()+g.capTop)/2
	return x, y
}

// TextWidth is how wide a text is drawn at a size, in pixels.
func (r *Renderer) TextWidth(s string, size TextSize) int { return TextWidth(s, size) }
