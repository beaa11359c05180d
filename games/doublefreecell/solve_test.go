package doublefreecell

import (
	"slices"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// key encodes a position for the solver's seen set: columns in order, the
// cells as a multiset, the foundations.
func key(g *Game, buf []byte) []byte {
	buf = buf[:0]
	for i := range g.cols {
		c := &g.cols[i]
		for _, x := range c.cards[:c.n] {
			buf = append(buf, byte(x.Suit)<<4|byte(x.Rank))
		}
		buf = append(buf, 0xff)
	}
	var cells [NumCells]byte
	for i, x := range g.cells {
		cells[i] = byte(x.Suit)<<4 | byte(x.Rank)
	}
	slices.Sort(cells[:])
	buf = append(buf, cells[:]...)
	return append(buf, g.found[:]...)
}

// rank orders the solver's moves (lower first); -1 drops a move that
// another listed move makes equally well.
func rank(g *Game, m Move) int {
	toEmpty := m.To.IsColumn() && g.cols[m.To].n == 0
	switch {
	case m.To == Home:
		return 0
	case m.From.IsCell() && !toEmpty:
		return 1
	case m.To.IsColumn() && !toEmpty:
		if int(m.N) == int(g.cols[m.From].n) {
			return 2 // empties a column
		}
		return 3
	case toEmpty:
		src := m.From.IsColumn()
		if src && int(m.N) == int(g.cols[m.From].n) {
			return -1 // a whole column into an empty one changes nothing
		}
		if src && int(m.N) < min(g.cols[m.From].run(), g.Limit(true)) {
			return -1 // take the longest run only
		}
		for j := Loc(0); j < m.To; j++ {
			if g.cols[j].n == 0 {
				return -1 // the first empty column stands for all
			}
		}
		if src {
			return 4
		}
		return 6
	case m.To.IsCell():
		if m.To != firstEmptyCell(g) {
			return -1
		}
		return 5
	}
	return 7
}

// eval scores a position for the search: cards up, free cells, empty
// columns, and how deep the cards the foundations wait for are buried.
func eval(g *Game) int {
	if g.Status() == games.Won {
		return 1 << 30
	}
	ec, ecol := g.empties()
	v := 100*g.Score() + 15*ec + 40*ecol
	for _, s := range cards.Suits {
		want := g.next(s)
		if want.IsNone() {
			continue
		}
		best := 1000
		for _, c := range g.cells {
			if c == want {
				best = 0
			}
		}
		for i := range g.cols {
			c := &g.cols[i]
			for j := int(c.n) - 1; j >= 0; j-- {
				if c.cards[j] == want {
					best = min(best, int(c.n)-1-j)
					break
				}
			}
		}
		v -= 8 * best
	}
	return v
}

func firstEmptyCell(g *Game) Loc {
	for i, c := range g.cells {
		if c.IsNone() {
			return Cell(i)
		}
	}
	return Home
}

// solve looks for a win by depth-first search through BoardMoves, Do and
// Undo: the typed API a solver uses. It returns the moves or nil.
func solve(start *Game, maxNodes int) ([]Move, int) {
	g := start.Clone()
	seen := map[string]bool{}
	var path []Move
	var buf []byte
	nodes := 0
	var dfs func() bool
	dfs = func() bool {
		switch g.Status() {
		case games.Won:
			return true
		case games.Lost:
			return false
		}
		buf = key(g, buf)
		if seen[string(buf)] || nodes >= maxNodes {
			return false
		}
		seen[string(buf)] = true
		nodes++
		var ms []Move
		for _, m := range g.BoardMoves(nil) {
			if rank(g, m) >= 0 {
				ms = append(ms, m)
			}
		}
		score := make(map[Move]int, len(ms))
		for _, m := range ms {
			if err := g.Do(m); err != nil {
				panic(err)
			}
			score[m] = eval(g)
			if err := g.Undo(); err != nil {
				panic(err)
			}
		}
		slices.SortStableFunc(ms, func(a, b Move) int { return score[b] - score[a] })
		for _, m := range ms {
			if err := g.Do(m); err != nil {
				panic(err)
			}
			path = append(path, m)
			if dfs() {
				return true
			}
			path = path[:len(path)-1]
			if err := g.Undo(); err != nil {
				panic(err)
			}
		}
		return false
	}
	if dfs() {
		return path, nodes
	}
	return nil, nodes
}

// Whole deals won through the typed API, then replayed from the moves' text
// through the registry: deals 3 and 5 fall to this little search quickly.
func TestSolveAndReplayWholeDeals(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, deal := range []uint64{3, 5} {
		path, nodes := solve(New(deal), 5000)
		require.NotNil(t, path, "deal %d: no win found in %d positions", deal, nodes)
		rec := games.Record{Game: Info.Name, Deal: deal, Seats: 1}
		for _, m := range path {
			rec.Moves = append(rec.Moves, games.Entry{Move: m.String()})
		}
		g, err := reg.Replay(rec)
		require.NoError(t, err, "deal %d", deal)
		assert.Equal(t, games.Won, g.Status(), "deal %d", deal)
		assert.Equal(t, []int{104}, g.Scores())
		assert.Equal(t, []games.Seat{0}, g.Winners())
		assert.Empty(t, g.Legal(0))
		assert.Equal(t, len(path), g.Moves())
		t.Logf("deal %d: won in %d moves, %d positions searched", deal, len(path), nodes)
	}
}
