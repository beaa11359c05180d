package pngenc

import (
	"hash/maphash"
	"slices"
	"sync"
	"time"
)

// bandCache keeps the compressor's work on recent bands of rows (see
// deflate.go), by their content: a table's next picture differs from its
// last in a few bands (a move changes a fifth of a Double FreeCell
// table's rows), and only those are searched again; and its work on
// groups of bands, whose coded bits are copied when none of the group's
// bands changed. It keeps the series' last pictures too (series.go).
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
//
// Below the limit it grows with the series it serves: a generation holds
// twice what the series drawn in the last activeFor need (what each
// series' last picture left, about four bytes for each of its PNG's), and
// at least minGeneration tokens. Each such series then outlives a
// generation of the others' pictures, and a bot with ten tables keeps
// a few MB, not the limit; what no series uses any more (a move's old
// bands, a finished table's) is dropped with its generation.
//
// A band or group is kept in a slot, a hash of its key, with its key,
// and found only by that key, compared whole: a slot may be shared (a
// test makes them 4 bits), a key may not (fingerprint.go).
type bandCache struct {
	seed     maphash.Seed
	mask     uint64 // of a slot's bits: all of them, but in tests
	mu       sync.Mutex
	cur, old generation
	tokens   int // in cur
	limit    int // tokens a generation holds at most
	oldSize  int // tokens in old, about: those moved from it are taken off
	least    int // tokens a generation holds at least, below the limit: minGeneration but in tests

	now    func() time.Time    // time.Now, but in tests
	active map[string]activity // the series drawn lately
	need   int                 // the sum of active's needs
}

// activity is when a series last drew, and the tokens its next picture
// reuses from that one's: about one for each byte of the PNG.
type activity struct {
	at   time.Time
	need int
}

const (
	// activeFor is how long after its last picture a series counts among
	// those the cache serves.
	activeFor = 10 * time.Minute
	// minGeneration is the fewest tokens a generation holds (4 MiB) below
	// the limit: room for pictures of no series, and for a few tables.
	minGeneration = 1 << 20
)

// generation is one generation of the cache.
type generation struct {
	bands  map[uint64]entry[bandKey, band]
	groups map[uint64]entry[groupKey, group]
	series map[string]*Last
}

// entry is what a slot holds: a value, and the key it was kept under.
type entry[K comparable, V any] struct {
	key K
	val V
}

func newGeneration() generation {
	return generation{
		bands:  map[uint64]entry[bandKey, band]{},
		groups: map[uint64]entry[groupKey, group]{},
		series: map[string]*Last{},
	}
}

func newBandCache() *bandCache {
	return &bandCache{seed: maphash.MakeSeed(), mask: ^uint64(0), cur: newGeneration(), limit: DefaultCacheLimit / 8,
		least: minGeneration, now: time.Now, active: map[string]activity{}}
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
}

// bandKey names a band by the fingerprint of its bytes with the row
// above them, and by the rest its tokens depend on.
//
// Tokens found by parseBand depend on the band alone; those found from a
// series' last picture (reuseBand) depend on that picture too, so they
// are kept under the series' name, and only its own pictures find them:
// no one's picture is encoded from what another player sees alone.
type bandKey struct {
	sum          fingerprint
	rowLen, size int
	first        bool
	series       string // the series whose last picture the tokens were searched from ("": none)
}

// keyTokens is about how much memory a bandKey takes (72 bytes), in the
// cache's units.
const keyTokens = 18

// fits reports whether bands of rows rowLen long are kept: whether they
// can be fingerprinted.
func (c *bandCache) fits(rowLen int) bool {
	return c != nil && (bandRows+1)*rowLen <= maxFingerprinted
}

