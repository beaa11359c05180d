package render

import (
	"image/color"
	"sync/atomic"
)

// Colour is an index into the renderer's fixed palette. The named colours
// below are its first entries, exactly; the rest of the palette holds the
// blends between them that anti-aliased edges and text produce.
//
// There are two palettes. The classic one holds the named colours up to
// LostRed; the four-colour deck's holds Diamonds, Clubs and their court
// tints too, after them. The classic palette draws those four as Red,
// Black, CourtRed and CourtBlack, so a scene may name them (CardInk does)
// and look classic there: a renderer reads every colour a scene names
// through its palette's named table (palette.ink).
type Colour uint8

// The named colours. Every picture is drawn in these and their blends.
const (
	Felt       Colour = iota // the table
	FeltDark                 // label pills and panels on the table
	FeltLine                 // outlines of empty piles, their labels
	Paper                    // card faces
	Edge                     // card edges
	Black                    // black suits, text on light boxes
	Red                      // red suits
	BackBlue                 // card backs
	BackLine                 // the lattice on card backs
	Gold                     // selection ring, selected labels, the won banner
	Cream                    // text on the table
	Mist                     // secondary text on the table
	CourtBlack               // the tinted frame of black court cards
	CourtRed                 // the tinted frame of red court cards
	Badge                    // dark badges drawn over cards
	LostRed                  // the lost banner

	// The four-colour deck's own colours; the classic palette draws them
	// as classicOf says.
	Diamonds      // diamonds: blue
	Clubs         // clubs: green
	CourtDiamonds // the tinted frame of diamond court cards
	CourtClubs    // the tinted frame of club court cards
	numNamed
)

// numClassic counts the classic palette's named colours, Felt to LostRed.
const numClassic = Diamonds

// classicOf is what the classic palette draws the four-colour deck's
// colours in.
var classicOf = [numNamed]Colour{Diamonds: Red, Clubs: Black, CourtDiamonds: CourtRed, CourtClubs: CourtBlack}

// rgb holds the named colours' values.
var rgb = [numNamed][3]uint8{
	Felt:       {0x1e, 0x6b, 0x3a},
	FeltDark:   {0x12, 0x4a, 0x27},
	FeltLine:   {0x6f, 0xb0, 0x84},
	Paper:      {0xff, 0xff, 0xff},
	Edge:       {0x80, 0x80, 0x80},
	Black:      {0x16, 0x16, 0x16},
	Red:        {0xc8, 0x10, 0x24},
	BackBlue:   {0x1f, 0x4e, 0x99},
	BackLine:   {0x4a, 0x78, 0xc4},
	Gold:       {0xff, 0xc1, 0x07},
	Cream:      {0xf4, 0xf1, 0xe2},
	Mist:       {0xa9, 0xcd, 0xb4},
	CourtBlack: {0xe6, 0xea, 0xf4},
	CourtRed:   {0xfb, 0xe6, 0xe6},
	Badge:      {0x24, 0x2a, 0x30},
	LostRed:    {0xa3, 0x1c, 0x22},

	Diamonds:      {0x0a, 0x52, 0xc8},
	Clubs:         {0x0c, 0x80, 0x2e},
	CourtDiamonds: {0xe2, 0xeb, 0xfb},
	CourtClubs:    {0xe0, 0xf3, 0xe4},
}

// ramp is a pair of colours that meet at anti-aliased edges, and how many
// blends between them the palette holds.
type ramp struct {
	a, b  Colour
	steps int
}

// ramps lists every pair of colours that touch in the pictures: ink on
// paper, cards on the table, text on pills, the ring on both. A new picture
// that puts two named colours side by side adds its pair here.
var ramps = []ramp{
	{Paper, Black, 14}, // card text and pips
	{Paper, Red, 14},
	{Felt, Cream, 14}, // text on the table
	{FeltDark, Cream, 12},
	{Paper, Edge, 6}, // card edges
	{Edge, Felt, 6},
	{Edge, Black, 4},
	{Edge, Red, 4},
	{Felt, FeltLine, 8}, // empty piles
	{Felt, FeltDark, 4},
	{FeltDark, Gold, 6},
	{Felt, Gold, 8}, // the ring
	{Gold, Edge, 4},
	{Gold, Paper, 4},
	{Gold, Black, 10}, // selected labels, won banner
	{Felt, Mist, 8},
	{FeltDark, Mist, 6},
	{CourtBlack, Black, 10}, // court frames
	{CourtRed, Red, 10},
	{Paper, BackBlue, 6}, // card backs
	{BackBlue, BackLine, 6},
	{Badge, Paper, 10}, // badges on cards
	{Badge, Cream, 4},
	{Badge, Gold, 8},
	{Felt, Badge, 4},
	{LostRed, Cream, 10}, // lost banner
	{Felt, LostRed, 4},
	{Felt, Paper, 6},
	{Felt, Black, 4},
	{Red, Black, 4},
}

// fourRamps are the four-colour palette's: the classic ones, and ink on
// paper for diamonds and clubs. With the four new named colours they take
// the place of 16 of the classic palette's 22 spare greys, so that the
// rest of a picture (text, boxes, backs) is drawn in the classic blends
// (a picture without cards differs from the classic one within the
// goldens' tolerance). Six steps are enough: the classic blends of card
// backs (BackBlue) and of the felt on paper lie near those of blue and of
// green ink, and help. The court tints have no ramps of their own: they
// are near paper, whose blends stand in.
var fourRamps = append(ramps[:len(ramps):len(ramps)],
	ramp{Paper, Diamonds, 6}, // card text and pips
	ramp{Paper, Clubs, 6},
)

// lutBits is the precision of the lookup: 6 bits a channel, 256 KiB.
const lutBits = 6

