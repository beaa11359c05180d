package render

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// A zlib compressor (RFC 1950 and 1951) made for the pictures' rows.
//
// General compressors look for repeats by hashing every few bytes. A table
// is mostly pixels equal to the ones above them (nine in ten): felt, card
// faces and edges; the rest is anti-aliased text and pips, which repeat
// along the row (the same rank in the next column). So the search here
// tries a run of one colour and the pixel above, and beside them one hash
// of earlier positions, comparing eight bytes of each at once. That finds
// longer repeats than compress/flate's fastest level (14% fewer bytes) in
// about its time.
//
// Most of the time goes in that search, and from one picture of a table to
// the next most of it is the same. So the rows are searched in bands, each
// looking back no further than the row above it, and a band's result is
// kept (bandCache) for the next picture with the same band and row above.
// The bits are ordinary deflate with Huffman codes made for each block: a
// pair of bands is one block, or two where its halves differ enough that
// their own codes pay for a second header. A pair's blocks depend on its
// bands alone, so their bits are kept too, and a picture is mostly the
// kept bits of its pairs laid end to end, closed by an empty final block.

const (
	windowSize = 1 << 15 // how far back a match may reach
	maxMatch   = 258     // the longest match deflate codes
	hashBits   = 13      // the table of earlier positions, 32 KiB
	bandRows   = 32      // rows searched together, and reused together
	groupBands = 2       // bands coded together (one block or one each), and reused together
	chainDepth = 4       // earlier positions with the same hash tried after the latest
	insertTail = 7       // a match's last positions entered in the hash table (all of a short one's)
)

// token is a literal or a match, with its codes worked out: the
// literal/length symbol (bits 0–8), the distance code (9–13; noDist for a
// literal) and the values of their extra bits (14–18 and 19–31). Writing a
// token is then the same few steps whatever it is, without branches.
type token uint32

const noDist = 30 // a distance code with no bits: a literal's

func literalToken(b byte) token { return token(b) | noDist<<9 }

func matchToken(length, dist int) token {
	lc, dc := lengthCode[length], distanceCode(dist-1)
	return token(257+int(lc)) | token(dc)<<9 |
		token(length-int(lengthBase[lc]))<<14 | token(dist-int(distBase[dc]))<<19
}

// deflater holds a compressor's tables, reused from picture to picture.
type deflater struct {
	head   [1 << hashBits]int32 // 1 + the latest position whose 5 bytes hash here
	prev   [windowSize]int32    // by position mod windowSize: 1 + the one before it with its hash
	toks   []token
	counts [3]symCounts // a group's, and its bands'
	bw     bitWriter    // the picture
	gw     bitWriter    // a group's blocks
	lit    huffman      // literals and lengths: symbols 0–285
	dist   huffman      // distances: 0–29
	cl     huffman      // code lengths in a block's header: 0–18
}

// zlibCompress appends to dst the zlib stream of data, whose rows are
// rowLen bytes long (a row's first byte is its PNG filter type). Bands and
// groups found in cache are not searched or coded again; cache may be nil.
func (d *deflater) zlibCompress(dst, data []byte, rowLen int, cache *bandCache) []byte {
	out, _ := d.zlibCompressAfter(dst, data, rowLen, cache, nil)
	return out
}

// prior is what a picture of a series is encoded from: its last picture.
type prior struct {
	last []bandKey // the last picture's bands
	// same marks the bands known to be the last picture's (nil: none),
	// whose bytes are not read: their key is last's, and what the cache
	// keeps of them is all that is needed.
	same []bool
	// dirty lists, for each band not the same, the columns where it (or
	// the row above it) changed; nil where not known.
	dirty [][]span
	tag   uint64    // the series' tag for the bands searched from last's
	keys  []bandKey // set to the picture's bands
}

// dirtyIn returns the columns where band n changed (nil: not known).
func (p *prior) dirtyIn(n int) []span {
	if p == nil || n >= len(p.dirty) {
		return nil
	}
	return p.dirty[n]
}

// sameAs reports whether band n is known to be the last picture's.
func (p *prior) sameAs(n int) bool { return p != nil && n < len(p.same) && p.same[n] }

// before names band n of the last picture (the zero key for none).
func (p *prior) before(n int) bandKey {
	if p == nil || n >= len(p.last) {
		return bandKey{}
	}
	return p.last[n]
}