// key names the band data[lo:hi], of rows rowLen long; a nil cache names
// none.
func (c *bandCache) key(data []byte, lo, hi, rowLen int) bandKey {
	if c == nil {
		return bandKey{}
	}
	return bandKey{
		sum:    fingerprintOf(data[max(lo-rowLen, 0):hi]),
		rowLen: rowLen, size: hi - lo, first: lo == 0,
	}
}

// hash is a hash of k, for its slot.
func (c *bandCache) hash(k bandKey) uint64 {
	h := maphash.Comparable(c.seed, k.sum) ^ uint64(k.rowLen)<<32 ^ uint64(k.size)<<1
	if k.first {
		h ^= 1
	}
	if k.series != "" {
		h ^= maphash.String(c.seed, k.series)
	}
	return h
}

// bandSlot and groupSlot are where band k and group g are kept.
func (c *bandCache) bandSlot(k bandKey) uint64 { return c.hash(k) & c.mask }

func (c *bandCache) groupSlot(g groupKey) uint64 {
	var hs [groupBands]uint64
	for i, k := range g {
		hs[i] = c.hash(k)
	}
	return maphash.Comparable(c.seed, hs) & c.mask
}

// sameBounds reports whether k names a band in the same place as o, of
// the same size and rows: one whose tokens may be reused for o's.
func (k bandKey) sameBounds(o bandKey) bool {
	return k.rowLen == o.rowLen && k.size == o.size && k.first == o.first && k.rowLen > 0
}

// has reports whether band k is kept.
func (c *bandCache) has(k bandKey) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hasLocked(k)
}

// hasLocked is has with c.mu held.
func (c *bandCache) hasLocked(k bandKey) bool {
	_, ok := look(c.cur.bands, c.old.bands, c.bandSlot(k), k)
	return ok
}

// look returns the value kept under k in slot s of the current
// generation or the old one, if any.
func look[K comparable, V any](cur, old map[uint64]entry[K, V], s uint64, k K) (V, bool) {
	if e, ok := cur[s]; ok && e.key == k {
		return e.val, true
	}
	if e, ok := old[s]; ok && e.key == k {
		return e.val, true
	}
	var none V
	return none, false
}

