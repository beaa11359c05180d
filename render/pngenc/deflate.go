package pngenc

import (
	"encoding/binary"
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
// kept (cache.go) for the next picture with the same band and row above.
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

// zlib appends to dst the zlib stream of data, whose rows are rowLen
// bytes long (a row's first byte is its PNG filter type), encoded from p
// (nil: none). Bands and groups found in cache are not searched or coded
// again; cache may be nil. For a picture of a series (p), a changed band
// starts from the tokens of the band in its place in the last picture
// (reuseBand), and the bands p marks the same are taken from the cache
// unread. It reports false, having written nothing that counts, if the
// cache no longer keeps one of them.
func (d *deflater) zlib(dst, data []byte, rowLen int, cache *bandCache, p *prior) ([]byte, bool) {
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
				if tagged := key[k]; p != nil && cache != nil {
					// The series' own search of these bytes, if kept and
					// no search from nothing is.
					if tagged.series = p.series; !cache.has(key[k]) && cache.has(tagged) {
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
				key[n].series = p.series
			} else {
				d.parseBand(data, b, e, rowLen)
			}
			bd = band{toks: d.toks[start:], adler: adler32(data[b:e])}
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
