package render

import (
	"image"
	"image/draw"

	"github.com/dealer/dealer/games/cards"
)

// Card geometry, in pixels. Every table draws cards at this one size.
const (
	CardW      = 106
	CardH      = 148
	cardRadius = 9
	// RingPad is how far the selection ring reaches outside a card.
	RingPad = 5

	// StackStep is how far down the next card of a column starts when there
	// is room: the whole corner index and a margin show.
	StackStep = 43
	// MinStackStep is the least overlap that still shows a card's whole
	// corner index in a column.
	MinStackStep = 35
	// FanStep is how far right the next card of a hand fanned sideways
	// starts: the whole side index shows.
	FanStep = 41
)

// CardStyle picks where a face's big index is, after how the cards overlap.
type CardStyle uint8

const (
	// Stacked faces have their index across the top-left corner ("10♥"),
	// readable when the next card covers all but the top StackStep pixels.
	Stacked CardStyle = iota
	// Fanned faces have it down the left side (10 over ♥), readable when the
	// next card covers all but the left FanStep pixels.
	Fanned
	numStyles
)

// numFaces counts the sprites of one style: 52 cards and the two jokers.
const numFaces = 54

// faceIndex is where card c's sprite is kept; false for no card.
func faceIndex(c cards.Card) (int, bool) {
	switch {
	case c == cards.RedJoker:
		return 52, true
	case c == cards.BlackJoker:
		return 53, true
	case c.Rank >= cards.Ace && c.Rank <= cards.King && c.Suit <= cards.Spades:
		return int(c.Suit)*13 + int(c.Rank) - 1, true
	}
	return 0, false
}

// kit holds every card sprite, drawn once at start-up.
type kit struct {
	faces [numStyles][numFaces]*sprite
	back  *sprite // face down
	pile  *sprite // outline of an empty pile, CardW × CardH
	ring  *sprite // selection ring, (CardW+2·RingPad) × (CardH+2·RingPad)
}

// face returns card c's sprite in a style, or nil for no card.
func (k *kit) face(c cards.Card, st CardStyle) *sprite {
	i, ok := faceIndex(c)
	if !ok || st >= numStyles {
		return nil
	}
	return k.faces[st][i]
}

func ink(c cards.Card) Colour {
	if c.Color() == cards.Red {
		return Red
	}
	return Black
}

// pipLayout gives the pip centres of ranks 2–10 in a unit box, and whether
// each is drawn upside down (the lower half of the card).
var pipLayout = [11][][3]float64{
	2:  {{.5, 0, 0}, {.5, 1, 1}},
	3:  {{.5, 0, 0}, {.5, .5, 0}, {.5, 1, 1}},
	4:  {{0, 0, 0}, {1, 0, 0}, {0, 1, 1}, {1, 1, 1}},
	5:  {{0, 0, 0}, {1, 0, 0}, {.5, .5, 0}, {0, 1, 1}, {1, 1, 1}},
	6:  {{0, 0, 0}, {1, 0, 0}, {0, .5, 0}, {1, .5, 0}, {0, 1, 1}, {1, 1, 1}},
	7:  {{0, 0, 0}, {1, 0, 0}, {.5, .25, 0}, {0, .5, 0}, {1, .5, 0}, {0, 1, 1}, {1, 1, 1}},
	8:  {{0, 0, 0}, {1, 0, 0}, {.5, .25, 0}, {0, .5, 0}, {1, .5, 0}, {.5, .75, 1}, {0, 1, 1}, {1, 1, 1}},
	9:  {{0, 0, 0}, {1, 0, 0}, {0, 1.0 / 3, 0}, {1, 1.0 / 3, 0}, {.5, .5, 0}, {0, 2.0 / 3, 1}, {1, 2.0 / 3, 1}, {0, 1, 1}, {1, 1, 1}},
	10: {{0, 0, 0}, {1, 0, 0}, {.5, 1.0 / 6, 0}, {0, 1.0 / 3, 0}, {1, 1.0 / 3, 0}, {0, 2.0 / 3, 1}, {1, 2.0 / 3, 1}, {.5, 5.0 / 6, 1}, {0, 1, 1}, {1, 1, 1}},
}

