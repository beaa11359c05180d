package doublefreecell

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInfoAndRegistry(t *testing.T) {
	r := games.NewRegistry(Info)
	g, err := r.New("doublefreecell", 9, 1)
	require.NoError(t, err)
	assert.Equal(t, "doublefreecell", g.Name())
	assert.Equal(t, uint64(9), g.Deal())
	assert.Equal(t, 1, g.Seats())
	assert.Equal(t, []games.Seat{0}, g.ToAct())
	assert.Equal(t, games.Playing, g.Status())
	assert.Equal(t, []int{0}, g.Scores())
	assert.Empty(t, g.Winners())
	assert.Equal(t, view(New(9)), g.View(0))
	assert.Equal(t, g.View(0), g.View(games.Spectator), "a solitaire hides nothing")
	assert.True(t, Info.Solitaire())
	assert.Nil(t, Info.Computer)
	assert.NotEmpty(t, Info.Summary)
	_, err = r.New("doublefreecell", 9, 2)
	assert.Error(t, err)
}

func TestOtherSeatsHaveNoMoves(t *testing.T) {
	g := New(1)
	before := view(g)
	assert.Nil(t, g.Legal(1))
	assert.Nil(t, g.Legal(games.Spectator))
	m, err := g.Parse("1 a")
	require.NoError(t, err)
	assert.Error(t, g.Apply(1, m))
	assert.Error(t, g.Apply(games.Spectator, m))
	assert.Equal(t, before, view(g))
	mv := m.(Move)
	assert.NoError(t, g.Apply(0, &mv), "a *Move is accepted too")
}

// TestDealOrder: the deal: the shuffled double pack dealt left to right,
// row by row.
func TestDealOrder(t *testing.T) {
	for _, deal := range []uint64{0, 1, 2, 12345} {
		g := New(deal)
		p := cards.Shuffled(cards.NewPack(2, 0), deal)
		v := view(g)
		for i := range v.Columns {
			want := 10
			if i < 4 {
				want = 11
			}
			require.Len(t, v.Columns[i], want, "column %d", i+1)
		}
		for i, c := range p {
			assert.Equal(t, c, v.Columns[i%10][i/10], "card %d", i)
		}
		assert.Equal(t, make([]cards.Card, NumCells), v.Cells)
		assert.Zero(t, v.Score)
		assert.True(t, v.Autoplay)
		checkCards(t, g)
	}
}

// TestDealOnePinned: deal 1, written down once: if this fails, numbered
// deals have changed.
func TestDealOnePinned(t *testing.T) {
	g := New(1)
	assert.Equal(t, "AH QS 7S 5S 9H 7S TC 9H 7D 5C KS", col(g, 1))
	assert.Equal(t, "JC 8C AH 9D 7C TD AS JD 4S 2H KC", col(g, 2))
	assert.True(t, strings.HasPrefix(col(g, 4), "2S 2D 6H 5H"))
	assert.Equal(t, "KD TC 4D 4C 3H 8C 9C JD QS AS", col(g, 5))
	assert.True(t, strings.HasPrefix(col(g, 7), "AD 5S TS"))
	assert.Equal(t, "AC 4S 7D 6D KC QC 9C 3D 9S 9D", col(g, 10))
	// The deal itself autoplays nothing: A♠ waits on column 5 until a move.
	assert.Zero(t, g.Score())
	play(t, g, "1 a")
	assert.Equal(t, 1, g.Score(), "A♠ went up after the first move")
	assert.Equal(t, "KD TC 4D 4C 3H 8C 9C JD QS", col(g, 5))
}

