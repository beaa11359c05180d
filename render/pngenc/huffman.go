package pngenc

import (
	"math/bits"
	"slices"
)

// huffman is one prefix code: its symbols' counts, and the lengths and
// (bit-reversed, as deflate sends them) codes built from them.
type huffman struct {
	freq   [286]uint32
	length [286]uint8
	code   [286]uint16
	sorted []uint64 // scratch: count<<16 | symbol
	depth  []int    // scratch for codeLengths
}

func (h *huffman) clearFreq() { clear(h.freq[:]) }

// build makes a length-limited Huffman code for the first n symbols. Every
// code has at least two symbols, so that it is complete, as some decoders
// insist (an unused symbol may get a code).
func (h *huffman) build(n int, maxBits int) {
	h.sorted = h.sorted[:0]
	for s, f := range h.freq[:n] {
		if f > 0 {
			h.sorted = append(h.sorted, uint64(f)<<16|uint64(s))
		}
	}
	for s := 0; len(h.sorted) < 2; s++ {
		if h.freq[s] == 0 {
			h.sorted = append(h.sorted, 1<<16|uint64(s))
		}
	}
	slices.Sort(h.sorted)
	clear(h.length[:])
	var count [16]int
	h.depth = codeLengths(h.depth[:0], h.sorted)
	for _, l := range h.depth {
		count[min(l, maxBits)]++
	}
	limitLengths(&count, maxBits)
	// the most frequent symbols (at the end) get the shortest codes
	k := len(h.sorted)
	for l := 1; l <= maxBits; l++ {
		for range count[l] {
			k--
			h.length[h.sorted[k]&0xffff] = uint8(l)
		}
	}
	var next [16]uint16
	code := uint16(0)
	for l := 1; l <= maxBits; l++ {
		code = (code + uint16(count[l-1])) << 1
		next[l] = code
	}
	for s, l := range h.length[:n] {
		if l > 0 {
			h.code[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
}

// codeLengths appends to a the Huffman code lengths of symbols sorted by
// count, rising (Moffat and Katajainen, "In-place calculation of
// minimum-redundancy codes", 1995: it works in the space of the result).
func codeLengths(a []int, sorted []uint64) []int {
	n := len(sorted)
	for _, s := range sorted {
		a = append(a, int(s>>16))
	}
	// first pass: the internal nodes' weights, then parent pointers
	a[0] += a[1]
	root, leaf := 0, 2
	for next := 1; next < n-1; next++ {
		if leaf >= n || a[root] < a[leaf] {
			a[next] = a[root]
			a[root] = next
			root++
		} else {
			a[next] = a[leaf]
			leaf++
		}
		if leaf >= n || (root < next && a[root] < a[leaf]) {
			a[next] += a[root]
			a[root] = next
			root++
		} else {
			a[next] += a[leaf]
			leaf++
		}
	}
	// second pass: the internal nodes' depths
	a[n-2] = 0
	for next := n - 3; next >= 0; next-- {
		a[next] = a[a[next]] + 1
	}
	// third pass: the leaves' depths
	avail, used, depth := 1, 0, 0
	root, next := n-2, n-1
	for avail > 0 {
		for root >= 0 && a[root] == depth {
			used++
			root--
		}
		for avail > used {
			a[next] = depth
			next--
			avail--
		}
		avail, depth, used = 2*used, depth+1, 0
	}
	return a
}

// limitLengths makes a code with count[l] codes of length l, longer ones
// counted at maxBits, complete again: it lengthens codes until the Kraft
// sum is one (as miniz does).
func limitLengths(count *[16]int, maxBits int) {
	total := 0
	for l := 1; l <= maxBits; l++ {
		total += count[l] << (maxBits - l)
	}
	for total > 1<<maxBits {
		count[maxBits]--
		for l := maxBits - 1; l > 0; l-- {
			if count[l] > 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
}