// zlibCompressAfter is zlibCompress for a picture encoded from p (nil for
// none): a changed band starts from the tokens of the band in its place
// (reuseBand), and the bands p marks the same are taken from the cache
// unread. It reports false, having written nothing that counts, if the
// cache no longer keeps one of them.
func (d *deflater) zlibCompressAfter(dst, data []byte, rowLen int, cache *bandCache, p *prior) ([]byte, bool) {
	dst = append(dst, 0x78, 0x01) // deflate, 32 KiB window, no dictionary
	clear(d.head[:])
	sum := uint32(1) // Adler-32 of nothing
	d.bw.reset(dst)
	bandLen := bandRows * rowLen
	if p != nil {
		p.keys = make([]bandKey, 0, (len(data)+bandLen-1)/bandLen)
	}
	for lo := 0; lo < len(data); lo += groupBands * bandLen {
		hi := min(lo+groupBands*bandLen, len(data))
		var key, before groupKey
		var same [groupBands]bool
		for k, b := 0, lo; b < hi; k, b = k+1, b+bandLen {
			n := b / bandLen
			before[k] = p.before(n)
			if same[k] = p.sameAs(n); same[k] {
				key[k] = before[k]
			} else {
				key[k] = cache.key(data, b, min(b+bandLen, hi), rowLen)
				if tagged := key[k]; p != nil && p.tag != 0 {
					// The series' own search of these bytes, if kept and
					// no search from nothing is.
					if tagged.tag = p.tag; !cache.has(key[k]) && cache.has(tagged) {
						key[k] = tagged
					}
				}
			}
		}
		g, ok := cache.getGroup(key)
		if !ok {
			if g, ok = d.codeGroup(data, lo, hi, rowLen, cache, &key, &before, &same, p); !ok {
				return dst, false
			}
			cache.putGroup(key, g)
		}
		if p != nil {
			p.keys = append(p.keys, key[:(hi-lo+bandLen-1)/bandLen]...)
		}
		d.bw.appendBits(g.bits, g.nbits)
		sum = adler32Combine(sum, g.adler, hi-lo)
	}
	d.bw.grow(8)
	d.bw.put(3, 10) // the final block: empty, fixed codes (BFINAL 1, BTYPE 01, end of block 0000000)
	return binary.BigEndian.AppendUint32(d.bw.flush(), sum), true
}

// codeGroup codes the bands of data[lo:hi] (key names them) into blocks,
// not final, and returns their bits (in d's scratch; put copies them).
// before names the bands in the same place in the series' last picture,
// and same marks those known to be unchanged, which must be in cache: it
// reports false if one is not.
func (d *deflater) codeGroup(data []byte, lo, hi, rowLen int, cache *bandCache, key, before *groupKey, same *[groupBands]bool, p *prior) (group, bool) {
	bandLen := bandRows * rowLen
	d.toks = d.toks[:0]
	var cuts [groupBands + 1]int // where each band's tokens start
	n := 0
	adler := uint32(1)
	for b := lo; b < hi; b += bandLen {
		e := min(b+bandLen, hi)
		bd, ok := cache.get(key[n])
		if ok {
			d.toks = append(d.toks, bd.toks...)
		} else if same[n] {
			return group{}, false
		} else {
			start := len(d.toks)
			dirty := p.dirtyIn(b / bandLen)
			if old, ok := cache.peek(before[n]); ok && before[n].sameBounds(key[n]) && !mostly(dirty, rowLen) {
				d.reuseBand(data, b, e, rowLen, old.toks, dirty)
				key[n].tag = p.tag
			} else {
				d.parseBand(data, b, e, rowLen)
			}
			bd = band{toks: d.toks[start:], adler: adler32(data[b:e]), from: key[n].tag}
			cache.put(key[n], bd)
		}
		adler = adler32Combine(adler, bd.adler, e-b)
		n++
		cuts[n] = len(d.toks)
	}
	d.gw.reset(d.gw.buf[:0])
	// One block, or one a band where their codes pay for a second header
	// (estimated from the entropy of each part's symbols).
	whole, first, second := &d.counts[0], &d.counts[1], &d.counts[2]
	whole.count(d.toks)
	if n == 2 {
		first.count(d.toks[:cuts[1]])
		second.sub(whole, first)
		if first.cost()+second.cost() < whole.cost() {
			d.writeBlock(&d.gw, d.toks[:cuts[1]], first)
			d.writeBlock(&d.gw, d.toks[cuts[1]:], second)
			whole = nil
		}
	}
	if whole != nil {
		d.writeBlock(&d.gw, d.toks, whole)
	}
	nbits := d.gw.n*8 + int(d.gw.nbits)
	return group{bits: d.gw.buf[:(nbits+7)/8], nbits: nbits, adler: adler}, true
}

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

// The length and distance codes of RFC 1951, 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

	lengthCode [maxMatch + 1]uint8 // by length
	distCode   [512]uint8          // by distance-1 below 256, then by (distance-1)>>7
	symExtra   [286]uint8          // extra bits by literal/length symbol
	distExtraN [noDist + 1]uint8   // extra bits by distance code, none for noDist
)

