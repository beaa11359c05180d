package pngenc

import (
	"encoding/binary"
	"math"
)

// Reusing the last picture's search. A table's next picture is its last
// with a few cards changed: a band that changed at all misses the cache,
// yet most of its bytes are still where they were. So a picture of a
// series (EncodeNext: a table's, one seat's hand) takes the tokens of the
// band in the same place in the series' last picture, keeps each one
// still true of the new bytes, and searches only where they fail.
// Checking a token is comparing its bytes once, cheaper than the search
// it saves; and a token whose bytes, and those it copies, lie in no column
// the caller says changed (dirty) holds unchecked.

// span is a band's columns [lo, hi), as offsets in its rows (the filter
// type byte is column 0), that changed since the last picture.
type span struct{ lo, hi int }

// changes walks the changed columns of a band's rows, as positions in
// the data.
type changes struct {
	spans      []span
	lo, rowLen int // the band's start and row length
	j, row     int // the current span: spans[j] of the row starting at row,
	start, end int // at [start, end), the first to end after the position
	prevEnd    int // where the one before it ended
}

func newChanges(spans []span, lo, rowLen int) changes {
	return changes{spans: spans, lo: lo, rowLen: rowLen, row: lo,
		start: lo + spans[0].lo, end: lo + spans[0].hi, prevEnd: math.MinInt}
}

// past moves on to the first change ending after position i.
func (c *changes) past(i int) {
	for c.end <= i {
		c.prevEnd = c.end
		if c.j++; c.j == len(c.spans) {
			c.j, c.row = 0, c.row+c.rowLen
		}
		c.start, c.end = c.row+c.spans[c.j].lo, c.row+c.spans[c.j].hi
	}
}

// clear reports whether the n bytes at i (c past it) and the n dist
// before them (none for dist 0) are clear of every change.
func (c *changes) clear(i, n, dist int) bool {
	switch {
	case i+n > c.start:
		return false
	case dist == 0, dist == c.rowLen: // the same columns a row up changed alike
		return true
	case dist == 1:
		return i-1 >= c.prevEnd
	}
	for p, end := i-dist, i-dist+n; p < end; { // row by row
		row := c.lo + ((p-c.lo+c.rowLen)/c.rowLen-1)*c.rowLen // p ≥ lo - rowLen
		col := p - row
		if !clean(c.spans, col, min(c.rowLen, col+end-p)) {
			return false
		}
		p = row + c.rowLen
	}
	return true
}

// mostly reports whether dirty spans most of a row: too much for the old
// tokens to be worth checking (a new deal's columns are all new cards).
func mostly(dirty []span, rowLen int) bool {
	n := 0
	for _, s := range dirty {
		n += s.hi - s.lo
	}
	return 4*n > 3*rowLen
}

// clean reports whether columns [lo, hi) of a row miss every span of
// dirty.
func clean(dirty []span, lo, hi int) bool {
	for _, s := range dirty {
		if lo < s.hi && s.lo < hi {
			return false
		}
	}
	return true
}

// reuseBand appends the tokens of data[lo:hi] to d.toks, as parseBand
// does, starting from old, the tokens of a band with the same bounds in
// the last picture: every old token still true of data is kept (a match
// failing part way keeps the part that holds), and between them data is
// searched as parseBand searches it. Where dirty is not nil, the band
// (with the row above it) changed only in those columns, and tokens clear
// of them are kept unchecked. The tokens depend only on
// data[lo-rowLen:hi], as parseBand's do.
func (d *deflater) reuseBand(data []byte, lo, hi, rowLen int, old []token, dirty []span) {
	toks := d.toks
	first := max(lo-rowLen, 0) // the earliest byte a match may copy
	k, o := 0, lo              // old[k] starts at o
	var ch changes
	if dirty != nil {
		ch = newChanges(dirty, lo, rowLen)
	}
	for i := lo; i < hi; {
		for k < len(old) && o < i {
			o += old[k].size()
			k++
		}
		if k < len(old) && o == i {
			t := old[k]
			n := t.size()
			if ch.spans != nil {
				// Clear of the changed columns, it and the bytes it
				// copies: it holds as it did.
				ch.past(i)
				dist := 0
				if !t.isLiteral() {
					dist = t.dist()
				}
				if ch.clear(i, n, dist) {
					toks = append(toks, t)
					if dist != 1 && dist != rowLen { // text and pips: see below
						d.insertAfter(data, i, n, hi)
					}
					i += n
					o, k = i, k+1
					continue
				}
			}
			// The old token at i, if it still holds: a match as long as
			// it now goes (one cut short once would otherwise stay so).
			// Only literals and matches from afar are entered in the hash
			// table (which serves the search where the picture changed):
			// its candidates for text and pips, which repeat.
			if t.isLiteral() {
				if data[i] == byte(t) {
					toks = append(toks, t)
					d.insertAfter(data, i, 1, hi)
					i++
					o, k = i, k+1
					continue
				}
			} else if dist := t.dist(); i-dist >= first {
				if m := matchLen(data[i:min(i+maxMatch, hi)], data[i-dist:]); m >= 3 {
					if m != n {
						t = matchToken(m, dist)
					}
					toks = append(toks, t)
					if dist != 1 && dist != rowLen {
						d.insertAfter(data, i, m, hi)
					}
					i += m
					continue
				}
			}
		}
		toks, i = d.search(toks, data, i, lo, hi, rowLen)
	}
	d.toks = toks
}

// search appends the token at i found as parseBand finds it (a literal
// first where the next position has a longer match), and returns where
// the next token starts.
func (d *deflater) search(toks []token, data []byte, i, lo, hi, rowLen int) ([]token, int) {
	l, dist := d.longest(data, i, lo, hi, rowLen, 0)
	if dist != 1 && dist != rowLen && i+1 < hi {
		if l2, dist2 := d.longest(data, i+1, lo, hi, rowLen, l+1); l2 > l {
			toks = append(toks, literalToken(data[i]))
			i++
			l, dist = l2, dist2
		}
	}
	if l < 3 {
		return append(toks, literalToken(data[i])), i + 1
	}
	toks = append(toks, matchToken(l, dist))
	d.insertAfter(data, i+1, l-1, hi)
	return toks, i + l
}

// insertAfter enters in the hash table the positions of the n bytes at i
// that parseBand would have: a literal's, a match's last few (its first is
// entered by longest when searched).
func (d *deflater) insertAfter(data []byte, i, n, hi int) {
	j := max(i, i+n-insertTail)
	for end := min(i+n, hi-7); j < end; j++ {
		d.insert(hash5(binary.LittleEndian.Uint64(data[j:])), j)
	}
}

// isLiteral reports whether t is a literal.
func (t token) isLiteral() bool { return t>>9&31 == noDist }

// size is how many bytes t stands for.
func (t token) size() int {
	if t.isLiteral() {
		return 1
	}
	return int(lengthBase[t&511-257]) + int(t>>14&31)
}

// dist is a match's distance.
func (t token) dist() int { return int(distBase[t>>9&31]) + int(t>>19) }