func TestViewJSON(t *testing.T) {
	g := position(t, []string{"5D 7H"}, []string{"--", "QS"}, [4]int{13, 14, 0, 26})
	b, err := json.Marshal(view(g))
	require.NoError(t, err)
	s := string(b)
	for _, want := range []string{
		`"columns":[["5D","7H"],[],`,
		`"cells":["--","QS","--","--","--","--"]`,
		`{"suit":"clubs","count":13,"top":"KC","round":1,"next":"AC"}`,
		`{"suit":"diamonds","count":14,"top":"AD","round":2,"next":"2D"}`,
		`{"suit":"hearts","count":0,"top":"--","round":0,"next":"AH"}`,
		`{"suit":"spades","count":26,"top":"KS","round":2,"next":"--"}`,
		`"status":"playing"`, `"score":53`, `"autoplay":true`,
	} {
		assert.Contains(t, s, want)
	}
}

func TestLimitFormula(t *testing.T) {
	tests := []struct {
		cells, cols int
		toEmpty     bool
		want        int
	}{
		{0, 0, false, 1}, {1, 0, false, 2}, {6, 0, false, 7},
		{0, 1, false, 2}, {2, 1, false, 6}, {1, 2, false, 8}, {6, 9, false, 7 * 512},
		{0, 1, true, 1}, {2, 1, true, 3}, {1, 2, true, 4}, {6, 10, true, 7 * 512},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, limit(tt.cells, tt.cols, tt.toEmpty), "%+v", tt)
	}
}

// limitPos: column 1 holds 2♣ under the run Q♥ J♠ 10♥ 9♠ 8♥ (5 cards),
// column 2 the K♣ it fits on; the other columns hold red fillers, the last
// emptyCols of them left empty; the first 6−emptyCells cells are full. No
// card but the run fits anywhere, and nothing can go up.
func limitPos(t *testing.T, emptyCells, emptyCols int) *Game {
	cols := []string{"2C QH JS TH 9S 8H", "KC", "9D", "9H", "7D", "7H", "5D", "5H", "3D", "3H"}
	for i := 0; i < emptyCols; i++ {
		cols[9-i] = ""
	}
	cells := []string{"JD", "JH", "KD", "KH", "TD", "TH"}
	for i := 0; i < emptyCells; i++ {
		cells[5-i] = "--"
	}
	return position(t, cols, cells, [4]int{})
}

func TestSupermoveLimitOntoAColumn(t *testing.T) {
	tests := []struct {
		cells, cols int
		ok          bool
	}{
		{4, 0, true},  // 5 × 1
		{3, 0, false}, // 4 × 1
		{0, 2, false}, // 1 × 4
		{1, 1, false}, // 2 × 2
		{2, 1, true},  // 3 × 2
		{1, 2, true},  // 2 × 4
		{0, 3, true},  // 1 × 8
	}
	for _, tt := range tests {
		g := limitPos(t, tt.cells, tt.cols)
		if tt.ok {
			assert.Contains(t, legalStrings(g), "1 2 5", "%+v", tt)
			play(t, g, "1 2")
			assert.Equal(t, "2C", col(g, 1))
			assert.Equal(t, "KC QH JS TH 9S 8H", col(g, 2))
		} else {
			assert.NotContains(t, legalStrings(g), "1 2 5", "%+v", tt)
			refuse(t, g, "1 2", "1 2 5")
		}
	}
}

