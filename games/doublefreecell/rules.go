package doublefreecell

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// next returns the card suit s's foundation waits for; cards.None when its
// 26 cards are up. After the first King comes the Ace again.
func (g *Game) next(s cards.Suit) cards.Card {
	n := g.found[s]
	if n >= pileMax {
		return cards.None
	}
	return cards.Card{Rank: cards.Rank(n%13 + 1), Suit: s}
}

// canUp reports whether c may go up now.
func (g *Game) canUp(c cards.Card) bool {
	return !c.IsNone() && g.next(c.Suit) == c
}

// safe reports whether card c, which can go up, is safe to send up by itself.
//
// The rule: a card goes up by itself only when no card still in play could
// ever need it as a host, that is when every opposite-colour card of rank
// r−1 is on its foundation or could go straight onto it. Aces host nothing:
// always safe.
//
// With two decks each such card Y (rank r−1, suit t of the other colour)
// exists twice, and after Y's foundation takes one copy it waits for rank r,
// so "could go straight up" holds for at most one copy in play. Let n be the
// count on t's foundation and k = r−1. The copies of Y up are [n ≥ k] +
// [n ≥ 13+k], and t waits for Y exactly when n%13+1 = k. Going through the
// cases:
//
//	n < k−1          neither copy up, t waits for something lower: unsafe
//	n = k−1          t waits for Y but both copies are in play, and the
//	                 second would wait a whole round (13 cards): unsafe
//	k ≤ n < 12+k     one copy up, the other must wait for the next round: unsafe
//	n = 12+k         one copy up, t waits for the other: safe
//	n ≥ 13+k         both copies up: safe
//
// So c, of rank r ≥ 2, is safe exactly when both foundations of the other
// colour hold at least r+11 cards, whichever round c itself belongs to. In
// particular no card but an Ace goes up by itself before the other colour's
// piles have finished their first round (a 2 needs both at 13: the second
// Aces are then next). The test depends on the foundations only.
func (g *Game) safe(c cards.Card) bool {
	if c.Rank == cards.Ace {
		return true
	}
	need := uint8(c.Rank) + 11
	if c.Color() == cards.Red {
		return g.found[cards.Clubs] >= need && g.found[cards.Spades] >= need
	}
	return g.found[cards.Diamonds] >= need && g.found[cards.Hearts] >= need
}

// cardAt returns the card a move would take from l (a column's top card or a
// cell's card); cards.None when there is none.
func (g *Game) cardAt(l Loc) cards.Card {
	switch {
	case l.IsColumn():
		return g.cols[l].top()
	case l.IsCell():
		return g.cells[l.cell()]
	}
	return cards.None
}

// findUp returns the first place, the cells in order then columns 1–10,
// whose card can go up (and is safe, if safeOnly).
func (g *Game) findUp(safeOnly bool) (Loc, bool) {
	for i, c := range g.cells[:g.ncells] {
		if g.canUp(c) && (!safeOnly || g.safe(c)) {
			return Cell(i), true
		}
	}
	for i := range g.cols {
		c := g.cols[i].top()
		if g.canUp(c) && (!safeOnly || g.safe(c)) {
			return Column(i), true
		}
	}
	return 0, false
}

// sendUp sends cards up one at a time, first place first (findUp's order),
// looking again from the start after each, until none can go: the safe ones
// only for autoplay, all for auto. The cards are logged in g.ups for undo.
func (g *Game) sendUp(safeOnly bool) {
	for {
		l, ok := g.findUp(safeOnly)
		if !ok {
			return
		}
		c := g.take(l)
		g.found[c.Suit]++
		g.ups = append(g.ups, up{from: l, card: c})
	}
}

// take removes and returns the card at l (column top or cell).
func (g *Game) take(l Loc) cards.Card {
	if l.IsCell() {
		c := g.cells[l.cell()]
		g.cells[l.cell()] = cards.None
		return c
	}
	col := &g.cols[l]
	col.n--
	return col.cards[col.n]
}

// put places c at l (on a column or in a cell).
func (g *Game) put(l Loc, c cards.Card) {
	if l.IsCell() {
		g.cells[l.cell()] = c
		return
	}
	col := &g.cols[l]
	col.cards[col.n] = c
	col.n++
}

