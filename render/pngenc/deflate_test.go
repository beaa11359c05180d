package pngenc

import (
	"bytes"
	stdadler "hash/adler32"
	"testing"

	"github.com/stretchr/testify/require"
)

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
