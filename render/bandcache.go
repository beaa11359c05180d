package render

import (
	"hash/maphash"
	"slices"
	"sync"
)

// bandCache keeps the compressor's work on recent bands of rows (see
// deflate.go), by their content: a table's next picture differs from its
// last in a few bands (a move changes a fifth of a Double FreeCell
// table's rows), and only those are searched again.
//
// It holds two generations: bands are added to the current one, and
// found ones moved there from the old one; when the current one is full
// it becomes the old one, and the bands used in neither are dropped. So
// it holds at most twice cacheTokens tokens, 16 MiB, about a hundred
// tables' last pictures.
type bandCache struct {
	seed     maphash.Seed
	mu       sync.Mutex
	cur, old map[bandKey]band
	tokens   int // in cur
}

const cacheTokens = 2 << 20

// band is a band's tokens and the Adler-32 of its bytes.
type band struct {
	toks  []token
	adler uint32
}

// bandKey names a band by a hash of its bytes with the row above them,
// and the rest its tokens depend on. A 64-bit hash with a random seed:
// two different bands share one by chance once in 2⁶⁴.
type bandKey struct {
	sum          uint64
	rowLen, size int
	first        bool
}

func newBandCache() *bandCache {
	return &bandCache{seed: maphash.MakeSeed(), cur: map[bandKey]band{}}
}

// key names the band data[lo:hi]; a nil cache names none.
func (c *bandCache) key(data []byte, lo, hi, rowLen int) bandKey {
	if c == nil {
		return bandKey{}
	}
	return bandKey{
		sum:    maphash.Bytes(c.seed, data[max(lo-rowLen, 0):hi]),
		rowLen: rowLen, size: hi - lo, first: lo == 0,
	}
}

func (c *bandCache) get(k bandKey) (band, bool) {
	if c == nil {
		return band{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.cur[k]; ok {
		return b, true
	}
	if b, ok := c.old[k]; ok {
		delete(c.old, k)
		c.add(k, b)
		return b, true
	}
	return band{}, false
}

// put keeps a copy of b.
func (c *bandCache) put(k bandKey, b band) {
	if c == nil {
		return
	}
	b.toks = slices.Clone(b.toks)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(k, b)
}

func (c *bandCache) add(k bandKey, b band) {
	c.cur[k] = b
	c.tokens += len(b.toks)
	if c.tokens > cacheTokens {
		c.old, c.cur, c.tokens = c.cur, map[bandKey]band{}, 0
	}
}