// empties counts the empty cells and the empty columns.
func (g *Game) empties() (cells, cols int) {
	for _, c := range g.cells[:g.ncells] {
		if c.IsNone() {
			cells++
		}
	}
	for i := range g.cols {
		if g.cols[i].n == 0 {
			cols++
		}
	}
	return cells, cols
}

// limit is the supermove limit: (empty cells + 1) × 2^(empty columns),
// where the target column, when it is empty, does not count.
func limit(emptyCells, emptyCols int, toEmpty bool) int {
	if toEmpty && emptyCols > 0 {
		emptyCols--
	}
	return (emptyCells + 1) << emptyCols
}

// Limit returns how many cards may move as one run now, onto a non-empty
// column (toEmpty false) or into an empty one (true).
func (g *Game) Limit(toEmpty bool) int {
	ec, ecol := g.empties()
	return limit(ec, ecol, toEmpty)
}

// resolve checks board move m and returns it with N resolved, and the
// bottom card of what moves; or why it is illegal.
func (g *Game) resolve(m Move) (Move, cards.Card, error) {
	if err := g.checkPlaces(m); err != nil {
		return m, cards.None, err
	}
	c := g.cardAt(m.From)
	if c.IsNone() {
		return m, cards.None, emptyError(m.From)
	}
	if m.From.IsCell() || !m.To.IsColumn() {
		return g.resolveSingle(m, c)
	}
	if g.cols[m.To].n == 0 {
		return g.resolveToEmpty(m, c)
	}
	return g.resolveOnto(m, c)
}

// checkPlaces refuses a move whose places cannot make one, whatever the
// cards: from the foundation, to nowhere, from a place to itself, cell to
// cell, or through a cell the table does not have.
func (g *Game) checkPlaces(m Move) error {
	if m.From >= Home || m.To >= numLocs {
		if m.From == Home {
			return games.Refuse("cards on the foundations never come back")
		}
		return games.Refuse("%v is not a Double FreeCell move", m)
	}
	if m.From == m.To {
		return games.Refuse("a move needs two different places")
	}
	if m.From.IsCell() && m.To.IsCell() {
		return games.Refuse("a free-cell card goes to a column or the foundation, not to another cell")
	}
	for _, l := range [2]Loc{m.From, m.To} {
		if l.IsCell() && l.cell() >= int(g.ncells) {
			return noCellError(l, int(g.ncells))
		}
	}
	return nil
}

// resolveSingle resolves a move of the one card c: from a cell, or to a
// cell or the foundation.
func (g *Game) resolveSingle(m Move, c cards.Card) (Move, cards.Card, error) {
	if m.N > 1 {
		if m.From.IsCell() {
			return m, c, games.Refuse("a free cell holds a single card")
		}
		if m.To.IsCell() {
			return m, c, games.Refuse("a free cell takes a single card")
		}
		return m, c, games.Refuse("cards go up to the foundation one at a time")
	}
	r := Move{From: m.From, To: m.To, N: 1}
	switch {
	case m.To == Home:
		if want := g.next(c.Suit); want != c {
			return m, c, cannotGoUp(c, want)
		}
	case m.To.IsCell():
		if o := g.cells[m.To.cell()]; !o.IsNone() {
			return m, c, games.Refuse("cell %v already holds %v", m.To, o)
		}
	default: // a cell card to a column
		if h := g.cols[m.To].top(); !h.IsNone() && !fits(c, h) {
			return m, c, games.Refuse("%v cannot go on %v: build down in alternating colours", c, h)
		}
	}
	return r, c, nil
}

// resolveToEmpty resolves a run moved from a column into an empty one: as
// many cards as m says, or the most that may move.
func (g *Game) resolveToEmpty(m Move, c cards.Card) (Move, cards.Card, error) {
	src := &g.cols[m.From]
	run := src.run()
	ec, ecol := g.empties()
	lim := limit(ec, ecol, true)
	most := min(run, lim)
	n := int(m.N)
	if n == 0 {
		n = most
	}
	if n > run {
		if run == 1 {
			return m, c, games.Refuse("only the top 1 card of column %v form a run (down in alternating colours)", m.From)
		}
		return m, c, games.Refuse("only the top %d cards of column %v form a run (down in alternating colours)", run, m.From)
	}
	if n > lim {
		return m, c, limitError(n, lim, ec, ecol-1, true)
	}
	b := src.cards[int(src.n)-n]
	return Move{From: m.From, To: m.To, N: uint8(n), Exact: n == 1 && most > 1}, b, nil
}