func init() {
	copy(symExtra[257:], lengthExtra[:])
	copy(distExtraN[:], distExtra[:])
	for c := range lengthBase {
		top := maxMatch
		if c+1 < len(lengthBase) {
			top = int(lengthBase[c+1]) - 1
		}
		for l := int(lengthBase[c]); l <= top; l++ {
			lengthCode[l] = uint8(c)
		}
	}
	for c := range distBase {
		lo, hi := int(distBase[c])-1, windowSize-1
		if c+1 < len(distBase) {
			hi = int(distBase[c+1]) - 2
		}
		for v := lo; v <= hi; v++ {
			if v < 256 {
				distCode[v] = uint8(c)
			} else {
				distCode[256+v>>7] = uint8(c)
			}
		}
	}
}

func distanceCode(dm1 int) int {
	far := (255 - dm1) >> 63 // -1 from 256 on
	return int(distCode[(dm1^(dm1^(256+dm1>>7))&far)&511])
}

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

// bitWriter writes deflate's bit stream, least significant bit first. It
// stores eight bytes at each put and moves on by the whole ones among
// them, so the buffer keeps eight spare bytes (grow).
type bitWriter struct {
	buf   []byte // written up to n, then room
	n     int
	acc   uint64 // bits not yet whole bytes: nbits < 8 between puts
	nbits uint
}

func (w *bitWriter) reset(dst []byte) { w.buf, w.n, w.acc, w.nbits = dst[:cap(dst)], len(dst), 0, 0 }

// grow makes room for k more bytes.
func (w *bitWriter) grow(k int) {
	if w.n+k+8 > len(w.buf) {
		b := make([]byte, 2*len(w.buf)+k+8)
		copy(b, w.buf[:w.n])
		w.buf = b
	}
}

// put writes the nb low bits of v (nb at most 56).
func (w *bitWriter) put(v uint64, nb uint) {
	w.acc |= v << w.nbits
	w.nbits += nb
	binary.LittleEndian.PutUint64(w.buf[w.n:], w.acc)
	whole := w.nbits >> 3
	w.n += int(whole)
	w.acc >>= whole << 3
	w.nbits &= 7
}

// appendBits writes the first nbits bits of src (as a bitWriter wrote
// them).
func (w *bitWriter) appendBits(src []byte, nbits int) {
	w.grow(len(src))
	whole := nbits / 8
	i := 0
	if s := w.nbits; s == 0 {
		copy(w.buf[w.n:], src[:whole])
		w.n += whole
		i = whole
	} else {
		acc := w.acc
		for ; i+8 <= whole; i += 8 {
			v := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(w.buf[w.n:], acc|v<<s)
			w.n += 8
			acc = v >> (64 - s)
		}
		w.acc = acc
	}
	for ; i < whole; i++ {
		w.put(uint64(src[i]), 8)
	}
	if r := uint(nbits % 8); r > 0 {
		w.put(uint64(src[whole])&(1<<r-1), r)
	}
}

// flush writes the last bits, padded to a byte, and returns the output.
func (w *bitWriter) flush() []byte {
	if w.nbits > 0 {
		w.put(0, 8-w.nbits)
	}
	return w.buf[:w.n]
}

// adler32 is hash/adler32's checksum, eight bytes a step. Before each
// step s2 gains 8·s1; the step's bytes then add to s1 their sum (one
// multiplication sums a word's 16-bit lanes) and to s2 their sum weighted
// 8, 7, …, 1, which is linear: lane totals kept over a block are weighted
// once at its end.
func adler32(p []byte) uint32 {
	const mod = 65521
	const block = 256 * 8 // lane totals stay below 256·255 < 1<<16
	s1, s2 := uint64(1), uint64(0)
	for len(p) >= 8 {
		q := p[:min(len(p), block)&^7]
		p = p[len(q):]
		var even, odd uint64 // lane totals: bytes 0, 2, 4, 6 and 1, 3, 5, 7
		for ; len(q) >= 8; q = q[8:] {
			v := binary.LittleEndian.Uint64(q)
			e, o := v&0x00ff00ff00ff00ff, v>>8&0x00ff00ff00ff00ff
			s2 += 8 * s1
			s1 += (e + o) * 0x0001000100010001 >> 48
			even += e
			odd += o
		}
		for k := range 4 {
			s2 += (even>>(16*k)&0xffff)*uint64(8-2*k) + (odd>>(16*k)&0xffff)*uint64(7-2*k)
		}
		s1 %= mod
		s2 %= mod
	}
	for _, x := range p {
		s1 += uint64(x)
		s2 += s1
	}
	return uint32(s2%mod<<16 | s1%mod)
}

// adler32Combine returns the Adler-32 of a then b from theirs and b's
// length (as zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	rem := uint64(lenB % mod)
	a1, a2 := uint64(a&0xffff), uint64(a>>16)
	b1, b2 := uint64(b&0xffff), uint64(b>>16)
	s1 := (a1 + b1 + mod - 1) % mod
	s2 := (rem*a1 + a2 + b2 + mod - rem) % mod
	return uint32(s2<<16 | s1)
}
