package pngenc

import (
	"bytes"
	"image"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bands of the same bytes in another place are told apart: the first
// band (no row above), a shorter last band, and pictures of another
// width.
func TestBandCacheKeys(t *testing.T) {
	cache := newBandCache()
	data := bytes.Repeat([]byte{0, 1, 2, 3, 4, 5, 6}, 3000)
	k := func(lo, hi, rowLen int) bandKey { return cache.key(data, lo, hi, rowLen) }
	require.Equal(t, k(7*100, 7*200, 7), k(7*300, 7*400, 7), "same bytes, same row above")
	require.NotEqual(t, k(0, 7*100, 7), k(7*100, 7*200, 7))
	require.NotEqual(t, k(7*100, 7*200, 7), k(7*100, 7*199, 7))
	require.NotEqual(t, k(7*100, 7*200, 7), k(7*100, 7*200, 14))
}

// The cache keeps what was used lately and forgets the rest.
func TestBandCacheGenerations(t *testing.T) {
	c := newBandCache()
	c.setLimit(1 << 20)                        // generations of 128 Ki tokens
	big := band{toks: make([]token, 64<<10+1)} // two fill one
	c.put(bandKey{sum: fingerprint{1}}, big)
	c.put(bandKey{sum: fingerprint{2}}, big)     // full: 1 and 2 are now the old generation
	_, ok := c.get(bandKey{sum: fingerprint{1}}) // used again: back in the current one
	require.True(t, ok)
	c.put(bandKey{sum: fingerprint{3}}, big) // full again: 2 is dropped
	_, ok = c.get(bandKey{sum: fingerprint{2}})
	require.False(t, ok)
	_, ok = c.get(bandKey{sum: fingerprint{1}})
	require.True(t, ok)
}

// A key weighs what it takes: the cache counts its memory right.
func TestKeyTokens(t *testing.T) {
	require.Equal(t, unsafe.Sizeof(bandKey{}), uintptr(4*keyTokens))
}

// The cache grows with the series it serves: a few tables keep it near
// its least, many fill it up to its limit and no further, and once they
// stop drawing it shrinks back. The clock is the test's; the least a
// generation holds is made small (64 Ki tokens, 256 KiB) to need few
// pictures.
func TestBandCacheGrowsWithSeries(t *testing.T) {
	const limit = 3 << 20
	const slack = 256 << 10 // a generation may pass its size by a picture's bands
	var few int             // the most ten tables took
	for _, tc := range []struct {
		name           string
		tables, rounds int
	}{
		{"ten tables", 10, 30},
		{"two hundred tables", 200, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := NewEncoder()
			e.SetCacheLimit(limit)
			e.cache.least = 1 << 16
			now := time.Unix(1e9, 0)
			e.cache.now = func() time.Time { return now }
			series := newSeriesTables(tc.tables)
			peak := 0
			for range tc.rounds {
				peak = max(peak, series.draw(t, e, tc.tables))
				now = now.Add(time.Second)
			}
			t.Logf("%s: %d pictures, the cache at most %.2f MB, need %.2f MB", tc.name, tc.tables*tc.rounds,
				float64(peak)/(1<<20), float64(4*e.cache.need)/(1<<20))
			// At most two generations of twice the need, or of the least.
			assert.LessOrEqual(t, peak, min(limit, 2*4*max(e.cache.least, 2*e.cache.need))+slack)
			if tc.tables == 10 {
				few = peak
				assert.Less(t, peak, limit/4, "a few tables keep a few")
				return
			}
			assert.Greater(t, peak, 4*few, "more tables, more kept")
			assert.Greater(t, peak, limit/2, "up to the limit")

			// The others stop: past activeFor, the cache serves the first
			// ten alone, and shrinks back to what ten tables took.
			now = now.Add(activeFor)
			end := 0
			for range 30 {
				end = series.draw(t, e, 10)
			}
			assert.LessOrEqual(t, end, few+slack, "back to ten tables")
		})
	}
}

// seriesTables are tables played as series, a move each time one draws.
type seriesTables struct {
	rng    *rand.Rand
	tables []table
	canvas Canvas
}

func newSeriesTables(n int) *seriesTables {
	s := &seriesTables{rng: rand.New(rand.NewPCG(3, 4))}
	for range n {
		s.tables = append(s.tables, randomTable(s.rng, 500, 400, 30))
	}
	return s
}

// draw moves the first n tables and draws each, as the next picture of
// its series, and returns the most the cache held meanwhile.
func (s *seriesTables) draw(t *testing.T, e *Encoder, n int) int {
	most := 0
	for i := range n {
		name := strconv.Itoa(i)
		tab := s.tables[i].moved(s.rng)
		s.tables[i] = tab
		next := Next{Series: name, From: e.Last(name), Note: tab}
		if next.From != nil {
			next.Diffed, next.Changed = true, next.From.Note.(table).changed(tab)
		}
		s.canvas.Reset(tab.w, tab.h, palette)
		_, err := e.EncodeNext(&s.canvas, next, func(part image.Rectangle) { tab.draw(&s.canvas.Image, part) })
		require.NoError(t, err)
		most = max(most, e.CacheBytes())
	}
	return most
}
