package doublefreecell

import "github.com/dealer/dealer/games/solving"

// hashKey returns a 64-bit hash of g's canonical position: the columns as a
// multiset of card sequences (their order does not matter: any column can
// stand in for any other), the cells as a multiset of cards, and the
// foundations. It is never 0, the table's empty mark.
func hashKey(g *Game) uint64 {
	var h uint64
	for i := range g.cols {
		h += colHash(&g.cols[i]) // a sum: the columns' order does not count
	}
	return hashRest(g, h)
}

// colHash is column c's part of hashKey; 0 when it is empty.
func colHash(c *column) uint64 {
	if c.n == 0 {
		return 0
	}
	x := uint64(c.n)
	for _, card := range c.cards[:c.n] {
		x = (x ^ uint64(card.Suit)<<4 ^ uint64(card.Rank)) * 0x100000001b3
		x ^= x >> 29
	}
	return solving.Mix(x)
}

// hashRest adds the cells and foundations to h, the columns' part of
// hashKey.
func hashRest(g *Game, h uint64) uint64 {
	for _, card := range g.cells[:g.ncells] {
		if !card.IsNone() {
			h += solving.Mix(0x9e3779b97f4a7c15 ^ uint64(card.Suit)<<4 ^ uint64(card.Rank))
		}
	}
	f := uint64(g.found[0]) | uint64(g.found[1])<<8 | uint64(g.found[2])<<16 | uint64(g.found[3])<<24
	h ^= solving.Mix(f ^ 0xc2b2ae3d27d4eb4f)
	if h == 0 {
		h = 1
	}
	return h
}

// colHashes are a position's column hashes, kept while its moves are
// tried: a move changes only the columns whose length it changes (cards
// come and go at the top only, and a column that gains a card and sends
// it up by autoplay is as it was), so each child's hashKey recomputes
// those only.
type colHashes struct {
	n [NumColumns]uint8
	h [NumColumns]uint64
}

// load records g's columns.
func (c *colHashes) load(g *Game) {
	for i := range g.cols {
		c.n[i], c.h[i] = g.cols[i].n, colHash(&g.cols[i])
	}
}

// key is hashKey(g) for g one move from the position loaded.
func (c *colHashes) key(g *Game) uint64 {
	var h uint64
	for i := range g.cols {
		if g.cols[i].n == c.n[i] {
			h += c.h[i]
		} else {
			h += colHash(&g.cols[i])
		}
	}
	return hashRest(g, h)
}

// table is a set of position hashes: open addressing, linear probing, kept
// at most half full. It takes 8 bytes a slot.
type table struct {
	slots []uint64
	n     int
}

func newTable(size int) *table {
	return &table{slots: make([]uint64, size)}
}

// bytes is the memory the table holds.
func (t *table) bytes() int { return 8 * len(t.slots) }

// grown reports the bytes the table would take after its next insertion.
func (t *table) grown() int {
	if 2*(t.n+1) > len(t.slots) {
		return 16 * len(t.slots)
	}
	return t.bytes()
}

// add inserts h and reports whether it was new.
func (t *table) add(h uint64) bool {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case h:
			return false
		case 0:
			t.slots[i] = h
			t.n++
			return true
		}
	}
}

func (t *table) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, h := range old {
		if h == 0 {
			continue
		}
		i := h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = h
	}
}

// pack and unpack squeeze a resolved board move into 16 bits.
func pack(m Move) uint16 {
	p := uint16(m.From) | uint16(m.To)<<5 | uint16(m.N)<<10
	if m.Exact {
		p |= 1 << 15
	}
	return p
}

func unpack(p uint16) Move {
	return Move{From: Loc(p & 31), To: Loc(p >> 5 & 31), N: uint8(p >> 10 & 31), Exact: p>>15 != 0}
}
