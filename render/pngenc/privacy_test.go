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
	shared, tagged := 0, 0
	for n, k := range lb.bands {
		// What the cache gives for it was kept under that very key: its
		// tokens were searched from nothing or from b's last picture.
		require.Contains(t, []string{"", "b"}, k.series, "band %d of b's picture", n)
		require.Equal(t, k, keptUnder(e.cache, k), "band %d of b's picture", n)
		if ka := la.bands[n]; ka.sum == k.sum {
			shared++
			if ka.series == "a" {
				tagged++
			}
		}
	}
	require.Positive(t, tagged, "a searched bands from its last picture that b's has too")
	require.Equal(t, len(lb.bands), shared, "the same picture")
}

// keptUnder returns the key of what c keeps in band k's slot (the zero
// key for nothing).
func keptUnder(c *bandCache, k bandKey) bandKey {
	for _, g := range []generation{c.cur, c.old} {
		if e, ok := g.bands[c.bandSlot(k)]; ok && e.key.sum == k.sum {
			return e.key
		}
	}
	return bandKey{}
}
