package doublefreecell

import "github.com/dealer/dealer/games/cards"

// weights are the heuristic's weights, in cost units (lower cost is
// better). Solve runs several sets side by side: each gets lost where
// another does not.
type weights struct {
	up    int32   // a card on the foundations
	cell  int32   // an empty free cell
	col   int32   // an empty column (the k-th counts k times: each doubles the supermove limit)
	brk   int32   // a card that does not fit on the card under it
	depth int32   // a move made (the A* part: shorter wins first)
	low   int32   // a card above one the foundations need before it: it must move again
	noise int32   // random noise in the priority, up to this many cost units (with salt)
	salt  uint64  // when not 0, seeds the noise (see search.prio)
	dig   []int32 // a card above the next cards each foundation waits for: the very next, the one after, …
}

// cost rates g's position for the best-first search: lower is nearer a win.
func cost(g *Game, w *weights) int32 {
	// depth[s][r]: the fewest cards above a card of suit s and rank r that
	// is still in play (a cell card has none); noCard when none is.
	const noCard = 64
	var depth [4][14]int8
	for s := range depth {
		for r := range depth[s] {
			depth[s][r] = noCard
		}
	}
	// pos[s][r]: where a card of suit s and rank r still in play goes on
	// its foundation, 1–26, taking the first round's place while a copy
	// may still fill it.
	var pos [4][14]int8
	for s := range pos {
		for r := 1; r <= 13; r++ {
			pos[s][r] = int8(r)
			if int(g.found[s]) >= r {
				pos[s][r] += 13
			}
		}
	}
	emptyCells, emptyCols, breaks, lows := 0, 0, 0, 0
	for _, c := range g.cells[:g.ncells] {
		if c.IsNone() {
			emptyCells++
			continue
		}
		depth[c.Suit][c.Rank] = 0
	}
	for i := range g.cols {
		col := &g.cols[i]
		n := int(col.n)
		if n == 0 {
			emptyCols++
			continue
		}
		least := int8(127) // the earliest foundation place below
		for j := 0; j < n; j++ {
			c := col.cards[j]
			if d := int8(n - 1 - j); d < depth[c.Suit][c.Rank] {
				depth[c.Suit][c.Rank] = d
			}
			if j > 0 && !fits(c, col.cards[j-1]) {
				breaks++
			}
			if p := pos[c.Suit][c.Rank]; p > least {
				lows++
			} else {
				least = p
			}
		}
	}
	var dig int32
	for s := range g.found {
		n := int(g.found[s])
		for k, wk := range w.dig {
			if n+k >= pileMax {
				break
			}
			r := cards.Rank((n+k)%13 + 1)
			if d := depth[s][r]; d != noCard {
				dig += wk * int32(d)
			}
		}
	}
	// Empty columns are worth more the more there are: the supermove limit
	// doubles with each.
	cols := w.col * int32(emptyCols*(emptyCols+1)/2)
	return -w.up*int32(g.Score()) - w.cell*int32(emptyCells) - cols + w.brk*int32(breaks) + w.low*int32(lows) + dig
}

// solverMoves appends to dst the board moves the solver tries from g: all of
// BoardMoves but those that reach a position another listed move reaches
// too (in canonical form): into a free cell other than the first empty one,
// into an empty column other than the first, or a whole column into an
// empty one. Leaving only these out keeps the search complete.
func solverMoves(g *Game, dst []Move) []Move {
	start := len(dst)
	dst = g.BoardMoves(dst)
	firstCell, firstCol := Home, Home
	for i, c := range g.cells[:g.ncells] {
		if c.IsNone() {
			firstCell = Cell(i)
			break
		}
	}
	for i := range g.cols {
		if g.cols[i].n == 0 {
			firstCol = Column(i)
			break
		}
	}
	out := dst[:start]
	for _, m := range dst[start:] {
		switch {
		case m.To.IsCell():
			if m.To != firstCell {
				continue
			}
		case m.To.IsColumn() && g.cols[m.To].n == 0:
			if m.To != firstCol || m.From.IsColumn() && int(m.N) == int(g.cols[m.From].n) {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// portfolio is the sets of weights Solve runs side by side. Each alone
// wins 55–70% of deals within 50,000 positions, not the same ones;
// they were picked on deals 1–40 and the deals 1–200 left over, for how
// many deals at least one of them wins fast (the six together win 189 of
// deals 1–200 within 200,000 positions). The first two weigh order in the
// columns, the others dig for the cards the foundations need next.
var portfolio = []weights{
	{up: 60, cell: 10, col: 25, brk: 4, depth: 1, dig: []int32{8, 4, 2}},
	{up: 60, cell: 10, col: 25, brk: 10, depth: 1, dig: []int32{6, 6, 6}},
	{up: 60, cell: 10, col: 25, brk: 4, depth: 1, dig: []int32{30, 15, 8, 4}},
	{up: 60, cell: 10, col: 25, brk: 4, depth: 1, dig: []int32{40, 20, 10}},
	{up: 60, cell: 10, col: 25, brk: 10, depth: 1, dig: []int32{30, 15, 5}},
	{up: 60, cell: 5, col: 25, brk: 4, depth: 1, dig: []int32{30, 15, 8, 4}},
}