// Face design, in pixels inside the card.
const (
	indexPx     = 37.0 // the big corner index of stacked faces
	indexBase   = 33.0 // its baseline
	indexLeft   = 6.0
	fanRankPx   = 30.0 // the side index of fanned faces
	fanSuitPx   = 30.0
	fanIndexX   = 20.0 // the side index's centre line
	fanRankTop  = 7.0
	fanSuitMid  = 57.0
	pipPx       = 26.0
	pipX0       = 31.0 // pip centres: the box's left, right, top and bottom
	pipX1       = 75.0
	pipY0       = 59.0
	pipY1       = 126.0
	fanPipX0    = 52.0 // fanned faces keep their pips clear of the side index
	fanPipX1    = 89.0
	acePx       = 78.0
	fanAcePx    = 62.0
	courtX0     = 20.0 // the court frame
	courtY0     = 46.0
	courtY1     = 137.0
	courtPx     = 46.0 // its letter
	courtMid    = 80.0
	courtSuitPx = 30.0
	courtSuitY  = 118.0
)

// newKit draws every card sprite.
func newKit(p *painter, pal *palette) (*kit, error) {
	k := &kit{}
	for st := CardStyle(0); st < numStyles; st++ {
		for _, c := range append(cards.NewDeck(), cards.RedJoker, cards.BlackJoker) {
			m, err := p.cardFace(c, st)
			if err != nil {
				return nil, err
			}
			i, _ := faceIndex(c)
			k.faces[st][i] = newSprite(m, pal)
		}
	}
	k.back = newSprite(p.cardBack(), pal)
	pile := newRGBA(CardW, CardH)
	p.ringRound(pile, FeltLine, 1, 1, CardW-1, CardH-1, cardRadius, 3)
	k.pile = newSprite(pile, pal)
	ring := newRGBA(CardW+2*RingPad, CardH+2*RingPad)
	p.ringRound(ring, Gold, 0, 0, CardW+2*RingPad, CardH+2*RingPad, cardRadius+RingPad, RingPad+1.5)
	k.ring = newSprite(ring, pal)
	return k, nil
}

// blankCard is a white card with a grey edge.
func (p *painter) blankCard() *image.RGBA {
	m := newRGBA(CardW, CardH)
	p.fillRound(m, uniform(Edge), 0, 0, CardW, CardH, cardRadius)
	p.fillRound(m, uniform(Paper), 1.5, 1.5, CardW-1.5, CardH-1.5, cardRadius-1.5)
	return m
}

// cardFace draws one face.
func (p *painter) cardFace(c cards.Card, st CardStyle) (*image.RGBA, error) {
	if c.IsJoker() {
		return p.jokerFace(c, st)
	}
	m := p.blankCard()
	in := ink(c)
	rank, suit := c.Rank.String(), c.Suit.Symbol()
	var err error
	if st == Fanned {
		_, err = p.text(m, rank, bold, fanRankPx, in, fanIndexX, fanRankTop, inkTopMid)
		if err == nil {
			_, err = p.text(m, suit, bold, fanSuitPx, in, fanIndexX, fanSuitMid, inkCentre)
		}
	} else {
		var end float64
		end, err = p.text(m, rank, bold, indexPx, in, indexLeft, indexBase, baselineLeft)
		if err == nil {
			_, err = p.text(m, suit, bold, indexPx, in, end+1, indexBase, baselineLeft)
		}
	}
	if err != nil {
		return nil, err
	}
	switch {
	case c.Rank == cards.Ace && st == Fanned:
		_, err = p.text(m, suit, bold, fanAcePx, in, (CardW+FanStep)/2, CardH/2+11, inkCentre)
	case c.Rank == cards.Ace:
		_, err = p.text(m, suit, bold, acePx, in, CardW/2, CardH/2+13, inkCentre)
	case c.Rank <= 10:
		const half = 18 // a pip sprite is 2·half square
		up := newRGBA(2*half, 2*half)
		if _, err = p.text(up, suit, bold, pipPx, in, half, half, inkCentre); err != nil {
			return nil, err
		}
		down := rotate180(up)
		x0, x1 := pipX0, pipX1
		if st == Fanned {
			x0, x1 = fanPipX0, fanPipX1
		}
		for _, pp := range pipLayout[c.Rank] {
			x := x0 + pp[0]*(x1-x0)
			y := pipY0 + pp[1]*(pipY1-pipY0)
			src := up
			if pp[2] == 1 {
				src = down
			}
			over(m, src, int(x+0.5)-half, int(y+0.5)-half)
		}
	default:
		err = p.court(m, in, c.Rank.String(), suit, st)
	}
	return m, err
}

