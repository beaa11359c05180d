package pngenc

import (
	"bytes"
	"testing"
	"unsafe"

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
