package pngenc

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests' pictures: card tables drawn with a few colours, as the
// dealer draws them, and pictures made of arbitrary bytes.

// palette is the tables' colours: felt, edge, face, two inks, and a
// half-transparent shadow.
var palette = color.Palette{
	color.RGBA{0x1e, 0x5c, 0x3a, 0xff}, color.RGBA{0x22, 0x22, 0x22, 0xff},
	color.RGBA{0xfa, 0xf8, 0xf0, 0xff}, color.RGBA{0xc0, 0x10, 0x20, 0xff},
	color.RGBA{0x10, 0x10, 0x10, 0xff}, color.NRGBA{0, 0, 0, 0x80},
}

const cardW, cardH = 60, 84

// card is a card on a table: where it lies and which it is.
type card struct{ x, y, face int }

// table is a picture of cards on felt, with a line of text at the top.
type table struct {
	w, h  int
	cards []card
	text  int // which text
}

// randomTable deals n cards in columns on a w × h table.
func randomTable(rng *rand.Rand, w, h, n int) table {
	t := table{w: w, h: h, text: rng.IntN(1000)}
	cols := max((w-10)/(cardW+10), 1)
	for i := range n {
		c, k := i%cols, i/cols
		t.cards = append(t.cards, card{x: 10 + c*(cardW+10), y: 30 + k*24, face: rng.IntN(52)})
	}
	return t
}

// moved is t after a move: a card put elsewhere (drawn in its turn), and
// now and then the text changed.
func (t table) moved(rng *rand.Rand) table {
	n := table{w: t.w, h: t.h, text: t.text, cards: append([]card(nil), t.cards...)}
	if len(n.cards) > 0 {
		c := &n.cards[rng.IntN(len(n.cards))]
		c.x, c.y = rng.IntN(max(t.w-cardW, 1)), 30+rng.IntN(max(t.h-cardH-30, 1))
	}
	if rng.IntN(4) == 0 {
		n.text = rng.IntN(1000)
	}
	return n
}

// changed lists the parts of the picture where t and u may differ: where
// each card that moved was and is, or the whole picture if they are
// different deals.
func (t table) changed(u table) []image.Rectangle {
	if len(t.cards) != len(u.cards) {
		return []image.Rectangle{image.Rect(0, 0, u.w, u.h)}
	}
	var parts []image.Rectangle
	if t.text != u.text {
		parts = append(parts, image.Rect(0, 0, t.w, 24))
	}
	for i, c := range t.cards {
		if d := u.cards[i]; c != d {
			parts = append(parts, image.Rect(c.x, c.y, c.x+cardW, c.y+cardH), image.Rect(d.x, d.y, d.x+cardW, d.y+cardH))
		}
	}
	return parts
}

// draw draws the part of t within part on m.
func (t table) draw(m *image.Paletted, part image.Rectangle) {
	m = m.SubImage(part).(*image.Paletted)
	fill(m, m.Rect, 0)
	for k := range 40 { // the text: a row of marks
		if t.text>>(k%10)&1 == 1 {
			fill(m, image.Rect(8+k*9, 6, 14+k*9, 18), 2)
		}
	}
	for _, c := range t.cards {
		r := image.Rect(c.x, c.y, c.x+cardW, c.y+cardH)
		fill(m, r, 1)
		fill(m, r.Inset(1), 2)
		ink := uint8(3 + c.face/26)
		for b := range 6 { // the index: the face's bits
			if c.face>>b&1 == 1 {
				fill(m, image.Rect(c.x+4+b*3, c.y+4, c.x+6+b*3, c.y+12), ink)
			}
		}
		fill(m, image.Rect(c.x+cardW-8, c.y+cardH-6, c.x+cardW, c.y+cardH), 5)
	}
}

// fill paints r ∩ m's bounds in colour i.
func fill(m *image.Paletted, r image.Rectangle, i uint8) {
	r = r.Intersect(m.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := m.PixOffset(r.Min.X, y)
		row := m.Pix[o : o+r.Dx()]
		for x := range row {
			row[x] = i
		}
	}
}

// image returns t drawn whole.
func (t table) image() *image.Paletted {
	m := image.NewPaletted(image.Rect(0, 0, t.w, t.h), palette)
	t.draw(m, m.Rect)
	return m
}

// canvasOf returns a canvas holding m.
func canvasOf(m *image.Paletted) *Canvas {
	var c Canvas
	c.Reset(m.Rect.Dx(), m.Rect.Dy(), m.Palette)
	for y := range m.Rect.Dy() {
		copy(c.Image.Pix[y*c.Image.Stride:][:m.Rect.Dx()], m.Pix[y*m.Stride:][:m.Rect.Dx()])
	}
	return &c
}

// bytesImage is a w-pixel-wide picture of data's bytes (zeros after
// them), in a 256-colour palette.
func bytesImage(data []byte, w int) *image.Paletted {
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.Gray{uint8(i)}
	}
	m := image.NewPaletted(image.Rect(0, 0, w, max((len(data)+w-1)/w, 1)), pal)
	copy(m.Pix, data)
	return m
}

// decode decodes a PNG with the standard library, which checks its
// codes, lengths and checksums, and requires a paletted picture.
func decode(t testing.TB, b []byte) *image.Paletted {
	t.Helper()
	m, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	p, ok := m.(*image.Paletted)
	require.True(t, ok, "decodes as paletted")
	return p
}

// requireSamePixels requires the PNG b to decode to m's pixels.
func requireSamePixels(t testing.TB, m *image.Paletted, b []byte, what string, args ...any) {
	t.Helper()
	got := decode(t, b)
	require.Equal(t, m.Rect, got.Rect, append([]any{what}, args...)...)
	for y := range m.Rect.Dy() {
		want, have := m.Pix[y*m.Stride:][:m.Rect.Dx()], got.Pix[y*got.Stride:][:m.Rect.Dx()]
		if !bytes.Equal(want, have) {
			require.Failf(t, "the pixels differ", "row %d of "+what, append([]any{y}, args...)...)
		}
	}
}

// testStreams are byte streams of the kinds that stress a compressor:
// tiny, random (all literals), one byte repeated, rows that repeat with
// changes, and more tokens than a block holds.
func testStreams() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n, alphabet int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(alphabet))
		}
		return b
	}
	rows := make([]byte, 301*200) // a picture-like stream: rows of 301
	for i := range rows {
		switch {
		case i%301 == 0:
			rows[i] = 0
		case i/301%17 == 3:
			rows[i] = byte(rng.IntN(40))
		default:
			rows[i] = byte(i % 301 / 50)
		}
	}
	return map[string][]byte{
		"one":     {7},
		"seven":   {1, 2, 3, 4, 5, 6, 7},
		"nine":    bytes.Repeat([]byte{9}, 9),
		"random":  random(100_000, 256),
		"few":     random(200_000, 3),
		"same":    bytes.Repeat([]byte{42}, 70_000),
		"rows":    rows,
		"longrun": append(random(5000, 256), bytes.Repeat([]byte{1}, 100_000)...),
	}
}

// edited returns a copy of data with n runs of bytes changed, as a move
// changes a few places of a picture.
func edited(rng *rand.Rand, data []byte, n int) []byte {
	out := append([]byte(nil), data...)
	for range n {
		if len(out) == 0 {
			break
		}
		at := rng.IntN(len(out))
		for j := at; j < min(len(out), at+1+rng.IntN(40)); j++ {
			out[j] = byte(rng.IntN(6))
		}
	}
	return out
}
