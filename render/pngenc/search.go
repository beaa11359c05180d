package pngenc

import (
	"encoding/binary"
	"math/bits"
)

// The search for repeats: the tokens of a band.

// hash5 hashes the five low bytes of v (of four, five and six, five
// compresses the tables best).
func hash5(v uint64) uint32 { return uint32(v << 24 * 0xcf1bbcdcb7a56463 >> (64 - hashBits)) }

// parseBand appends the tokens of data[lo:hi] to d.toks: literals and
// matches, greedily, but trying the next position too where the hash
// table found a match, as a longer one there is often worth a literal.
// The tokens depend only on data[lo-rowLen:hi] (data[:hi] for the first
// band), so that they can be reused: matches reach back to the row above
// at most and end at hi, no byte beyond hi is looked at, and positions
// before lo in the hash table are ignored.
func (d *deflater) parseBand(data []byte, lo, hi, rowLen int) {
	toks := d.toks
	for i := lo; i < hi; {
		l, dist := d.longest(data, i, lo, hi, rowLen, 0)
		j := i + 1 // the first position of the match not yet in the hash table
		if dist != 1 && dist != rowLen && i+1 < hi {
			j++
			if l2, dist2 := d.longest(data, i+1, lo, hi, rowLen, l+1); l2 > l {
				toks = append(toks, literalToken(data[i]))
				i++
				l, dist = l2, dist2
			}
		}
		if l < 3 {
			toks = append(toks, literalToken(data[i]))
			i++
			continue
		}
		toks = append(toks, matchToken(l, dist))
		// Enter positions inside the match in the hash table: all of a
		// short one's, the last few of a long one's (where the match ends
		// is where a repeat often starts).
		j = max(j, i+l-insertTail) // past j for a short one
		for end := min(i+l, hi-7); j < end; j++ {
			d.insert(hash5(binary.LittleEndian.Uint64(data[j:])), j)
		}
		i += l
	}
	d.toks = toks
}

// longest returns the longest match at i, ending by hi, among a run, the
// pixel above and the hash table's candidate, which it then replaces with
// i. The first eight bytes of all three are compared at once, without
// branches, and only those equal throughout are followed further.
//
// Only a match of need bytes or more matters to the caller: a candidate
// that cannot reach it may be skipped, and what is returned is then exact
// only if it reaches need (the same as with need 0).
func (d *deflater) longest(data []byte, i, lo, hi, rowLen, need int) (length, dist int) {
	if i+8 > hi {
		return tail(data, i, hi, rowLen)
	}
	v := binary.LittleEndian.Uint64(data[i:])
	h := hash5(v)
	c := int(d.head[h]) - 1
	d.insert(h, i)
	run, above, earlier := 0, 0, 0 // how many of the first eight bytes match
	if i >= 1 {
		run = bits.TrailingZeros64(v^binary.LittleEndian.Uint64(data[i-1:])) >> 3
	}
	if i >= rowLen && rowLen <= windowSize {
		above = bits.TrailingZeros64(v^binary.LittleEndian.Uint64(data[i-rowLen:])) >> 3
	}
	// The hash's candidate, if in reach, else i itself (compared without
	// a branch, which would often be mispredicted, and then ignored).
	out := ((c - lo) | (i - 1 - c) | (windowSize - i + c)) >> 63 // -1 unless lo ≤ c < i, i-c ≤ windowSize
	earlier = bits.TrailingZeros64(v^binary.LittleEndian.Uint64(data[c+(i-c)&out:])) >> 3 &^ out
	if earlier < 5 {
		earlier = 0 // another five bytes with the same hash
	}
	// On a tie the nearer distance wins: its code is shorter.
	length, dist = run, 1
	if above > length {
		dist = rowLen
	}
	length = max(length, above)
	if earlier > length {
		dist = i - c
	}
	length = max(length, earlier)
	if length < 8 {
		if c >= lo && need <= 8 { // short everywhere: try the hash's older candidates
			if l2, d2 := d.chain(data, i, lo, hi, c, v, need); l2 > length {
				return l2, d2
			}
		}
		return length, dist
	}
	// Follow the full ones in that order: the run, then the pixel above if
	// the run stopped short, and the hash's candidate only if neither was
	// full, as it seldom goes further.
	end := min(hi, i+maxMatch)
	if need > end-i {
		return 0, 0
	}
	length = 0
	if run == 8 && (need <= 8 || equal8(data, i+need-8, 1)) {
		length = 8 + matchLen(data[i+8:end], data[i+7:])
		if length == end-i {
			return length, 1
		}
	}
	if above == 8 {
		if need <= 8 || equal8(data, i+need-8, rowLen) {
			if l := 8 + matchLen(data[i+8:end], data[i+8-rowLen:]); l > length {
				return l, rowLen
			}
		}
		return length, 1
	}
	if earlier == 8 && (need <= 8 || equal8(data, i+need-8, i-c)) {
		if l := 8 + matchLen(data[i+8:end], data[c+8:]); l > length {
			return l, i - c
		}
	}
	return length, 1
}

