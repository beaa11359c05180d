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

// ink is the colour a card is drawn in: red or black, or with four the
// four-colour deck's (♦ Diamonds, ♣ Clubs).
func ink(c cards.Card, four bool) Colour {
	if four && !c.IsJoker() {
		return suitInk(c.Suit)
	}
	if c.Color() == cards.Red {
		return Red
	}
	return Black
}

// suitInk is a suit's colour in the four-colour deck (the classic palette
// draws Diamonds red and Clubs black).
func suitInk(s cards.Suit) Colour {
	switch s {
	case cards.Hearts:
		return Red
	case cards.Diamonds:
		return Diamonds
	case cards.Clubs:
		return Clubs
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

// faceDesign is where and how big a face's index, pips and court frame
// are, in pixels inside the card: the classic faces' or the large ones'.
type faceDesign struct {
	indexPx   float64 // the big corner index of stacked faces
	indexBase float64 // its baseline
	indexLeft float64
	indexGap  float64 // between its rank and its suit
	tenTrack  float64 // between the digits of 10 (0: as the font has them)
	fanStep   float64 // the room of fanned faces' side index (FanStep)
	fanRankPx float64 // the side index of fanned faces
	fanSuitPx float64
	fanIndexX float64 // the side index's centre line
	fanRankTop,
	fanSuitMid float64
	pipPx            float64
	pipX0, pipX1     float64 // pip centres: the box's left, right, top and bottom
	pipY0, pipY1     float64
	fanPipX0         float64 // fanned faces keep their pips clear of the side index
	fanPipX1         float64
	acePx            float64
	aceX, aceY       float64 // its centre
	fanAcePx         float64
	fanAceX, fanAceY float64
	courtX0          float32 // the court frame
	fanCourtX0       float32 // … on fanned faces, clear of the side index
	fanCourtX1       float32
	courtY0, courtY1 float32
	courtPx          float64 // its letter
	fanCourtPx       float64
	courtMid         float64
	courtSuitPx      float64
	courtSuitY       float64
	jokerRoom        float64 // the width of JOKER across stacked jokers, at most
	jokerFanPx       float64 // JOKER down the side of fanned jokers
	jokerFanTop      float64
	jokerFanStep     float64
}

// classicFaces are the faces every picture was drawn with before the
// large ones, and still is by default.
var classicFaces = faceDesign{
	indexPx: 37, indexBase: 33, indexLeft: 6, indexGap: 1,
	fanStep: FanStep, fanRankPx: 30, fanSuitPx: 30, fanIndexX: 20, fanRankTop: 7, fanSuitMid: 57,
	pipPx: 26, pipX0: 31, pipX1: 75, pipY0: 59, pipY1: 126, fanPipX0: 52, fanPipX1: 89,
	acePx: 78, aceX: CardW / 2, aceY: CardH/2 + 13,
	fanAcePx: 62, fanAceX: (CardW + FanStep) / 2, fanAceY: CardH/2 + 11,
	courtX0: 20, fanCourtX0: FanStep + 2, fanCourtX1: CardW - 9, courtY0: 46, courtY1: 137,
	courtPx: 46, fanCourtPx: 46, courtMid: 80, courtSuitPx: 30, courtSuitY: 118,
	jokerRoom: CardW - 2*6, jokerFanPx: 20, jokerFanTop: 16, jokerFanStep: 22,
}

// Large faces, for pictures read on a phone: a corner index about 1.4
// times the classic one, and the steps that show it whole (Steps).
const (
	largeStackStep    = 52
	largeMinStackStep = 45
	largeFanStep      = 55
)

var largeFaces = faceDesign{
	indexPx: 52, indexBase: 43, indexLeft: 4, indexGap: -3, tenTrack: -3,
	fanStep: largeFanStep, fanRankPx: 42, fanSuitPx: 40, fanIndexX: 27, fanRankTop: 7, fanSuitMid: 67,
	pipPx: 27, pipX0: 28, pipX1: 78, pipY0: 64, pipY1: 132, fanPipX0: 68, fanPipX1: 92,
	acePx: 80, aceX: CardW / 2, aceY: CardH/2 + 20,
	fanAcePx: 50, fanAceX: (CardW + largeFanStep) / 2, fanAceY: CardH/2 + 14,
	courtX0: 20, fanCourtX0: largeFanStep + 1, fanCourtX1: CardW - 7, courtY0: 53, courtY1: 139,
	courtPx: 46, fanCourtPx: 36, courtMid: 85, courtSuitPx: 30, courtSuitY: 121,
	jokerRoom: CardW - 12, jokerFanPx: 27, jokerFanTop: 18, jokerFanStep: 27,
}

// newKit draws every card sprite, with faces of design d, in the
// four-colour deck's colours with four.
func newKit(p *painter, pal *palette, d *faceDesign, four bool) (*kit, error) {
	k := &kit{}
	f := faces{p: p, d: d, four: four}
	for st := CardStyle(0); st < numStyles; st++ {
		for _, c := range append(cards.NewDeck(), cards.RedJoker, cards.BlackJoker) {
			m, err := f.cardFace(c, st)
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

// faces draws card faces of one design and deck.
type faces struct {
	p    *painter
	d    *faceDesign
	four bool
}

// cardFace draws one face.
func (f faces) cardFace(c cards.Card, st CardStyle) (*image.RGBA, error) {
	if c.IsJoker() {
		return f.jokerFace(c, st)
	}
	p, d := f.p, f.d
	m := p.blankCard()
	in := ink(c, f.four)
	rank, suit := c.Rank.String(), c.Suit.Symbol()
	var err error
	if st == Fanned {
		_, err = p.text(m, rank, bold, d.fanRankPx, in, d.fanIndexX, d.fanRankTop, inkTopMid)
		if err == nil {
			_, err = p.text(m, suit, bold, d.fanSuitPx, in, d.fanIndexX, d.fanSuitMid, inkCentre)
		}
	} else {
		end, digits := d.indexLeft, []string{rank}
		if rank == "10" && d.tenTrack != 0 { // its digits closer, to leave the suit in sight
			digits = []string{"1", "0"}
		}
		for i, s := range digits {
			if i > 0 {
				end += d.tenTrack
			}
			if err == nil {
				end, err = p.text(m, s, bold, d.indexPx, in, end, d.indexBase, baselineLeft)
			}
		}
		if err == nil {
			_, err = p.text(m, suit, bold, d.indexPx, in, end+d.indexGap, d.indexBase, baselineLeft)
		}
	}
	if err != nil {
		return nil, err
	}
	switch {
	case c.Rank == cards.Ace && st == Fanned:
		_, err = p.text(m, suit, bold, d.fanAcePx, in, d.fanAceX, d.fanAceY, inkCentre)
	case c.Rank == cards.Ace:
		_, err = p.text(m, suit, bold, d.acePx, in, d.aceX, d.aceY, inkCentre)
	case c.Rank <= 10:
		const half = 18 // a pip sprite is 2·half square
		up := newRGBA(2*half, 2*half)
		if _, err = p.text(up, suit, bold, d.pipPx, in, half, half, inkCentre); err != nil {
			return nil, err
		}
		down := rotate180(up)
		x0, x1 := d.pipX0, d.pipX1
		if st == Fanned {
			x0, x1 = d.fanPipX0, d.fanPipX1
		}
		for _, pp := range pipLayout[c.Rank] {
			x := x0 + pp[0]*(x1-x0)
			y := d.pipY0 + pp[1]*(d.pipY1-d.pipY0)
			src := up
			if pp[2] == 1 {
				src = down
			}
			over(m, src, int(x+0.5)-half, int(y+0.5)-half)
		}
	default:
		err = f.court(m, c, in, c.Rank.String(), suit, st)
	}
	return m, err
}

// frame draws the tinted frame of a court card or a joker and returns its
// centre line and width.
func (f faces) frame(m *image.RGBA, c cards.Card, in Colour, st CardStyle) (cx, w float64) {
	d := f.d
	tint := CourtBlack
	switch {
	case in == Red:
		tint = CourtRed
	case in == Diamonds:
		tint = CourtDiamonds
	case in == Clubs:
		tint = CourtClubs
	}
	x0, x1 := d.courtX0, CardW-d.courtX0
	if st == Fanned { // clear of the side index
		x0, x1 = d.fanCourtX0, d.fanCourtX1
	}
	f.p.fillRound(m, uniform(in), x0, d.courtY0, x1, d.courtY1, 6)
	f.p.fillRound(m, uniform(tint), x0+2.5, d.courtY0+2.5, x1-2.5, d.courtY1-2.5, 4)
	return float64(x0+x1) / 2, float64(x1 - x0)
}

// court draws a court card's framed letter and suit.
func (f faces) court(m *image.RGBA, c cards.Card, in Colour, letter, suit string, st CardStyle) error {
	cx, _ := f.frame(m, c, in, st)
	px := f.d.courtPx
	if st == Fanned {
		px = f.d.fanCourtPx
	}
	if _, err := f.p.text(m, letter, bold, px, in, cx, f.d.courtMid, inkCentre); err != nil {
		return err
	}
	_, err := f.p.text(m, suit, bold, f.d.courtSuitPx, in, cx, f.d.courtSuitY, inkCentre)
	return err
}

// jokerFace draws a joker: JOKER as its index, a star in a frame.
func (f faces) jokerFace(c cards.Card, st CardStyle) (*image.RGBA, error) {
	p, d := f.p, f.d
	m := p.blankCard()
	in := ink(c, f.four)
	if st == Fanned {
		for i, r := range "JOKER" {
			if _, err := p.text(m, string(r), bold, d.jokerFanPx, in, d.fanIndexX, d.jokerFanTop+float64(i)*d.jokerFanStep, inkCentre); err != nil {
				return nil, err
			}
		}
	} else {
		// as wide as the corner allows, as tall as the stacked index
		px, room := d.indexPx*0.8, d.jokerRoom
		if w, err := p.inkWidth("JOKER", bold, px); err != nil {
			return nil, err
		} else if w > room {
			px *= room / w
		}
		left := (CardW - room) / 2
		if _, err := p.text(m, "JOKER", bold, px, in, left, d.indexBase-2, baselineLeft); err != nil {
			return nil, err
		}
	}
	cx, w := f.frame(m, c, in, st)
	r := w/2 - 6
	p.star(m, in, cx, float64(d.courtY0+d.courtY1)/2+3, r, r*0.45, 5)
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