// palette is the fixed 256-colour palette and the lookup from any RGB
// colour to its nearest entry. It is built once and only read afterwards.
type palette struct {
	colors color.Palette
	rgb    [256][3]uint8
	lut    []uint8
	// named is the entry each named colour is drawn in: itself, or in the
	// classic palette for the four-colour deck's, its classic colour.
	named [numNamed]uint8
	// mixes holds mix's results for ink (a named colour's entry) over bg at
	// ink<<8 | bg, by coverage, each worked out the first time it is used.
	mixes [int(numNamed) << 8]atomic.Pointer[[256]uint8]
}

// newPalette builds the named colours, the ramps between them, and the
// lookup table: the classic palette, or with four the four-colour deck's.
func newPalette(four bool) *palette {
	p := &palette{}
	names, rs := rgb[:numClassic], ramps
	for c := range p.named {
		p.named[c] = uint8(c)
		if !four && Colour(c) >= numClassic {
			p.named[c] = uint8(classicOf[c])
		}
	}
	if four {
		names, rs = rgb[:], fourRamps
	}
	add := func(c [3]uint8) {
		if len(p.colors) < 256 {
			p.rgb[len(p.colors)] = c
			p.colors = append(p.colors, color.RGBA{c[0], c[1], c[2], 0xff})
		}
	}
	for _, c := range names {
		add(c)
	}
	for _, r := range rs {
		a, b := rgb[r.a], rgb[r.b]
		for i := 1; i <= r.steps; i++ {
			t := float64(i) / float64(r.steps+1)
			var c [3]uint8
			for k := range c {
				c[k] = uint8(float64(a[k])*(1-t) + float64(b[k])*t + 0.5)
			}
			add(c)
		}
	}
	// Spare entries: an even grey ramp, for blends nobody listed.
	spare := 256 - len(p.colors)
	for i := 1; i <= spare; i++ {
		v := uint8(i * 255 / (spare + 1))
		add([3]uint8{v, v, v})
	}

	p.lut = make([]uint8, 1<<(3*lutBits))
	const shift = 8 - lutBits
	var pr, pg, pb [256]int32
	for i := range p.colors {
		pr[i], pg[i], pb[i] = int32(p.rgb[i][0]), int32(p.rgb[i][1]), int32(p.rgb[i][2])
	}
	n := len(p.colors)
	for k := range p.lut {
		r := int32(k>>(2*lutBits))<<shift | 1<<(shift-1)
		g := int32(k>>lutBits&(1<<lutBits-1))<<shift | 1<<(shift-1)
		b := int32(k&(1<<lutBits-1))<<shift | 1<<(shift-1)
		best, bd := 0, int32(1<<30)
		for i := 0; i < n; i++ {
			dr, dg, db := pr[i]-r, pg[i]-g, pb[i]-b
			if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bd {
				best, bd = i, d
			}
		}
		p.lut[k] = uint8(best)
	}
	// Every entry maps to itself in its own cell, named colours last so that
	// they win a shared cell.
	for i := n - 1; i >= 0; i-- {
		c := p.rgb[i]
		p.lut[lutIndex(c[0], c[1], c[2])] = uint8(i)
	}
	return p
}

func lutIndex(r, g, b uint8) int {
	const shift = 8 - lutBits
	return int(r>>shift)<<(2*lutBits) | int(g>>shift)<<lutBits | int(b>>shift)
}

// index returns the palette entry nearest to an opaque RGB colour.
func (p *palette) index(r, g, b uint8) uint8 { return p.lut[lutIndex(r, g, b)] }

// blend returns the entry nearest to premultiplied colour (r, g, b) with
// coverage a drawn over entry bg.
func (p *palette) blend(bg uint8, r, g, b, a uint8) uint8 {
	c := &p.rgb[bg]
	ia := uint32(255 - a)
	return p.index(
		uint8(uint32(r)+(uint32(c[0])*ia+127)/255),
		uint8(uint32(g)+(uint32(c[1])*ia+127)/255),
		uint8(uint32(b)+(uint32(c[2])*ia+127)/255),
	)
}

// ink is the entry a named colour is drawn in (a colour past the named
// ones is taken as an entry).
func (p *palette) ink(c Colour) Colour {
	if c < numNamed {
		return Colour(p.named[c])
	}
	return c
}

// mix returns the entry nearest to entry ink (a colour as ink gives it)
// drawn with coverage a over entry bg.
func (p *palette) mix(bg uint8, ink Colour, a uint8) uint8 {
	c := p.rgb[ink]
	return p.blend(bg, mul(c[0], a), mul(c[1], a), mul(c[2], a), a)
}

// mixTable returns mix's results for ink over bg, by coverage: from a
// table kept for a named colour's ink, else worked out now.
func (p *palette) mixTable(ink Colour, bg uint8) *[256]uint8 {
	if ink >= numNamed {
		return p.newMixTable(ink, bg)
	}
	m := &p.mixes[int(ink)<<8|int(bg)]
	t := m.Load()
	if t == nil {
		t = p.newMixTable(ink, bg)
		m.Store(t) // another goroutine may store the same table: no matter
	}
	return t
}

func (p *palette) newMixTable(ink Colour, bg uint8) *[256]uint8 {
	t := new([256]uint8)
	for a := range t {
		t[a] = p.mix(bg, ink, uint8(a))
	}
	return t
}

func mul(c, a uint8) uint8 { return uint8((uint32(c)*uint32(a) + 127) / 255) }

// Value returns a named colour's value.
func (c Colour) Value() color.RGBA {
	v := rgb[c]
	return color.RGBA{v[0], v[1], v[2], 0xff}
}