func TestSupermoveLimitIntoAnEmptyColumn(t *testing.T) {
	// One free cell, columns 9 and 10 empty: onto a column 2 × 4 = 8, but
	// into column 10 the target does not count: 2 × 2 = 4.
	g := limitPos(t, 1, 2)
	assert.Equal(t, 8, g.Limit(false))
	assert.Equal(t, 4, g.Limit(true))
	legal := legalStrings(g)
	for _, m := range []string{"1 9 1", "1 9 2", "1 9 3", "1 9 4", "1 10 1", "1 10 4", "1 2 5", "1 f", "2 9", "2 10", "a 9", "a 10"} {
		assert.Contains(t, legal, m)
	}
	for _, m := range []string{"1 9", "1 9 5", "1 10 5", "1 10", "2 9 1", "1 a", "a f"} {
		assert.NotContains(t, legal, m)
	}
	refuse(t, g, "1 10 5", "1 9 5")

	// "FROM TO" takes the longest run allowed.
	g2 := g.Clone()
	play(t, g2, "1 10")
	assert.Equal(t, "2C QH", col(g2, 1))
	assert.Equal(t, "JS TH 9S 8H", col(g2, 10))
	assert.Equal(t, "1 10 4", g2.hist[0].m.String())

	// "FROM TO N" exactly N.
	g3 := g.Clone()
	play(t, g3, "1 10 2")
	assert.Equal(t, "2C QH JS TH", col(g3, 1))
	assert.Equal(t, "9S 8H", col(g3, 10))
	g4 := g.Clone()
	play(t, g4, "1 9 1")
	assert.Equal(t, "8H", col(g4, 9))

	// Five cards fit into an empty column with four free cells and no other
	// empty column (5 × 2^0), not with three.
	g5 := limitPos(t, 4, 1)
	assert.Equal(t, 5, g5.Limit(true))
	play(t, g5, "1 10")
	assert.Equal(t, "QH JS TH 9S 8H", col(g5, 10))
	g6 := limitPos(t, 3, 1)
	play(t, g6, "1 10")
	assert.Equal(t, "JS TH 9S 8H", col(g6, 10))

	// No free cell and the target the only empty column: one card.
	g7 := limitPos(t, 0, 1)
	assert.Equal(t, 1, g7.Limit(true))
	assert.Contains(t, legalStrings(g7), "1 10")
	assert.NotContains(t, legalStrings(g7), "1 10 1")
	refuse(t, g7, "1 10 2", "1 2")
	play(t, g7, "1 10")
	assert.Equal(t, "8H", col(g7, 10))
}

func TestRunsAndSingleCards(t *testing.T) {
	// Column 1: 10♠ 9♠ 8♥ — only 9♠ 8♥ is a run (9♠ on 10♠ is not).
	g := position(t, []string{"TS 9S 8H", "JD", "TD", "9C", "KH"}, nil, [4]int{})
	legal := legalStrings(g)
	assert.Contains(t, legal, "1 3 2", "9♠ 8♥ onto 10♦")
	assert.Contains(t, legal, "1 4", "8♥ onto 9♣")
	assert.NotContains(t, legal, "1 2 3", "10♠ is not part of the run")
	refuse(t, g,
		"1 2", "1 2 3", // nothing fits on J♦
		"1 3 1",  // 8♥ alone cannot go on 10♦, and 9♠ cannot leave alone
		"1 4 2",  // only 8♥ fits on 9♣
		"1 5",    // nothing fits on K♥
		"1 a 2",  // several cards to a cell
		"6 1",    // empty column
		"a 1",    // empty cell
		"1 h",    // 8♥ is not next
		"2 h",    // nor J♦
		"1 1",    // same place
		"h 1",    // foundations never give back
		"1 3 14", // no such count
	)
	play(t, g, "1 3 2")
	assert.Equal(t, "TS", col(g, 1))
	assert.Equal(t, "TD 9S 8H", col(g, 3))
	play(t, g, "3 4")
	assert.Equal(t, "9C 8H", col(g, 4))
}

func TestCells(t *testing.T) {
	g := position(t, []string{"KS 7H", "8C", "8S"}, []string{"--", "QD"}, [4]int{})
	refuse(t, g, "1 b", "b c", "b a", "c 1")
	play(t, g, "1 a")
	assert.Equal(t, "7H QD -- -- -- --", cellCodes(g))
	refuse(t, g, "a 1") // 7♥ on K♠
	play(t, g, "b 1", "a 3")
	assert.Equal(t, "KS QD", col(g, 1))
	assert.Equal(t, "8S 7H", col(g, 3))
	assert.Equal(t, "-- -- -- -- -- --", cellCodes(g))
	// A cell card into an empty column.
	play(t, g, "2 a", "a 2")
	assert.Equal(t, "8C", col(g, 2))
	// Typed moves between cells are refused too.
	play(t, g, "2 a")
	before := view(g)
	assert.Error(t, g.Do(Move{From: Cell(0), To: Cell(1), N: 1}))
	assert.Error(t, g.Do(Move{From: Home, To: Column(0), N: 1}))
	assert.Error(t, g.Do(Move{From: Column(0), To: Cell(1), N: 2}))
	assert.Error(t, g.Do(Move{From: Cell(0), To: Column(3), N: 2}))
	assert.Error(t, g.Do(Move{From: 40, To: Column(3)}))
	assert.Error(t, g.Do(Move{From: Column(0), To: 40}))
	assert.Error(t, g.Do(Move{Op: 99}))
	assert.Equal(t, before, view(g))
}