// resolveOnto resolves a run moved from a column onto a non-empty one:
// the one count whose bottom card fits there.
func (g *Game) resolveOnto(m Move, c cards.Card) (Move, cards.Card, error) {
	src, dst := &g.cols[m.From], &g.cols[m.To]
	run := src.run()
	h := dst.top()
	k := int(h.Rank) - int(c.Rank) // the one count that can fit
	if k < 1 || k > run || !fits(src.cards[int(src.n)-k], h) {
		if m.N > 0 && int(m.N) <= run {
			return m, c, games.Refuse("%v cannot go on %v: build down in alternating colours", src.cards[int(src.n)-int(m.N)], h)
		}
		return m, c, games.Refuse("nothing at the top of column %v fits on %v: build down in alternating colours", m.From, h)
	}
	if m.N != 0 && int(m.N) != k {
		bad := src.cards[int(src.n)-min(int(m.N), int(src.n))]
		if k == 1 {
			return m, c, games.Refuse("%v cannot go on %v; 1 card would: write %v %v", bad, h, m.From, m.To)
		}
		return m, c, games.Refuse("%v cannot go on %v; %d cards would: write %v %v", bad, h, k, m.From, m.To)
	}
	if int(dst.n)+k > colCap {
		return m, c, games.Refuse("column %v is full", m.To) // only in made-up positions
	}
	ec, ecol := g.empties()
	if lim := limit(ec, ecol, false); k > lim {
		return m, c, limitError(k, lim, ec, ecol, false)
	}
	return Move{From: m.From, To: m.To, N: uint8(k)}, src.cards[int(src.n)-k], nil
}

// cannotGoUp refuses c, which is not want, the card its foundation needs
// next (None when that foundation is complete).
func cannotGoUp(c, want cards.Card) error {
	if want.IsNone() {
		switch c.Suit {
		case cards.Clubs:
			return games.Refuse("%v cannot go up: the clubs foundation is complete", c)
		case cards.Diamonds:
			return games.Refuse("%v cannot go up: the diamonds foundation is complete", c)
		case cards.Hearts:
			return games.Refuse("%v cannot go up: the hearts foundation is complete", c)
		}
		return games.Refuse("%v cannot go up: the spades foundation is complete", c)
	}
	switch c.Suit {
	case cards.Clubs:
		return games.Refuse("%v cannot go up: the clubs foundation needs %v next", c, want)
	case cards.Diamonds:
		return games.Refuse("%v cannot go up: the diamonds foundation needs %v next", c, want)
	case cards.Hearts:
		return games.Refuse("%v cannot go up: the hearts foundation needs %v next", c, want)
	}
	return games.Refuse("%v cannot go up: the spades foundation needs %v next", c, want)
}

// limitError refuses a run of n cards (always more than one: lim, the most
// that may move, is at least one) with ec free cells and ecol empty
// columns.
func limitError(n, lim, ec, ecol int, toEmpty bool) error {
	if toEmpty {
		return games.Refuse("%d cards cannot move as one run now: at most %d with %d free cell(s) and %d empty column(s) besides the target", n, lim, ec, ecol)
	}
	return games.Refuse("%d cards cannot move as one run now: at most %d with %d free cell(s) and %d empty column(s)", n, lim, ec, ecol)
}

// move makes resolved board move m.
func (g *Game) move(m Move) {
	switch {
	case m.To == Home:
		c := g.take(m.From)
		g.found[c.Suit]++
	case m.From.IsCell() || m.To.IsCell():
		g.put(m.To, g.take(m.From))
	default:
		src, dst := &g.cols[m.From], &g.cols[m.To]
		n := m.N
		copy(dst.cards[dst.n:], src.cards[src.n-n:src.n])
		dst.n += n
		src.n -= n
	}
}

