package pngenc

import (
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// diff lists the pixels where b differs from a, a rectangle for each run
// of them in a row.
func diff(a, b *image.Paletted) []image.Rectangle {
	var parts []image.Rectangle
	for y := range a.Rect.Dy() {
		for x := 0; x < a.Rect.Dx(); x++ {
			if a.Pix[y*a.Stride+x] != b.Pix[y*b.Stride+x] {
				x0 := x
				for x < a.Rect.Dx() && a.Pix[y*a.Stride+x] != b.Pix[y*b.Stride+x] {
					x++
				}
				parts = append(parts, image.Rect(x0, y, x, y+1))
			}
		}
	}
	return parts
}

// Pictures of every kind of bytes drawn as series, a few places changed
// each time, decode to themselves, whether the encoder is told where
// they changed or not, and come within a few per cent of their size
// encoded alone.
func TestSeriesStreams(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, data := range testStreams() {
		for _, diffed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/diffed=%v", name, diffed), func(t *testing.T) {
				e := NewEncoder()
				var last *image.Paletted
				var c Canvas
				for step := range 6 {
					m := bytesImage(data, 300)
					n := Next{Series: "s", From: e.Last("s")}
					if last != nil && diffed {
						n.Diffed, n.Changed = true, diff(last, m)
					}
					c.Reset(m.Rect.Dx(), m.Rect.Dy(), m.Palette)
					fill(&c.Image, c.Image.Rect, 0xaa) // what is not drawn is not read
					got, err := e.EncodeNext(&c, n, func(part image.Rectangle) {
						for y := part.Min.Y; y < part.Max.Y; y++ {
							copy(c.Image.Pix[y*c.Image.Stride:][:m.Rect.Dx()], m.Pix[y*m.Stride:][:m.Rect.Dx()])
						}
					})
					require.NoError(t, err)
					requireSamePixels(t, m, got, "step %d", step)
					alone, err := NewEncoder().Encode(canvasOf(m))
					require.NoError(t, err)
					require.LessOrEqual(t, len(got), len(alone)+len(alone)/25+64, "step %d", step)
					last, data = m, edited(rng, data, step*3)
				}
			})
		}
	}
}

func FuzzEncodeSeries(f *testing.F) {
	for _, data := range testStreams() {
		f.Add(data[:min(len(data), 3000)], uint16(36), uint64(1))
	}
	e := NewEncoder()
	f.Fuzz(func(t *testing.T, data []byte, w uint16, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 0))
		var last *image.Paletted
		for range 3 {
			m := bytesImage(data, int(w%2000)+1)
			n := Next{Series: "s", From: e.Last("s")}
			if last != nil && last.Rect == m.Rect {
				n.Diffed, n.Changed = true, diff(last, m)
			}
			c := canvasOf(m)
			got, err := e.EncodeNext(c, n, func(image.Rectangle) {})
			require.NoError(t, err)
			requireSamePixels(t, m, got, "")
			last, data = m, edited(rng, data, 2)
		}
	})
}

func TestReuseBandKeepsTokens(t *testing.T) {
	data := testStreams()["rows"]
	rowLen := 301
	var d deflater
	d.parseBand(data, 0, bandRows*rowLen, rowLen)
	old := append([]token(nil), d.toks...)
	// The same bytes: every token kept.
	d.toks = d.toks[:0]
	clear(d.head[:])
	d.reuseBand(data, 0, bandRows*rowLen, rowLen, old, nil)
	require.Equal(t, old, d.toks)
	// One byte changed: the tokens before it kept, the stream still right.
	changed := append([]byte(nil), data...)
	changed[5*rowLen+100] ^= 0x55
	d.toks = d.toks[:0]
	d.reuseBand(changed, 0, bandRows*rowLen, rowLen, old, nil)
	n := 0
	for d.toks[n] == old[n] {
		n++
	}
	require.Greater(t, n, 10)
	require.Equal(t, changed[:bandRows*rowLen], expand(d.toks))
}

// expand is the bytes the tokens of a first band stand for.
func expand(toks []token) []byte {
	var out []byte
	for _, t := range toks {
		if t.isLiteral() {
			out = append(out, byte(t))
			continue
		}
		for range t.size() {
			out = append(out, out[len(out)-t.dist()])
		}
	}
	return out
}

func TestChangesClear(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		rowLen := 3 + rng.IntN(60)
		lo := rowLen * (1 + rng.IntN(3))
		var spans []span
		for c := rng.IntN(4); c < rowLen; c += 2 + rng.IntN(rowLen) {
			e := min(rowLen, c+1+rng.IntN(5))
			spans = append(spans, span{c, e})
			c = e
		}
		if len(spans) == 0 {
			continue
		}
		dirtyAt := func(p int) bool {
			col := ((p-lo)%rowLen + rowLen) % rowLen
			return !clean(spans, col, col+1)
		}
		i := lo + rng.IntN(4*rowLen)
		n := 1 + rng.IntN(2*rowLen)
		dist := []int{0, 1, rowLen, 1 + rng.IntN(i-lo+rowLen)}[rng.IntN(4)]
		if dist == 0 {
			n = 1
		}
		want := true
		for p := i; p < i+n; p++ {
			if dirtyAt(p) || dist > 0 && dirtyAt(p-dist) {
				want = false
			}
		}
		ch := newChanges(spans, lo, rowLen)
		ch.past(i)
		require.Equal(t, want, ch.clear(i, n, dist), "spans %v rowLen %d lo %d i %d n %d dist %d", spans, rowLen, lo, i, n, dist)
	}
}