// TestImpliedCount: the implied count onto a non-empty column may be
// written, but must match.
func TestImpliedCount(t *testing.T) {
	g := position(t, []string{"QH JS TH 9S", "KC", "QD", "JC"}, nil, [4]int{})
	legal := legalStrings(g)
	assert.Contains(t, legal, "1 2 4")
	assert.Contains(t, legal, "1 3 3")
	assert.Contains(t, legal, "1 4 2")
	refuse(t, g, "1 2 3", "1 3 4", "1 4 1", "1 4 5")
	play(t, g, "1 3 3")
	assert.Equal(t, "QD JS TH 9S", col(g, 3))
	g = position(t, []string{"QH JS TH 9S", "KC"}, nil, [4]int{})
	play(t, g, "1 2")
	assert.Equal(t, "KC QH JS TH 9S", col(g, 2))
}

func TestFoundationSecondRound(t *testing.T) {
	g := position(t, []string{"AH KH", "3H", "2C", "AH"}, nil, [4]int{0, 0, 12, 0})
	play(t, g, "autoplay off")
	refuse(t, g, "2 h", "4 h") // 3♥ and A♥ wait: the pile needs K♥ first
	play(t, g, "1 h")
	f := view(g).Foundations[cards.Hearts]
	assert.Equal(t, Foundation{Suit: cards.Hearts, SuitName: "hearts", Count: 13, Top: cards.Card{Rank: cards.King, Suit: cards.Hearts}, Round: 1, Next: cards.Card{Rank: cards.Ace, Suit: cards.Hearts}}, f)
	refuse(t, g, "2 h")
	play(t, g, "1 h") // the Ace on the King
	f = view(g).Foundations[cards.Hearts]
	assert.Equal(t, 14, f.Count)
	assert.Equal(t, 2, f.Round)
	assert.Equal(t, "AH", f.Top.Code())
	assert.Equal(t, "2H", f.Next.Code())
	refuse(t, g, "4 h", "2 h") // the other A♥ must wait a round now; 3♥ for 2♥
	assert.NotContains(t, legalStrings(g), "4 h")
	refuse(t, g, "h 1")

	// With autoplay on the Ace follows the King up by itself.
	g = position(t, []string{"AH KH", "9C"}, nil, [4]int{0, 0, 12, 0})
	play(t, g, "1 h")
	assert.Equal(t, 14, int(g.found[cards.Hearts]))
	assert.Equal(t, "", col(g, 1))

	// A complete pile takes nothing.
	g = position(t, []string{"KH"}, nil, [4]int{0, 0, 26, 0})
	refuse(t, g, "1 h")
	err := games.Play(g, 0, "1 h")
	assert.ErrorContains(t, err, "complete")
}

