package pngenc

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// encodeNext encodes tab as the next picture of series, told where it
// changed since the series' last.
func encodeNext(t *testing.T, e *Encoder, series string, tab table) []byte {
	t.Helper()
	n := Next{Series: series, From: e.Last(series), Note: tab}
	if n.From != nil {
		n.Diffed, n.Changed = true, n.From.Note.(table).changed(tab)
	}
	var c Canvas
	c.Reset(tab.w, tab.h, palette)
	png, err := e.EncodeNext(&c, n, func(part image.Rectangle) { tab.draw(&c.Image, part) })
	require.NoError(t, err)
	requireSamePixels(t, tab.image(), png, "series %s", series)
	return png
}

// A series' picture is encoded from its own last picture only: the bands
// it searched from the last are kept under its tag, and another series
// drawing the same pictures finds them not (their tokens would carry what
// another player saw alone).
func TestSeriesReuseOnlyTheirOwn(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	e := NewEncoder()
	before := randomTable(rng, 700, 500, 30)
	after := before.moved(rng)
	for _, tab := range []table{randomTable(rng, 700, 500, 30), before, after} { // a draws after from before
		encodeNext(t, e, "a", tab)
	}
	for _, tab := range []table{randomTable(rng, 700, 500, 30), after} { // b draws after from something else
		encodeNext(t, e, "b", tab)
	}
	la, lb := e.cache.last("a"), e.cache.last("b")
	tagA, tagB := e.cache.seriesTag("a"), e.cache.seriesTag("b")
	shared, tagged := 0, 0
	for n, k := range lb.bands {
		bd, ok := e.cache.peek(k)
		require.True(t, ok)
		require.Contains(t, []uint64{0, tagB}, bd.from, "band %d of b's picture", n)
		if ka := la.bands[n]; ka.sum == k.sum {
			shared++
			if ka.tag == tagA {
				tagged++
			}
		}
	}
	require.Positive(t, tagged, "a searched bands from its last picture that b's has too")
	require.Equal(t, len(lb.bands), shared, "the same picture")
}
