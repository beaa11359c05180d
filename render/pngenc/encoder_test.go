package pngenc

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A PNG decodes to exactly the picture, palette included, with and
// without transparent palette entries.
func TestEncodeRoundTrip(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 255}, color.RGBA{200, 30, 40, 255}, color.RGBA{10, 120, 60, 255}, color.NRGBA{255, 255, 255, 128}}
	for _, p := range []color.Palette{pal[:3], pal} {
		m := image.NewPaletted(image.Rect(0, 0, 37, 23), p)
		for i := range m.Pix {
			m.Pix[i] = uint8((i*7 + i/37) % len(p))
		}
		b, err := NewEncoder().Encode(canvasOf(m))
		require.NoError(t, err)
		got := decode(t, b)
		assert.Equal(t, m.Pix, got.Pix)
		require.Len(t, got.Palette, len(p))
		for i := range p {
			r1, g1, b1, a1 := p[i].RGBA()
			r2, g2, b2, a2 := got.Palette[i].RGBA()
			assert.InDelta(t, r1>>8, r2>>8, 1)
			assert.InDelta(t, g1>>8, g2>>8, 1)
			assert.InDelta(t, b1>>8, b2>>8, 1)
			assert.Equal(t, a1>>8, a2>>8)
		}
	}
}

// Pictures of every kind of bytes, one pixel to wider than the cache
// takes, decode to themselves.
func TestEncodeStreams(t *testing.T) {
	e := NewEncoder()
	for name, data := range testStreams() {
		for _, w := range []int{1, 2, 300, 5000} {
			m := bytesImage(data, w)
			b, err := e.Encode(canvasOf(m))
			require.NoError(t, err)
			requireSamePixels(t, m, b, "%s, %d wide", name, w)
		}
	}
}

// A canvas with no pixels or no palette is refused.
func TestEncodeRefuses(t *testing.T) {
	e := NewEncoder()
	for _, c := range []struct {
		w, h int
		pal  color.Palette
	}{{0, 5, palette}, {5, 0, palette}, {0, 0, palette}, {3, 3, nil}, {3, 3, make(color.Palette, 257)}} {
		var cv Canvas
		cv.Reset(c.w, c.h, c.pal)
		_, err := e.Encode(&cv)
		assert.Error(t, err, "%d×%d, %d colours", c.w, c.h, len(c.pal))
		_, err = e.EncodeNext(&cv, Next{Series: "s"}, func(image.Rectangle) {})
		assert.Error(t, err, "%d×%d, %d colours, as a series", c.w, c.h, len(c.pal))
	}
}

// A band found in the cache gives the very bytes its search would have:
// pictures encoded one after another, each differing from the last in a
// few rows, come out as they do from a new encoder.
func TestEncodeCachedIsFresh(t *testing.T) {
	m := bytesImage(testStreams()["rows"], 300)
	e := NewEncoder()
	for step := range 6 {
		p := image.NewPaletted(m.Rect, m.Palette)
		copy(p.Pix, m.Pix)
		for y := 40 * step; y < 40*step+7 && y < m.Rect.Dy(); y++ { // a move: a few rows change
			for x := 0; x < 300; x += 3 {
				p.Pix[y*p.Stride+x] ^= byte(step + 1)
			}
		}
		want, err := NewEncoder().Encode(canvasOf(p))
		require.NoError(t, err)
		requireSamePixels(t, p, want, "step %d", step)
		for range 2 { // searched, then found
			got, err := e.Encode(canvasOf(p))
			require.NoError(t, err)
			require.Equal(t, want, got, "step %d", step)
		}
	}
}