func TestSafeTable(t *testing.T) {
	card := func(s string) cards.Card { return gamestest.Card(t, s) }
	tests := []struct {
		card  string
		found [4]int // ♣ ♦ ♥ ♠
		safe  bool
	}{
		{"AH", [4]int{}, true},
		{"AS", [4]int{0, 5, 13, 2}, true}, // second-round Ace
		// A 2 needs both second Aces of the other colour next or up.
		{"2H", [4]int{13, 0, 1, 13}, true},
		{"2H", [4]int{12, 0, 1, 13}, false}, // a first-round A♣ in play…
		{"2H", [4]int{1, 0, 1, 1}, false},   // …or a second A♣ that must wait a round
		{"2H", [4]int{0, 0, 1, 0}, false},   // both black Aces of each suit in play
		{"2D", [4]int{14, 0, 1, 26}, true},
		// A red 5 against the black 4s: n is the count on ♣ and ♠.
		{"5H", [4]int{3, 0, 4, 3}, false},    // both 4♣ in play, one could go up now, not the other
		{"5H", [4]int{4, 0, 4, 4}, false},    // one 4♣ up, the other waits a whole round
		{"5H", [4]int{15, 0, 4, 15}, false},  // second round below 3: the second 4♣ cannot go up
		{"5H", [4]int{16, 0, 4, 16}, true},   // second 4♣ and 4♠ are next: they never need a host
		{"5H", [4]int{17, 0, 4, 26}, true},   // all four black 4s up
		{"5H", [4]int{16, 0, 4, 15}, false},  // one suit short is enough to keep it
		{"5D", [4]int{16, 26, 4, 16}, true},  // own foundations play no part
		{"5H", [4]int{16, 0, 17, 16}, true},  // second-round 5♥: same test
		{"5C", [4]int{4, 16, 16, 0}, true},   // black 5 against the red 4s
		{"5S", [4]int{4, 16, 15, 26}, false}, //
		{"KS", [4]int{0, 24, 24, 12}, true},
		{"KS", [4]int{0, 23, 26, 12}, false},
		{"KC", [4]int{25, 26, 26, 26}, true},
	}
	for _, tt := range tests {
		g := position(t, nil, nil, tt.found)
		assert.Equal(t, tt.safe, g.safe(card(tt.card)), "%s with %v", tt.card, tt.found)
	}
	// The closed form against the case analysis, for every rank and count.
	for r := 2; r <= 13; r++ {
		k := r - 1
		for n := 0; n <= 26; n++ {
			up := 0
			if n >= k {
				up++
			}
			if n >= 13+k {
				up++
			}
			waits := n < 26 && n%13+1 == k
			want := up == 2 || up == 1 && waits
			g := position(t, nil, nil, [4]int{n, 0, 0, n})
			assert.Equal(t, want, g.safe(cards.Card{Rank: cards.Rank(r), Suit: cards.Hearts}), "rank %d, n %d", r, n)
		}
	}
}

// TestAutoplaySafeVsUnsafe: autoplay sends up safe cards only, after a
// move.
func TestAutoplaySafeVsUnsafe(t *testing.T) {
	tests := []struct {
		name  string
		found [4]int
		up    bool
	}{
		{"both black 4s next or up", [4]int{16, 0, 4, 17}, true},
		{"a second 4♣ must wait a round", [4]int{15, 0, 4, 17}, false},
		{"both copies of 4♠ in play though one could go up", [4]int{16, 0, 4, 3}, false},
		{"first round, black piles behind", [4]int{4, 0, 4, 4}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := position(t, []string{"5H 9C", "JD"}, nil, tt.found)
			play(t, g, "1 a")
			if tt.up {
				assert.Equal(t, 5, int(g.found[cards.Hearts]))
				assert.Equal(t, "", col(g, 1))
			} else {
				assert.Equal(t, 4, int(g.found[cards.Hearts]))
				assert.Equal(t, "5H", col(g, 1))
				assert.Contains(t, legalStrings(g), "1 h", "an unsafe card may still be played up by hand")
				assert.Contains(t, legalStrings(g), "auto")
				play(t, g, "1 h")
				assert.Equal(t, 5, int(g.found[cards.Hearts]))
			}
		})
	}
}

