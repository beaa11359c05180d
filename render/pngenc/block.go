package pngenc

import (
	"encoding/binary"
	"math"
)

// Deflate blocks: their cost, estimated before coding, and their bits.

// symCounts are a block's counts of literal/length and distance symbols.
type symCounts struct {
	lit  [286]uint32
	dist [noDist + 1]uint32 // noDist counts the literals, and is left out
}

// count sets c to the counts of toks, and an end of block.
func (c *symCounts) count(toks []token) {
	clear(c.lit[:])
	clear(c.dist[:])
	for _, t := range toks {
		c.lit[t&0x1ff]++
		c.dist[t>>9&0x1f]++
	}
	c.lit[256]++
}

// sub sets c to the counts of the tokens of a not in b (b's first), and
// an end of block.
func (c *symCounts) sub(a, b *symCounts) {
	for i := range c.lit {
		c.lit[i] = a.lit[i] - b.lit[i]
	}
	for i := range c.dist {
		c.dist[i] = a.dist[i] - b.dist[i]
	}
	c.lit[256]++ // a's and b's end of block cancel out
}

// cost estimates the block's bits but for extra bits (which do not
// change with its codes): each symbol's entropy, and a header of about
// five bits a symbol used.
func (c *symCounts) cost() float64 {
	return entropyBits(c.lit[:]) + entropyBits(c.dist[:noDist])
}

// entropyBits is n·log₂n − Σ f·log₂f for the symbols' counts f summing to
// n, plus headerBits for each symbol used and a header's fixed part.
func entropyBits(freq []uint32) float64 {
	n, sum, used := uint32(0), 0.0, 0
	for _, f := range freq {
		if f > 0 {
			n += f
			sum += fLog2f(f)
			used++
		}
	}
	return fLog2f(n) - sum + float64(used)*headerBitsPerSymbol + headerBitsFixed
}

// headerBitsPerSymbol and headerBitsFixed estimate a dynamic block's
// header: its code lengths take about that much for each code.
const (
	headerBitsPerSymbol = 5
	headerBitsFixed     = 40
)

// fLog2f is f·log₂f, from a table for the small counts.
func fLog2f(f uint32) float64 {
	if f < uint32(len(fLog2fTable)) {
		return float64(fLog2fTable[f])
	}
	x := float64(f)
	return x * math.Log2(x)
}

var fLog2fTable = func() (t [4096]float32) {
	for f := 1; f < len(t); f++ {
		t[f] = float32(float64(f) * math.Log2(float64(f)))
	}
	return t
}()

// writeBlock writes toks, whose symbols c counts, to w as one block with
// dynamic Huffman codes, not the final one.
func (d *deflater) writeBlock(w *bitWriter, toks []token, c *symCounts) {
	lit, dist := &d.lit, &d.dist
	copy(lit.freq[:], c.lit[:])
	copy(dist.freq[:], c.dist[:noDist])
	lit.build(286, 15)
	dist.build(30, 15) // not noDist, which keeps no bits
	d.writeHeader(w)

	// Each symbol's code, its length, and that with the extra bits after
	// it, in one word: code | length<<16 | (length+extra)<<24.
	var litEnc [286]uint32
	var distEnc [noDist + 1]uint32 // noDist: nothing
	for s := range litEnc {
		litEnc[s] = uint32(lit.code[s]) | uint32(lit.length[s])<<16 | uint32(lit.length[s]+symExtra[s])<<24
	}
	for s := range distExtra {
		distEnc[s] = uint32(dist.code[s]) | uint32(dist.length[s])<<16 | uint32(dist.length[s]+distExtra[s])<<24
	}
	for len(toks) > 0 {
		chunk := toks[:min(len(toks), 1024)]
		toks = toks[len(chunk):]
		w.grow(len(chunk) * 6) // a token takes at most 48 bits
		buf, n, acc, nbits := w.buf, w.n, w.acc, w.nbits
		for _, t := range chunk {
			l, d := litEnc[t&0x1ff], distEnc[t>>9&0x1f]
			// (shifts masked to 63, which they are below, need no checks)
			v := uint64(l&0xffff) | uint64(t>>14&0x1f)<<(l>>16&63)
			v |= (uint64(d&0xffff) | uint64(t>>19)<<(d>>16&63)) << (l >> 24 & 63)
			acc |= v << (nbits & 63)
			nbits += uint(l>>24 + d>>24)
			binary.LittleEndian.PutUint64(buf[n:], acc)
			n += int(nbits >> 3)
			acc >>= nbits &^ 7 & 63
			nbits &= 7
		}
		w.n, w.acc, w.nbits = n, acc, nbits
	}
	w.put(uint64(lit.code[256]), uint(lit.length[256]))
}

// clOrder is the order in which a header gives the code-length code.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeHeader writes a dynamic block's header: both codes' lengths,
// run-length coded, and the code for those (RFC 1951, 3.2.7).
func (d *deflater) writeHeader(w *bitWriter) {
	nlit, ndist := used(d.lit.length[:286], 257), used(d.dist.length[:30], 1)
	var lens [286 + 30]uint8
	n := copy(lens[:], d.lit.length[:nlit])
	n += copy(lens[n:], d.dist.length[:ndist])
	var syms [286 + 30]uint16 // symbol | repeat count<<8
	ns := 0
	d.cl.clearFreq()
	emit := func(s, r int) {
		syms[ns] = uint16(s | r<<8)
		ns++
		d.cl.freq[s]++
	}
	for i := 0; i < n; {
		v, run := lens[i], 1
		for i+run < n && lens[i+run] == v {
			run++
		}
		i += run
		if v != 0 { // the length once, then 16: repeat it 3–6 times
			emit(int(v), 1)
			for run--; run >= 3; run -= min(run, 6) {
				emit(16, min(run, 6))
			}
		} else { // 18: 11–138 zeros, 17: 3–10
			for ; run >= 11; run -= min(run, 138) {
				emit(18, min(run, 138))
			}
			if run >= 3 {
				emit(17, run)
				run = 0
			}
		}
		for ; run > 0; run-- {
			emit(int(v), 1)
		}
	}
	d.cl.build(19, 7)
	ncl := 19
	for ncl > 4 && d.cl.length[clOrder[ncl-1]] == 0 {
		ncl--
	}

	w.grow(600) // 17 + 19·3 + 316·14 bits at most
	w.put(2<<1|uint64(nlit-257)<<3|uint64(ndist-1)<<8|uint64(ncl-4)<<13, 17)
	for _, s := range clOrder[:ncl] {
		w.put(uint64(d.cl.length[s]), 3)
	}
	for _, sr := range syms[:ns] {
		s, r := int(sr&0xff), uint64(sr>>8)
		w.put(uint64(d.cl.code[s]), uint(d.cl.length[s]))
		switch s {
		case 16:
			w.put(r-3, 2)
		case 17:
			w.put(r-3, 3)
		case 18:
			w.put(r-11, 7)
		}
	}
}

// used is how many of a code's symbols a header must list: up to the last
// with a code, and at least least.
func used(length []uint8, least int) int {
	n := len(length)
	for n > least && length[n-1] == 0 {
		n--
	}
	return n
}
