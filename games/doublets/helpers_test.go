package doublets

import (
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/require"
)

// codes writes cards as their codes, separated by spaces.
func codes(cs []cards.Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.Code()
	}
	return strings.Join(s, " ")
}

// list reads space-separated card codes ("--" for no card).
func list(t testing.TB, s string) []cards.Card {
	t.Helper()
	var out []cards.Card
	for _, f := range strings.Fields(s) {
		out = append(out, card(t, f))
	}
	return out
}

// table is a position written by hand. Piles list card codes:
// stock top first, waste and foundation bottom first, reserves r1–r7 with
// "--" for an empty one.
type table struct {
	stock, waste, reserves, foundation string
	pass                               int // 0 means 1
}

// position builds the table's position. It need not hold all 52 cards, but
// no card twice.
func (tb table) position(t testing.TB) Position {
	t.Helper()
	var p Position
	stock, waste, found := list(t, tb.stock), list(t, tb.waste), list(t, tb.foundation)
	res := list(t, tb.reserves)
	require.Len(t, res, Reserves, "reserves")
	require.NotEmpty(t, found, "the foundation is never empty")
	seen := map[cards.Card]bool{}
	for _, c := range append(append(append(append([]cards.Card(nil), stock...), waste...), found...), res...) {
		if c.IsNone() {
			continue
		}
		require.False(t, seen[c], "%s twice", c)
		seen[c] = true
	}
	p.w = uint8(len(waste))
	copy(p.line[:], waste)
	p.s = uint8(52 - len(stock))
	copy(p.line[p.s:], stock)
	copy(p.reserve[:], res)
	p.fc = uint8(copy(p.found[:], found))
	p.pass = uint8(max(tb.pass, 1))
	return p
}

func (tb table) game(t testing.TB) *Game { return fromPosition(0, tb.position(t)) }

// cycle returns n cards that follow the doubling from rank start, each card
// once: the k-th has rank start doubled k times and suit k/12.
func cycle(start cards.Rank, n int) []cards.Card {
	out := make([]cards.Card, n)
	r := start
	for k := range out {
		out[k] = cards.Card{Rank: r, Suit: cards.Suits[k/12]}
		r = Next(r)
	}
	return out
}

// fullRun is the 48 cards of a full foundation, from its Ace.
func fullRun() []cards.Card { return cycle(cards.Ace, MaxScore) }

// play applies each move in notation, failing the test on the first error.
func play(t testing.TB, g games.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		require.NoError(t, games.Play(g, 0, m), "move %q", m)
	}
}

// legal lists g's legal moves for seat 0 in notation.
func legal(g games.Game) string {
	var s []string
	for _, m := range g.Legal(0) {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// census checks that p holds all 52 cards exactly once, and its shape.
func census(t testing.TB, p *Position) {
	t.Helper()
	var count [4][14]int
	total := 0
	add := func(c cards.Card) {
		if c.Rank < cards.Ace || c.Rank > cards.King || c.Suit > cards.Spades {
			t.Fatalf("%v is not a card of the deck", c)
		}
		count[c.Suit][c.Rank]++
		total++
	}
	for _, c := range p.line[:p.w] {
		add(c)
	}
	for _, c := range p.line[p.s:] {
		add(c)
	}
	for _, c := range p.found[:p.fc] {
		add(c)
		if c.Rank == cards.King {
			t.Fatalf("a King on the foundation")
		}
	}
	for _, c := range p.reserve {
		if !c.IsNone() {
			add(c)
		}
	}
	for _, c := range cards.NewDeck() {
		if count[c.Suit][c.Rank] != 1 {
			t.Fatalf("%s is there %d times", c, count[c.Suit][c.Rank])
		}
	}
	if total != 52 {
		t.Fatalf("%d cards", total)
	}
	for k := 1; k < int(p.fc); k++ {
		if Next(p.found[k-1].Rank) != p.found[k].Rank {
			t.Fatalf("the foundation does not double at %d: %s", k, codes(p.Foundation()))
		}
	}
	if p.pass < 1 || p.pass > Passes {
		t.Fatalf("pass %d", p.pass)
	}
	if p.w >= p.s {
		t.Fatalf("waste (%d) and stock (from %d) overlap", p.w, p.s)
	}
	for i := p.w; i < p.s; i++ {
		if !p.line[i].IsNone() {
			t.Fatalf("the gap holds %s at %d", p.line[i], i)
		}
	}
	for i := p.fc; i < MaxScore; i++ {
		if !p.found[i].IsNone() {
			t.Fatalf("a card past the foundation's top")
		}
	}
	if p.StockLen()+p.WasteLen() > 0 {
		for i, c := range p.reserve {
			if c.IsNone() {
				t.Fatalf("reserve %d is empty with cards left to fill it", i+1)
			}
		}
	}
}