func TestAutoplayChainAndUndo(t *testing.T) {
	// First rounds all done. Moving 8♣ off column 1 frees A♥, A♠, then
	// 2♠ (safe: red piles at 13 and 14), then A♦ from column 2, then 2♦.
	g := position(t, []string{"2D 2S AS AH 8C", "AD", "9H"}, nil, [4]int{13, 13, 13, 13})
	before := board(g)
	play(t, g, "1 a")
	assert.Equal(t, [4]uint8{13, 15, 14, 15}, g.found)
	assert.Equal(t, "", col(g, 1))
	assert.Equal(t, "", col(g, 2))
	assert.Equal(t, "8C -- -- -- -- --", cellCodes(g))
	assert.Equal(t, 1, g.Moves())
	assert.Equal(t, 57, view(g).Score)
	// The order cards went up in: first place first, looking again from
	// cell a after each card.
	var upOrder []string
	for _, u := range g.ups {
		upOrder = append(upOrder, u.card.Code()+"@"+u.from.String())
	}
	assert.Equal(t, []string{"AH@1", "AS@1", "2S@1", "AD@2", "2D@1"}, upOrder)

	// One undo takes back the move and its five autoplays.
	play(t, g, "undo")
	assert.Equal(t, before, board(g))
	v := view(g)
	assert.Equal(t, 2, v.Moves)
	assert.Equal(t, 1, v.Undos)
	refuse(t, g, "undo")
}

func TestAutoCommand(t *testing.T) {
	g := position(t, []string{"3H 2H", "2C", "AC 9S", "JD"}, nil, [4]int{0, 0, 1, 0})
	play(t, g, "3 a") // A♣ goes up by itself; 2♣ and 2♥ are not safe
	assert.Equal(t, [4]uint8{1, 0, 1, 0}, g.found)
	assert.Equal(t, "3H 2H", col(g, 1))
	assert.Equal(t, "2C", col(g, 2))
	before := board(g)
	assert.Contains(t, legalStrings(g), "auto")
	play(t, g, "auto")
	assert.Equal(t, [4]uint8{2, 0, 3, 0}, g.found)
	assert.Equal(t, "", col(g, 1))
	assert.Equal(t, "", col(g, 2))
	assert.NotContains(t, legalStrings(g), "auto")
	refuse(t, g, "auto")
	play(t, g, "undo")
	assert.Equal(t, before, board(g))
	// auto works with autoplay off too.
	play(t, g, "autoplay off", "auto")
	assert.Equal(t, [4]uint8{2, 0, 3, 0}, g.found)
}

func TestAutoplaySwitch(t *testing.T) {
	g := position(t, []string{"AH 9C", "JD"}, nil, [4]int{})
	assert.Contains(t, legalStrings(g), "autoplay off")
	assert.NotContains(t, legalStrings(g), "autoplay on")
	refuse(t, g, "autoplay on")
	play(t, g, "autoplay off")
	assert.False(t, view(g).Autoplay)
	assert.Contains(t, legalStrings(g), "autoplay on")
	refuse(t, g, "autoplay off")
	play(t, g, "1 a")
	assert.Equal(t, "AH", col(g, 1), "no autoplay when off")
	before := board(g)
	play(t, g, "autoplay on") // the Ace goes up with the command
	assert.Equal(t, "", col(g, 1))
	assert.Equal(t, 1, g.Score())
	play(t, g, "undo")
	assert.Equal(t, before, board(g))
	assert.False(t, g.Autoplay())
	play(t, g, "undo", "undo")
	assert.True(t, g.Autoplay(), "undoing autoplay off turns it back on")
	assert.Equal(t, 6, g.Moves())
	assert.Equal(t, 3, view(g).Undos)
}

func TestUndoRestoresEveryKindOfMove(t *testing.T) {
	g := position(t, []string{"QH JS TH 9S", "KC", "", "AS 8D", "5C"}, []string{"--", "7H"}, [4]int{})
	for _, m := range []string{"1 2", "1 3 2", "1 3", "b 3", "4 a", "5 a", "4 h", "b 5", "auto", "autoplay off"} {
		c := g.Clone()
		before := board(c)
		if games.Play(c, 0, m) != nil {
			continue
		}
		require.NotEqual(t, before, board(c), m)
		require.NoError(t, c.Undo(), m)
		assert.Equal(t, before, board(c), m)
	}
}