// peek returns the band named k, if kept, leaving it where it is.
func (c *bandCache) peek(k bandKey) (band, bool) {
	if c == nil || k.rowLen == 0 {
		return band{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return look(c.cur.bands, c.old.bands, c.bandSlot(k), k)
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
			if _, ok := look(c.cur.groups, c.old.groups, c.groupSlot(key), key); ok {
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

// setLast keeps l, which no one changes after, as the series' last
// picture, whose PNG was pngBytes long.
func (c *bandCache) setLast(series string, l *Last, pngBytes int) {
	if c == nil || series == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if o, ok := c.old.series[series]; ok {
		delete(c.old.series, series)
		c.oldSize -= o.kept
	}
	a := c.active[series]
	c.need += pngBytes - a.need
	c.active[series] = activity{at: c.now(), need: pngBytes}
	c.cur.series[series] = l
	c.grew(l.kept)
}

// setLimit sets the cache's limit to bytes: two generations of four-byte
// tokens.
func (c *bandCache) setLimit(bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = max(bytes/8, 1)
}

// get returns the band named k, if kept, and keeps it in the current
// generation.
func (c *bandCache) get(k bandKey) (band, bool) { return getIn(c, k, bandsOf, c.bandSlot, c.add) }

// getGroup returns the group named k, if kept, and keeps it in the
// current generation.
func (c *bandCache) getGroup(k groupKey) (group, bool) {
	return getIn(c, k, groupsOf, c.groupSlot, c.addGroup)
}

// bandsOf and groupsOf are a generation's bands and groups.
func bandsOf(g *generation) map[uint64]entry[bandKey, band]    { return g.bands }
func groupsOf(g *generation) map[uint64]entry[groupKey, group] { return g.groups }

// getIn returns the value named k, if kept at its slot in the maps that
// of picks from each generation (bandsOf or groupsOf), and keeps it in the
// current generation by add; a nil cache keeps nothing.
func getIn[K comparable, V any](c *bandCache, k K, of func(*generation) map[uint64]entry[K, V], slot func(K) uint64, add func(K, V) int) (V, bool) {
	if c == nil {
		var none V
		return none, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, moved, ok := find(of(&c.cur), of(&c.old), slot(k), k, add)
	c.oldSize -= moved
	return v, ok
}

// find looks k up in slot s of the current generation, then of the old
// one, whose entry it moves to the current one (by add, which returns its
// weight) so that it stays; it returns the weight moved.
func find[K comparable, V any](cur, old map[uint64]entry[K, V], s uint64, k K, add func(K, V) int) (V, int, bool) {
	if e, ok := cur[s]; ok && e.key == k {
		return e.val, 0, true
	}
	if e, ok := old[s]; ok && e.key == k {
		delete(old, s)
		return e.val, add(k, e.val), true
	}
	var none V
	return none, 0, false
}

// putGroup keeps a copy of g.
func (c *bandCache) putGroup(k groupKey, g group) { keepCopy(c, k, g, c.addGroup) }

// addGroup keeps g in the current generation, in place of what was in
// its slot, and returns its weight.
func (c *bandCache) addGroup(k groupKey, g group) int {
	return keepIn(c, c.cur.groups, c.groupSlot(k), k, g, len(g.bits)/4+1+groupBands*keyTokens)
}

// put keeps a copy of b.
func (c *bandCache) put(k bandKey, b band) { keepCopy(c, k, b, c.add) }

// add keeps b in the current generation, in place of what was in its
// slot, and returns its weight.
func (c *bandCache) add(k bandKey, b band) int {
	return keepIn(c, c.cur.bands, c.bandSlot(k), k, b, len(b.toks)+keyTokens)
}

// copier is a band or a group: what the cache keeps a copy of, so that
// the encoder may reuse its own buffers.
type copier[V any] interface{ copied() V }

// copied returns b with tokens of its own.
func (b band) copied() band {
	b.toks = slices.Clone(b.toks)
	return b
}

// copied returns g with bits of its own.
func (g group) copied() group {
	g.bits = slices.Clone(g.bits)
	return g
}

// keepCopy keeps a copy of v under k by add, with c.mu held; a nil
// cache keeps nothing.
func keepCopy[K comparable, V copier[V]](c *bandCache, k K, v V, add func(K, V) int) {
	if c == nil {
		return
	}
	v = v.copied()
	c.mu.Lock()
	defer c.mu.Unlock()
	add(k, v)
}

// keepIn keeps v under k in slot s of m, a map of the current
// generation, counts its weight n there, and returns n.
func keepIn[K comparable, V any](c *bandCache, m map[uint64]entry[K, V], s uint64, k K, v V, n int) int {
	m[s] = entry[K, V]{k, v}
	c.grew(n)
	return n
}

// grew counts n more tokens in the current generation, and starts a new
// one when it is full: past the limit, or past twice what the series
// drawn lately need (and minGeneration).
func (c *bandCache) grew(n int) {
	c.tokens += n
	if c.tokens <= c.generation() {
		return
	}
	c.prune() // only lowers the need: check again
	if c.tokens > c.generation() {
		c.old, c.cur, c.oldSize, c.tokens = c.cur, newGeneration(), c.tokens, 0
	}
}

// generation is how many tokens the current generation may hold.
func (c *bandCache) generation() int { return min(c.limit, max(c.least, 2*c.need)) }

// prune forgets the series not drawn for activeFor.
func (c *bandCache) prune() {
	since := c.now().Add(-activeFor)
	for s, a := range c.active {
		if a.at.Before(since) {
			c.need -= a.need
			delete(c.active, s)
		}
	}
}

// size is about how many bytes the cache holds.
func (c *bandCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return 4 * (c.tokens + c.oldSize)
}
