package render

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// A band found in the cache gives the very stream its search would have:
// pictures compressed one after another with a cache, each differing from
// the last in a few rows, come out as they do without one.
func TestBandCacheSameStream(t *testing.T) {
	const rowLen, rows = 301, 200
	picture := testStreams()["rows"]
	require.Len(t, picture, rowLen*rows)
	cache := newBandCache()
	var d, fresh deflater
	for step := range 6 {
		p := bytes.Clone(picture)
		for y := 40 * step; y < 40*step+7 && y < rows; y++ { // a move: a few rows change
			for x := 1; x < rowLen; x += 3 {
				p[y*rowLen+x] ^= byte(step + 1)
			}
		}
		want := fresh.zlibCompress(nil, p, rowLen, nil)
		for range 2 { // searched, then found
			got := d.zlibCompress(nil, p, rowLen, cache)
			require.Equal(t, want, got, "step %d", step)
		}
		require.Equal(t, p, inflate(t, want))
	}
}

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
	c.put(bandKey{sum: 1}, big)
	c.put(bandKey{sum: 2}, big)     // full: 1 and 2 are now the old generation
	_, ok := c.get(bandKey{sum: 1}) // used again: back in the current one
	require.True(t, ok)
	c.put(bandKey{sum: 3}, big) // full again: 2 is dropped
	_, ok = c.get(bandKey{sum: 2})
	require.False(t, ok)
	_, ok = c.get(bandKey{sum: 1})
	require.True(t, ok)
}

// Tables drawn at once share the cache safely (run with -race).
func TestBandCacheConcurrent(t *testing.T) {
	base := testStreams()["rows"]
	cache := newBandCache()
	done := make(chan error)
	for g := range 4 {
		go func() {
			var d, fresh deflater
			for step := range 20 {
				p := bytes.Clone(base)
				p[(g*20+step)*301%len(p)+1] ^= 0x55
				if !bytes.Equal(d.zlibCompress(nil, p, 301, cache), fresh.zlibCompress(nil, p, 301, nil)) {
					done <- fmt.Errorf("goroutine %d, step %d: the stream differs", g, step)
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

// A band is the same band wherever the data ends: a first band of 32 rows
// of one byte, then the same in data one byte longer (found by fuzzing).
func TestBandCacheDataEnd(t *testing.T) {
	long := bytes.Repeat([]byte{0, 1, 2, 0, 0, 1}, 8)
	cache := newBandCache()
	var d, fresh deflater
	for _, n := range []int{len(long), 33, 40, 32, 31} {
		data := long[:n]
		require.Equal(t, fresh.zlibCompress(nil, data, 1, nil), d.zlibCompress(nil, data, 1, cache), "%d bytes", n)
	}
}
