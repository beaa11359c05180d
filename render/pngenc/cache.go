package pngenc

import (
	"hash/maphash"
	"slices"
	"sync"
)

// bandCache keeps the compressor's work on recent bands of rows (see
// deflate.go), by their content: a table's next picture differs from its
// last in a few bands (a move changes a fifth of a Double FreeCell
// table's rows), and only those are searched again; and its work on
// groups of bands, whose coded bits are copied when none of the group's
// bands changed.
//
// It holds two generations: bands and groups are added to the current
// one, and found ones moved there from the old one; when the current one
// is full it becomes the old one, and what was used in neither is
// dropped. So it holds at most its limit (Encoder.SetCacheLimit; a
// group's bits, a series' last picture, counted as tokens of four bytes). A
// table's next picture needs what its last one left (about 200 KB of a
// Double FreeCell table's), and the cache turns over as fast as pictures
// are drawn (about 100 KB each), so the limit sets how many tables it
// serves: under the load test at 1500 tables the CPU per interaction was
// 2.25 ms with 128 MiB, 2.10 ms with 384 MiB (the default) and 2.18 with
// 768 MiB.
type bandCache struct {
	seed     maphash.Seed
	mu       sync.Mutex
	cur, old generation
	tokens   int // in cur
	limit    int // tokens a generation holds
}

// generation is one generation of the cache.
type generation struct {
	bands  map[bandKey]band
	groups map[groupKey]group
	series map[string]*Last
}

func newGeneration() generation {
	return generation{bands: map[bandKey]band{}, groups: map[groupKey]group{}, series: map[string]*Last{}}
}

// groupKey names a group by its bands' keys (zero past the last band).
type groupKey [groupBands]bandKey

// group is a group's blocks, coded: nbits bits from bits, and the
// Adler-32 of its bytes.
type group struct {
	bits  []byte
	nbits int
	adler uint32
}

// band is a band's tokens and the Adler-32 of its bytes.
type band struct {
	toks  []token
	adler uint32
	from  uint64 // the tag of the series whose last picture the tokens came from (0: none)
}

// bandKey names a band by a hash of its bytes with the row above them,
// and the rest its tokens depend on. A 64-bit hash with a random seed:
// two different bands share one by chance once in 2⁶⁴.
//
// Tokens found by parseBand depend on the band alone; those found from a
// series' last picture (reuseBand) depend on that picture too, so they
// are kept under the series' tag, and only its own pictures find them:
// no one's picture is encoded from what another player sees alone.
type bandKey struct {
	sum          uint64
	rowLen, size int
	first        bool
	tag          uint64 // the series of reused tokens' (seriesTag), 0 for parseBand's
}

// seriesTag tags the bands a series' pictures searched from its last.
func (c *bandCache) seriesTag(series string) uint64 {
	if c == nil || series == "" {
		return 0
	}
	return maphash.String(c.seed, series) | 1
}

// has reports whether band k is kept.
func (c *bandCache) has(k bandKey) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hasLocked(k)
}

// hasLocked is has with c.mu held.
func (c *bandCache) hasLocked(k bandKey) bool {
	_, cur := c.cur.bands[k]
	_, old := c.old.bands[k]
	return cur || old
}

func newBandCache() *bandCache {
	return &bandCache{seed: maphash.MakeSeed(), cur: newGeneration(), limit: DefaultCacheLimit / 8}
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

// sameBounds reports whether k names a band in the same place as o, of
// the same size and rows: one whose tokens may be reused for o's.
func (k bandKey) sameBounds(o bandKey) bool {
	return k.rowLen == o.rowLen && k.size == o.size && k.first == o.first && k.rowLen > 0
}

// peek returns the band named k, if kept, leaving it where it is.
func (c *bandCache) peek(k bandKey) (band, bool) {
	if c == nil || k.rowLen == 0 {
		return band{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.cur.bands[k]; ok {
		return b, true
	}
	b, ok := c.old.bands[k]
	return b, ok
}

// keeps marks not the same the bands of p the cache no longer keeps:
// in a group of bands all the same, the group's bits; else each band's
// tokens. Those bands are then drawn and read again.
func (c *bandCache) keeps(p *prior) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for g := 0; g < len(p.same); g += groupBands {
		var key groupKey
		all := true
		for k := range groupBands {
			if g+k < len(p.same) {
				key[k] = p.last[g+k]
				all = all && p.same[g+k]
			}
		}
		if all {
			_, cur := c.cur.groups[key]
			_, old := c.old.groups[key]
			if cur || old {
				continue
			}
		}
		for n := g; n < min(g+groupBands, len(p.same)); n++ {
			if p.same[n] && !c.hasLocked(p.last[n]) {
				p.same[n], p.dirty[n] = false, nil
			}
		}
	}
}

// last returns the series' last picture (nil for "", or none). Only a
// series' own pictures are reused: a picture's bytes (the tokens kept)
// then depend on nothing another player sees alone.
func (c *bandCache) last(series string) *Last {
	if c == nil || series == "" {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if l, ok := c.cur.series[series]; ok {
		return l
	}
	return c.old.series[series]
}

// setLast keeps l, which no one changes after and which weighs weight,
// as the series' last picture.
func (c *bandCache) setLast(series string, l *Last, weight int) {
	if c == nil || series == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.old.series, series)
	c.cur.series[series] = l
	c.grew(weight)
}

// setLimit sets the cache's limit to bytes: two generations of four-byte
// tokens.
func (c *bandCache) setLimit(bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = max(bytes/8, 1)
}

func (c *bandCache) get(k bandKey) (band, bool) {
	if c == nil {
		return band{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return find(c.cur.bands, c.old.bands, k, c.add)
}

func (c *bandCache) getGroup(k groupKey) (group, bool) {
	if c == nil {
		return group{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return find(c.cur.groups, c.old.groups, k, c.addGroup)
}

// find looks k up in the current generation, then in the old one, whose
// entry it moves to the current one (by add) so that it stays.
func find[K comparable, V any](cur, old map[K]V, k K, add func(K, V)) (V, bool) {
	if v, ok := cur[k]; ok {
		return v, true
	}
	if v, ok := old[k]; ok {
		delete(old, k)
		add(k, v)
		return v, true
	}
	var none V
	return none, false
}

// putGroup keeps a copy of g.
func (c *bandCache) putGroup(k groupKey, g group) {
	if c == nil {
		return
	}
	g.bits = slices.Clone(g.bits)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.addGroup(k, g)
}

func (c *bandCache) addGroup(k groupKey, g group) {
	c.cur.groups[k] = g
	c.grew(len(g.bits)/4 + 1)
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
	c.cur.bands[k] = b
	c.grew(len(b.toks))
}

// grew counts n more tokens in the current generation, and starts a new
// one when it is full.
func (c *bandCache) grew(n int) {
	c.tokens += n
	if c.tokens > c.limit {
		c.old, c.cur, c.tokens = c.cur, newGeneration(), 0
	}
}