// undo takes back the last step: its autoplays, newest first, then the move
// (undoing a resignation is only settle's business).
func (g *Game) undo() {
	st := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	for i := len(g.ups) - 1; i >= int(st.ups); i-- {
		u := g.ups[i]
		g.found[u.card.Suit]--
		g.put(u.from, u.card)
	}
	g.ups = g.ups[:st.ups]
	m := st.m
	switch m.Op {
	case OpAutoplayOn:
		g.autoplay = false
	case OpAutoplayOff:
		g.autoplay = true
	case OpMove:
		switch {
		case m.To == Home:
			g.found[st.card.Suit]--
			g.put(m.From, st.card)
		case m.From.IsCell() || m.To.IsCell():
			g.put(m.From, g.take(m.To))
		default:
			src, dst := &g.cols[m.To], &g.cols[m.From]
			copy(dst.cards[dst.n:], src.cards[src.n-m.N:src.n])
			dst.n += m.N
			src.n -= m.N
		}
	}
}

// BoardMoves appends every distinct legal board move to dst and returns it:
// sources columns 1–10 then the cells, and for each the targets in the same
// order then the foundation. Each empty cell and each empty column is a
// target of its own, and into an empty column every count from 1 to the
// longest run the limit allows is listed. N is always resolved (≥ 1).
// It allocates only if dst is too small.
func (g *Game) BoardMoves(dst []Move) []Move {
	if g.status.Finished() {
		return dst
	}
	ec, ecol := g.empties()
	limNonEmpty := limit(ec, ecol, false)
	limEmpty := limit(ec, ecol, true)
	for i := range g.cols {
		src := &g.cols[i]
		if src.n == 0 {
			continue
		}
		from := Column(i)
		c := src.top()
		run := src.run()
		for j := range g.cols {
			if j == i {
				continue
			}
			d := &g.cols[j]
			if d.n == 0 {
				most := min(run, limEmpty)
				for n := 1; n <= most; n++ {
					dst = append(dst, Move{From: from, To: Column(j), N: uint8(n), Exact: n == 1 && most > 1})
				}
				continue
			}
			h := d.cards[d.n-1]
			k := int(h.Rank) - int(c.Rank)
			if k >= 1 && k <= run && k <= limNonEmpty && fits(src.cards[int(src.n)-k], h) {
				dst = append(dst, Move{From: from, To: Column(j), N: uint8(k)})
			}
		}
		for j, o := range g.cells[:g.ncells] {
			if o.IsNone() {
				dst = append(dst, Move{From: from, To: Cell(j), N: 1})
			}
		}
		if g.canUp(c) {
			dst = append(dst, Move{From: from, To: Home, N: 1})
		}
	}
	for i, c := range g.cells[:g.ncells] {
		if c.IsNone() {
			continue
		}
		from := Cell(i)
		for j := range g.cols {
			d := &g.cols[j]
			if d.n == 0 || fits(c, d.cards[d.n-1]) {
				dst = append(dst, Move{From: from, To: Column(j), N: 1})
			}
		}
		if g.canUp(c) {
			dst = append(dst, Move{From: from, To: Home, N: 1})
		}
	}
	return dst
}

// hasBoardMove reports whether any board move is legal, without listing them.
func (g *Game) hasBoardMove() bool {
	ec, ecol := g.empties()
	inPlay := numCards-g.Score() > 0
	if ecol > 0 && inPlay {
		return true // any card can fill an empty column
	}
	if ec > 0 && ecol < NumColumns {
		return true // any column's top card can go to a free cell
	}
	// No empty cell and no empty column: single cards only.
	for _, c := range g.cells[:g.ncells] {
		if g.canUp(c) {
			return true
		}
		for j := range g.cols {
			if fits(c, g.cols[j].top()) {
				return true
			}
		}
	}
	for i := range g.cols {
		c := g.cols[i].top()
		if g.canUp(c) {
			return true
		}
		for j := range g.cols {
			if j != i && fits(c, g.cols[j].top()) {
				return true
			}
		}
	}
	return false
}
