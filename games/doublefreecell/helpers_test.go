package doublefreecell

import (
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/require"
)

// position builds a game from made-up columns (each bottom card first, card
// codes separated by spaces), free cells (codes, "--" or "" for an empty
// one) and foundation counts (♣ ♦ ♥ ♠). Autoplay is on; nothing goes up
// until a move is made. The cards need not make two full decks. The table
// has the standard six cells.
func position(t testing.TB, cols []string, cells []string, found [4]int) *Game {
	return positionCells(t, NumCells, cols, cells, found)
}

// positionCells is position at a table of n free cells.
func positionCells(t testing.TB, n int, cols []string, cells []string, found [4]int) *Game {
	t.Helper()
	require.LessOrEqual(t, len(cols), NumColumns)
	require.LessOrEqual(t, len(cells), n)
	g := &Game{autoplay: true, autoplay0: true, ncells: uint8(n)}
	for i, s := range cols {
		col := &g.cols[i]
		for _, code := range strings.Fields(s) {
			c, err := cards.Parse(code)
			require.NoError(t, err)
			require.Less(t, int(col.n), colCap-12, "column too long for a test position")
			col.cards[col.n] = c
			col.n++
		}
	}
	for i, code := range cells {
		c, err := cards.Parse(code)
		require.NoError(t, err)
		g.cells[i] = c
	}
	for s, n := range found {
		require.True(t, n >= 0 && n <= pileMax)
		g.found[s] = uint8(n)
	}
	g.settle()
	return g
}

// view returns g's view.
func view(g *Game) View { return g.View(0).(View) }

// board returns g's position without the move counters: what undo restores.
func board(g *Game) View {
	v := view(g)
	v.Moves, v.Undos = 0, 0
	return v
}

// col returns column n (1–10) as card codes, bottom first.
func col(g *Game, n int) string {
	c := &g.cols[n-1]
	s := make([]string, c.n)
	for i := range s {
		s[i] = c.cards[i].Code()
	}
	return strings.Join(s, " ")
}

// cellCodes returns the table's cells as codes.
func cellCodes(g *Game) string {
	s := make([]string, g.ncells)
	for i, c := range g.cells[:g.ncells] {
		s[i] = c.Code()
	}
	return strings.Join(s, " ")
}

// play makes the moves written as text, each of which must be legal.
func play(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		require.NoError(t, games.Play(g, 0, m), "move %q", m)
	}
}

// refuse checks that each move written as text is refused and changes nothing.
func refuse(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		before := view(g)
		require.Error(t, games.Play(g, 0, m), "move %q", m)
		require.Equal(t, before, view(g), "a refused move %q changed the game", m)
	}
}

// legalStrings returns Legal(0) as text.
func legalStrings(g *Game) []string {
	var s []string
	for _, m := range g.Legal(0) {
		s = append(s, m.String())
	}
	return s
}

// checkCards fails unless every card of the two decks is on the table
// exactly twice (columns, cells and foundations together).
func checkCards(t testing.TB, g *Game) {
	t.Helper()
	count := map[cards.Card]int{}
	for i := range g.cols {
		c := &g.cols[i]
		for _, x := range c.cards[:c.n] {
			count[x]++
		}
	}
	for _, x := range g.cells {
		if !x.IsNone() {
			count[x]++
		}
	}
	for _, s := range cards.Suits {
		for i := 0; i < int(g.found[s]); i++ {
			count[cards.Card{Rank: cards.Rank(i%13 + 1), Suit: s}]++
		}
	}
	require.Len(t, count, 52, "distinct cards")
	for c, n := range count {
		require.Equal(t, 2, n, "copies of %v", c)
	}
}

// snapshot is a position as a comparable value (what undo restores), cheaper
// than a View for the hot loops of the property tests.
type snapshot struct {
	cols     [NumColumns]column
	cells    [MaxCells]cards.Card
	found    [4]uint8
	autoplay bool
	status   games.Status
}

func snap(g *Game) snapshot {
	s := snapshot{cols: g.cols, cells: g.cells, found: g.found, autoplay: g.autoplay, status: g.status}
	for i := range s.cols {
		c := &s.cols[i]
		clear(c.cards[c.n:])
	}
	return s
}

// playRandomly plays up to 200 legal moves of g drawn from seed 5, never
// resigning, and records them in rec, for a replay.
func playRandomly(t *testing.T, g *Game, rec *games.Record) {
	t.Helper()
	r := cards.NewRand(5)
	for i := 0; i < 200 && !g.Status().Finished(); i++ {
		legal := g.Legal(0)
		m := legal[r.Below(len(legal))]
		if m.String() == "resign" {
			continue
		}
		require.NoError(t, g.Apply(0, m))
		rec.Moves = append(rec.Moves, games.Entry{Move: m.String()})
	}
}