func TestMovesAndUndos(t *testing.T) {
	g := New(4)
	refuse(t, g, "undo")
	assert.NotContains(t, legalStrings(g), "undo")
	play(t, g, "1 a")
	assert.Contains(t, legalStrings(g), "undo")
	play(t, g, "2 b", "undo", "autoplay off", "undo", "undo")
	v := view(g)
	assert.Equal(t, 6, v.Moves)
	assert.Equal(t, 3, v.Undos)
	assert.Equal(t, 6, g.Moves())
	assert.Equal(t, board(New(4)), board(g))
	assert.NotContains(t, legalStrings(g), "undo")
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	g := New(3)
	play(t, g, "1 a", "2 b")
	refuse(t, g,
		"", "x", "1", "1 2 3 4", "0 1", "11 1", "1 g", "h h", "a b", "1 1",
		"1 a", "2 b", "c 1", "1 h 2", "autoplay", "autoplay maybe", "autoplay on",
		"undo undo", "1 2 0", "1 2 -1", "1 2 01", "1 2 x", "1 2 99",
	)
	for i := 1; i <= 10; i++ {
		for j := 1; j <= 10; j++ {
			s := strings.Join([]string{Column(i - 1).String(), Column(j - 1).String()}, " ")
			c := g.Clone()
			if games.Play(c, 0, s) != nil {
				assert.Equal(t, view(g), view(c), s)
			}
		}
	}
}

func TestWon(t *testing.T) {
	// Autoplay finishes it: K♠ is safe with the red piles complete.
	g := position(t, []string{"KS"}, nil, [4]int{26, 26, 26, 25})
	assert.Equal(t, games.Playing, g.Status())
	play(t, g, "1 a")
	assert.Equal(t, games.Won, g.Status())
	assert.Equal(t, 104, g.Score())
	assert.Equal(t, []int{104}, g.Scores())
	assert.Equal(t, []games.Seat{0}, g.Winners())
	assert.Empty(t, g.ToAct())
	assert.Empty(t, g.Legal(0))
	assert.Empty(t, g.BoardMoves(nil))
	for _, m := range []string{"undo", "resign", "auto", "autoplay off", "1 a"} {
		err := games.Play(g, 0, m)
		assert.ErrorContains(t, err, "over", m)
	}
	refuse(t, g, "undo")
	// A solver backs out with the typed Undo.
	require.NoError(t, g.Undo())
	assert.Equal(t, games.Playing, g.Status())
	assert.Equal(t, "KS", col(g, 1))

	// By hand, autoplay off.
	g = position(t, []string{"KS"}, nil, [4]int{26, 26, 26, 25})
	play(t, g, "autoplay off", "1 h")
	assert.Equal(t, games.Won, view(g).Status)
}

func TestLostWhenStuck(t *testing.T) {
	// Red cards only, so nothing builds; no Ace, so nothing goes up; one
	// free cell left. Filling it leaves no board move at all.
	g := position(t,
		[]string{"5D 7H", "9D", "9H", "JD", "JH", "KD", "KH", "3D", "3H", "5H"},
		[]string{"7D", "QD", "QH", "TD", "TH"}, [4]int{})
	assert.Equal(t, games.Playing, g.Status())
	play(t, g, "1 f")
	assert.Equal(t, games.Lost, g.Status())
	assert.Empty(t, g.Winners())
	assert.Equal(t, []int{0}, g.Scores())
	assert.Empty(t, g.Legal(0))
	refuse(t, g, "undo", "resign", "f 1")
	assert.ErrorContains(t, games.Play(g, 0, "undo"), "over")
	require.NoError(t, g.Undo())
	assert.Equal(t, games.Playing, g.Status())
	assert.Equal(t, "7H", col(g, 1)[3:])
}

func TestResign(t *testing.T) {
	g := New(2)
	play(t, g, "1 a")
	assert.Contains(t, legalStrings(g), "resign")
	play(t, g, "resign")
	assert.Equal(t, games.Lost, g.Status())
	assert.Equal(t, 2, g.Moves())
	assert.Empty(t, g.Winners())
	refuse(t, g, "undo", "2 b")
	require.NoError(t, g.Undo(), "the typed Undo takes a resignation back")
	assert.Equal(t, games.Playing, g.Status())
	assert.Equal(t, 3, g.Moves())
}