// equal8 reports whether the eight bytes at p equal those dist before.
func equal8(data []byte, p, dist int) bool {
	return binary.LittleEndian.Uint64(data[p:]) == binary.LittleEndian.Uint64(data[p-dist:])
}

// insert enters position i, whose bytes hash to h, in the hash table.
func (d *deflater) insert(h uint32, i int) {
	d.prev[i&(windowSize-1)] = d.head[h]
	d.head[h] = int32(i + 1)
}

// chain follows the hash chain on from candidate c for a match at i of five
// bytes or more (v is i's first eight bytes), trying chainDepth positions
// at most. Like the hash table, it holds positions from lo on only.
func (d *deflater) chain(data []byte, i, lo, hi, c int, v uint64, need int) (length, dist int) {
	end := min(hi, i+maxMatch)
	if need > end-i {
		return 0, 0
	}
	first := max(lo, i-windowSize) // the earliest position in reach
	if c < first {
		return 0, 0
	}
	for range chainDepth {
		n := int(d.prev[c&(windowSize-1)]) - 1
		if uint(n-first) >= uint(c-first) { // not first ≤ n < c
			break
		}
		c = n
		m := bits.TrailingZeros64(v^binary.LittleEndian.Uint64(data[c:])) >> 3
		if m == 8 && (need <= 8 || equal8(data, i+need-8, i-c)) {
			m += matchLen(data[i+8:end], data[c+8:])
		}
		if m > length {
			dist = i - c
		}
		if length = max(length, m); i+length == end {
			break
		}
	}
	if length < 5 {
		return 0, 0
	}
	return length, dist
}

// tail is longest for a band's last seven bytes, compared one at a time
// so as not to look beyond hi: a run or the pixel above.
func tail(data []byte, i, hi, rowLen int) (length, dist int) {
	run, above := 0, 0
	for i >= 1 && i+run < hi && data[i+run] == data[i+run-1] {
		run++
	}
	for i >= rowLen && rowLen <= windowSize && i+above < hi && data[i+above] == data[i+above-rowLen] {
		above++
	}
	if above > run {
		return above, rowLen
	}
	return run, 1
}

// matchLen is the length of the common prefix of a and b (b no shorter),
// compared sixteen bytes a step.
func matchLen(a, b []byte) int {
	b = b[:len(a)]
	n := 0
	for ; n+16 <= len(a); n += 16 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		y := binary.LittleEndian.Uint64(a[n+8:]) ^ binary.LittleEndian.Uint64(b[n+8:])
		if x|y != 0 {
			if x != 0 {
				return n + bits.TrailingZeros64(x)>>3
			}
			return n + 8 + bits.TrailingZeros64(y)>>3
		}
	}
	if n+8 <= len(a) {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n
}