// Pictures encoded at once share the cache safely (run with -race).
func TestEncodeConcurrently(t *testing.T) {
	base := bytesImage(testStreams()["rows"], 300)
	e := NewEncoder()
	done := make(chan error)
	for g := range 4 {
		go func() {
			for step := range 20 {
				p := image.NewPaletted(base.Rect, base.Palette)
				copy(p.Pix, base.Pix)
				p.Pix[(g*20+step)*301%len(p.Pix)] ^= 0x55
				got, err := e.Encode(canvasOf(p))
				if err != nil {
					done <- err
					return
				}
				want, _ := NewEncoder().Encode(canvasOf(p))
				if !bytes.Equal(got, want) {
					done <- fmt.Errorf("goroutine %d, step %d: the PNG differs", g, step)
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		require.NoError(t, <-done)
	}
}

// A band is the same band wherever the picture ends: a first band of 32
// rows, then the same in a picture a row longer (found by fuzzing).
func TestEncodeBandAtTheEnd(t *testing.T) {
	long := bytes.Repeat([]byte{0, 1, 2, 0, 0, 1}, 8)
	e := NewEncoder()
	for _, h := range []int{len(long), 33, 40, 32, 31} {
		m := bytesImage(long[:h], 1)
		want, err := NewEncoder().Encode(canvasOf(m))
		require.NoError(t, err)
		got, err := e.Encode(canvasOf(m))
		require.NoError(t, err)
		require.Equal(t, want, got, "%d rows", h)
		requireSamePixels(t, m, got, "%d rows", h)
	}
}

func FuzzEncode(f *testing.F) {
	for _, data := range testStreams() {
		f.Add(data[:min(len(data), 2000)], uint16(36))
	}
	e := NewEncoder() // shared: bands of earlier inputs are found again
	f.Fuzz(func(t *testing.T, data []byte, w uint16) {
		m := bytesImage(data, int(w%2000)+1)
		want, err := NewEncoder().Encode(canvasOf(m))
		require.NoError(t, err)
		requireSamePixels(t, m, want, "")
		got, err := e.Encode(canvasOf(m))
		require.NoError(t, err)
		require.Equal(t, want, got)
	})
}

// Tables drawn as series come out as drawn alone, whether the encoder is
// told where they changed or not, and a series' pictures are within a
// few per cent of the size of the same pictures encoded alone.
func TestSeriesPictures(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	e := NewEncoder()
	for _, diffed := range []bool{false, true} {
		tab := randomTable(rng, 700, 500, 40)
		var c Canvas
		for step := range 12 {
			last := e.Last(fmt.Sprint(diffed))
			n := Next{Series: fmt.Sprint(diffed), From: last, Note: tab}
			if last != nil && diffed {
				n.Diffed, n.Changed = true, last.Note.(table).changed(tab)
			}
			c.Reset(tab.w, tab.h, palette)
			fill(&c.Image, c.Image.Rect, 4) // what is not drawn is not read
			got, err := e.EncodeNext(&c, n, func(part image.Rectangle) { tab.draw(&c.Image, part) })
			require.NoError(t, err)
			requireSamePixels(t, tab.image(), got, "diffed %v, step %d", diffed, step)
			alone, err := NewEncoder().Encode(canvasOf(tab.image()))
			require.NoError(t, err)
			assert.LessOrEqual(t, len(got), len(alone)+len(alone)/25+64, "diffed %v, step %d", diffed, step)
			tab = tab.moved(rng)
		}
	}
}

// Told where the picture changed, the encoder draws only there: the
// bands nothing changed in, and the row above each, are left alone.
func TestSeriesDrawsOnlyWhatChanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	e := NewEncoder()
	tab := randomTable(rng, 600, 640, 30)
	var c Canvas
	c.Reset(tab.w, tab.h, palette)
	_, err := e.EncodeNext(&c, Next{Series: "t", Note: tab}, func(part image.Rectangle) { tab.draw(&c.Image, part) })
	require.NoError(t, err)
	next := tab
	next.text++ // only the top line changes: the first band
	var drawn []image.Rectangle
	last := e.Last("t")
	got, err := e.EncodeNext(&c, Next{Series: "t", From: last, Diffed: true, Changed: tab.changed(next), Note: next},
		func(part image.Rectangle) { drawn = append(drawn, part); next.draw(&c.Image, part) })
	require.NoError(t, err)
	assert.Equal(t, []image.Rectangle{image.Rect(0, 0, 600, bandRows)}, drawn)
	requireSamePixels(t, next.image(), got, "")
	assert.Equal(t, next, e.Last("t").Note)
}
