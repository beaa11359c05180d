package render

import (
	"bytes"
	"compress/zlib"
	stdadler "hash/adler32"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// inflate decompresses a zlib stream with the standard library, which
// checks the codes' and the checksum's validity.
func inflate(t testing.TB, z []byte) []byte {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(z))
	require.NoError(t, err)
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

// testStreams are inputs of the kinds that stress a compressor: empty and
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
		"empty":   {},
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

func TestZlibCompressRoundTrip(t *testing.T) {
	var d deflater
	for name, data := range testStreams() {
		for _, rowLen := range []int{1, 3, 301, 40_000} {
			z := d.zlibCompress(nil, data, rowLen, nil)
			require.Equal(t, data, inflate(t, z), "%s, rows of %d", name, rowLen)
		}
	}
}

func TestAdler32(t *testing.T) {
	for name, data := range testStreams() {
		for _, n := range []int{0, 1, 7, 8, 9, 5551, 5552, 5553, len(data)} {
			if n <= len(data) {
				require.Equal(t, stdadler.Checksum(data[:n]), adler32(data[:n]), "%s[:%d]", name, n)
			}
		}
	}
	ff := bytes.Repeat([]byte{0xff}, 1<<20) // the largest sums
	require.Equal(t, stdadler.Checksum(ff), adler32(ff))
}

// Huffman codes are complete and within their length limit, even for
// counts that would make longer codes (Fibonacci counts).
func TestHuffmanLimit(t *testing.T) {
	var h huffman
	a, b := uint32(1), uint32(1)
	for s := range 30 {
		h.freq[s] = a
		a, b = b, a+b
	}
	h.build(30, 15)
	kraft := 0
	for _, l := range h.length[:30] {
		require.NotZero(t, l)
		require.LessOrEqual(t, l, uint8(15))
		kraft += 1 << (15 - l)
	}
	require.Equal(t, 1<<15, kraft)
}

func FuzzZlibCompress(f *testing.F) {
	for _, data := range testStreams() {
		f.Add(data[:min(len(data), 2000)], uint16(37))
	}
	var d deflater
	cache := newBandCache() // shared: bands of earlier inputs are found again
	f.Fuzz(func(t *testing.T, data []byte, rowLen uint16) {
		z := d.zlibCompress(nil, data, int(rowLen)+1, nil)
		require.Equal(t, data, inflate(t, z))
		require.Equal(t, z, d.zlibCompress(nil, data, int(rowLen)+1, cache))
	})
}