func TestLegalIsDistinctAndComplete(t *testing.T) {
	g := New(1)
	legal := legalStrings(g)
	seen := map[string]bool{}
	for _, s := range legal {
		assert.False(t, seen[s], "duplicate %q", s)
		seen[s] = true
	}
	for _, c := range "abcdef" {
		assert.True(t, seen["1 "+string(c)], "every empty cell is a target")
	}
	assert.True(t, seen["5 h"])
	assert.True(t, seen["autoplay off"])
	assert.True(t, seen["resign"])
	assert.True(t, seen["auto"])
	assert.False(t, seen["undo"])
	// Commands come after the board moves.
	var buf []Move
	assert.Len(t, legal, len(g.BoardMoves(buf))+3)
	// Each listed move is legal, and its text makes the same move.
	for _, m := range g.Legal(0) {
		a, b := g.Clone(), g.Clone()
		require.NoError(t, a.Apply(0, m), m.String())
		require.NoError(t, games.Play(b, 0, m.String()))
		assert.Equal(t, view(a), view(b), m.String())
	}
}

func TestReplay(t *testing.T) {
	reg := games.NewRegistry(Info)
	g := New(77)
	rec := games.Record{Game: "doublefreecell", Deal: 77, Seats: 1}
	playRandomly(t, g, &rec)
	back := gamestest.AssertReplays(t, reg, rec, g)
	assert.Equal(t, g.View(0), back.View(0))

	// Moves as players type them replay too.
	rec2 := games.Record{Game: "doublefreecell", Deal: 1, Seats: 1, Moves: []games.Entry{
		{Move: "Autoplay  Off"}, {Move: " 1  A"}, {Move: "5 H"}, {Move: "UNDO"}, {Move: "10 b 1"},
	}}
	back, err := reg.Replay(rec2)
	require.NoError(t, err)
	want := New(1)
	play(t, want, "autoplay off", "1 a", "5 h", "undo", "10 b")
	assert.Equal(t, want.View(0), back.View(0))
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		text string
	}{
		{"3 h", Move{From: Column(2), To: Home, N: 1}, "3 h"},
		{"10 a", Move{From: Column(9), To: Cell(0), N: 1}, "10 a"},
		{"a 5", Move{From: Cell(0), To: Column(4), N: 1}, "a 5"},
		{"2 7 3", Move{From: Column(1), To: Column(6), N: 3, Exact: true}, "2 7 3"},
		{"2 7", Move{From: Column(1), To: Column(6)}, "2 7"},
		{"2 7 1", Move{From: Column(1), To: Column(6), N: 1, Exact: true}, "2 7 1"},
		{"3 H 1", Move{From: Column(2), To: Home, N: 1}, "3 h"},
		{"F 10 1", Move{From: Cell(5), To: Column(9), N: 1}, "f 10"},
		{"  undo ", Undo, "undo"},
		{"AUTO", Auto, "auto"},
		{"resign", Resign, "resign"},
		{"autoplay   on", AutoplayOn, "autoplay on"},
		{"autoplay off", AutoplayOff, "autoplay off"},
	}
	for _, tt := range tests {
		m, err := Parse(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, m, tt.in)
		assert.Equal(t, tt.text, m.String(), tt.in)
	}
	for _, in := range []string{"", "h 3", "a b", "3 3", "3 a 2", "a 3 2", "3 h 2", "1 2 0", "1 2 14", "1 2 +3", "1 2 03",
		"0 1", "11 2", "1 g", "1 2 3 4", "undo now", "autoplay", "autoplay yes", "1", "a", "1a 2", "１ 2"} {
		_, err := Parse(in)
		assert.Error(t, err, "%q", in)
	}
	// Canonical text: N only above 1, but for a lone card into an empty
	// column where a longer run could go.
	assert.Equal(t, "2 7", Board(Column(1), Column(6), 1).String())
	assert.Equal(t, "2 7 4", Board(Column(1), Column(6), 4).String())
	assert.Equal(t, "2 7", Board(Column(1), Column(6), 0).String())
}