// frame draws the tinted frame of a court card or a joker and returns its
// centre line and width.
func (p *painter) frame(m *image.RGBA, in Colour, st CardStyle) (cx, w float64) {
	tint := CourtBlack
	if in == Red {
		tint = CourtRed
	}
	x0, x1 := float32(courtX0), float32(CardW-courtX0)
	if st == Fanned { // clear of the side index
		x0, x1 = FanStep+2, CardW-9
	}
	p.fillRound(m, uniform(in), x0, courtY0, x1, courtY1, 6)
	p.fillRound(m, uniform(tint), x0+2.5, courtY0+2.5, x1-2.5, courtY1-2.5, 4)
	return float64(x0+x1) / 2, float64(x1 - x0)
}

// court draws a court card's framed letter and suit.
func (p *painter) court(m *image.RGBA, in Colour, letter, suit string, st CardStyle) error {
	cx, _ := p.frame(m, in, st)
	if _, err := p.text(m, letter, bold, courtPx, in, cx, courtMid, inkCentre); err != nil {
		return err
	}
	_, err := p.text(m, suit, bold, courtSuitPx, in, cx, courtSuitY, inkCentre)
	return err
}

// jokerFace draws a joker: JOKER as its index, a star in a frame.
func (p *painter) jokerFace(c cards.Card, st CardStyle) (*image.RGBA, error) {
	m := p.blankCard()
	in := ink(c)
	if st == Fanned {
		for i, r := range "JOKER" {
			if _, err := p.text(m, string(r), bold, 20, in, fanIndexX, 16+float64(i)*22, inkCentre); err != nil {
				return nil, err
			}
		}
	} else {
		// as wide as the corner allows, as tall as the stacked index
		px := indexPx * 0.8
		if w, err := p.inkWidth("JOKER", bold, px); err != nil {
			return nil, err
		} else if w > CardW-2*indexLeft {
			px *= (CardW - 2*indexLeft) / w
		}
		if _, err := p.text(m, "JOKER", bold, px, in, indexLeft, indexBase-2, baselineLeft); err != nil {
			return nil, err
		}
	}
	cx, w := p.frame(m, in, st)
	r := w/2 - 6
	p.star(m, in, cx, (courtY0+courtY1)/2+3, r, r*0.45, 5)
	return m, nil
}

// cardBack draws the face-down design: a blue lattice inside a white border.
func (p *painter) cardBack() *image.RGBA {
	m := p.blankCard()
	pat := newRGBA(CardW, CardH)
	draw.Draw(pat, pat.Bounds(), uniform(BackBlue), image.Point{}, draw.Src)
	p.z.Reset(CardW, CardH)
	const step, hw = 12.0, 1.1
	for c := -float32(CardH); c < CardW+CardH; c += step {
		p.z.MoveTo(c-hw, 0)
		p.z.LineTo(c+hw, 0)
		p.z.LineTo(c+hw+CardH, CardH)
		p.z.LineTo(c-hw+CardH, CardH)
		p.z.ClosePath()
		p.z.MoveTo(c-hw, 0)
		p.z.LineTo(c-hw-CardH, CardH)
		p.z.LineTo(c+hw-CardH, CardH)
		p.z.LineTo(c+hw, 0)
		p.z.ClosePath()
	}
	p.z.Draw(pat, pat.Bounds(), uniform(BackLine), image.Point{})
	p.fillRound(m, pat, 7, 7, CardW-7, CardH-7, cardRadius-5)
	return m
}

// HasFace reports whether the kit has a face for c: a card of the 52 or a
// joker, not the no-card value or a corrupt one.
func HasFace(c cards.Card) bool {
	_, ok := faceIndex(c)
	return ok
}
