package doublets

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNextDoubles: the doubling, from several starts, and its single cycle.
func TestNextDoubles(t *testing.T) {
	walk := func(start cards.Rank, n int) string {
		var s []cards.Card
		for r := start; len(s) < n; r = Next(r) {
			s = append(s, cards.Card{Rank: r})
		}
		out := ""
		for i, c := range s {
			if i > 0 {
				out += " "
			}
			out += c.Rank.String()
		}
		return out
	}
	assert.Equal(t, "A 2 4 8 3 6 Q J 9 5 10 7 A", walk(cards.Ace, 13))
	assert.Equal(t, "3 6 Q J 9 5 10 7 A 2 4 8 3", walk(3, 13))
	assert.Equal(t, "Q J 9 5 10 7 A 2", walk(cards.Queen, 8))
	assert.Equal(t, "7 A 2 4", walk(7, 4))
	assert.Equal(t, "J 9 5 10", walk(cards.Jack, 4))
	for r := cards.Ace; r < cards.King; r++ {
		seen := map[cards.Rank]bool{}
		x := r
		for range 12 {
			require.False(t, seen[x], "rank %s comes back early from %s", x, r)
			require.True(t, x >= cards.Ace && x <= cards.Queen, "Next never asks for a King or nothing")
			seen[x] = true
			x = Next(x)
		}
		assert.Equal(t, r, x, "twelve doublings come back to %s", r)
		assert.Equal(t, cards.Rank(2*int(r)%13), Next(r))
	}
	assert.Zero(t, Next(cards.King), "nothing goes on a King")
	assert.Zero(t, Next(0))
}

// TestDealOnePinned: deal 1 written down once: deck[0] is the stock's top,
// the arch is dealt r1 r2 r3 r4 r5 r6 foundation r7, and deal 1 has no King
// among the eight.
func TestDealOnePinned(t *testing.T) {
	// cards.Shuffled(cards.NewDeck(), 1), as pinned in package cards.
	const shuffled = "8C 8S 2S 4C JS AH 7S 9C TS 7H TD 5D 5H 4D 8D QC 9D 6D 8H 3H AS QS 6H AC 2C KC 2D JD 7C 4H KD 2H QH KH 5C AD 6S 7D 3C 9H TH 9S 3S TC 4S KS 3D JC QD 6C 5S JH"
	require.Equal(t, shuffled, codes(cards.Shuffled(cards.NewDeck(), 1)))
	p := Deal(1)
	assert.Equal(t, "8C 8S 2S 4C JS AH 9C", codes(p.reserve[:]))
	assert.Equal(t, "7S", codes(p.Foundation()))
	assert.Equal(t, shuffled[8*3:], codes(p.Stock()), "the stock, top first, is the rest of the deck in order")
	assert.Empty(t, p.Waste())
	assert.Equal(t, 1, p.Pass())
	assert.Equal(t, 1, p.Score())
	assert.Equal(t, cards.Ace, p.Needed(), "7 doubled is 14, less 13: an Ace")

	g := New(1)
	assert.Equal(t, "r6 flip resign", legal(g), "A♥ on r6 fits on 7♠")
	census(t, &p)
}

// TestDealKingToFoundation: a King dealt to the foundation slot goes to the
// stock's bottom and the slot is dealt again: deal 35 has K♦ there.
func TestDealKingToFoundation(t *testing.T) {
	require.Equal(t, "TD QH 5H 5D QS 6H KD 4H JS 7C", codes(cards.Shuffled(cards.NewDeck(), 35)[:10]))
	p := Deal(35)
	assert.Equal(t, "TD QH 5H 5D QS 6H 4H", codes(p.reserve[:]))
	assert.Equal(t, "JS", codes(p.Foundation()), "the foundation starts on the next card, J♠")
	s := p.Stock()
	assert.Len(t, s, 44)
	assert.Equal(t, "7C", s[0].Code(), "the stock's top")
	assert.Equal(t, "KD", s[43].Code(), "the King at the stock's bottom")
	census(t, &p)
}

// TestDealFourKings: deal 125 has four Kings among the eight slots: each
// goes to the bottom in slot order, each slot takes the stock's top in
// turn.
func TestDealFourKings(t *testing.T) {
	require.Equal(t, "9C KS KC KH TC KD JD 3D AC 5H AH 8C AD", codes(cards.Shuffled(cards.NewDeck(), 125)[:13]))
	p := Deal(125)
	assert.Equal(t, "9C AC 5H AH TC 8C 3D", codes(p.reserve[:]))
	assert.Equal(t, "JD", codes(p.Foundation()))
	s := p.Stock()
	assert.Equal(t, "AD", s[0].Code())
	assert.Equal(t, "KS KC KH KD", codes(s[40:]), "sent down in slot order: the last one at the very bottom")
	census(t, &p)
}

// deck returns a 52-card deck whose first cards are front, the rest in pack order.
func deck(t *testing.T, front string) []cards.Card {
	out := list(t, front)
	in := map[cards.Card]bool{}
	for _, c := range out {
		in[c] = true
	}
	for _, c := range cards.NewDeck() {
		if !in[c] {
			out = append(out, c)
		}
	}
	require.Len(t, out, 52)
	return out
}

func TestDealKingsByHand(t *testing.T) {
	tests := []struct {
		name, front           string
		reserves, foundation  string
		stockTop, stockBottom string
	}{{
		name: "a King on a reserve",
		//      r1 r2 r3 r4 r5 r6 F  r7 | stock
		front:    "2H KS 3H 4H 5H 6H 7H 8H 9H TH",
		reserves: "2H 9H 3H 4H 5H 6H 8H", foundation: "7H",
		stockTop: "TH", stockBottom: "KS",
	}, {
		name:     "a King on the foundation slot",
		front:    "2H 3H 4H 5H 6H 7H KD 8H 9H TH",
		reserves: "2H 3H 4H 5H 6H 7H 8H", foundation: "9H",
		stockTop: "TH", stockBottom: "KD",
	}, {
		name:     "a King dealt again onto the same slot, then a third card",
		front:    "KC 2H 3H 4H 5H 6H 7H 8H KD 9H TH",
		reserves: "9H 2H 3H 4H 5H 6H 8H", foundation: "7H",
		stockTop: "TH", stockBottom: "KC KD",
	}, {
		name:     "Kings on the foundation slot twice running",
		front:    "2H 3H 4H 5H 6H 7H KS 8H KH 9H TH",
		reserves: "2H 3H 4H 5H 6H 7H 8H", foundation: "9H",
		stockTop: "TH", stockBottom: "KS KH",
	}, {
		name:     "r7 is checked after the foundation slot",
		front:    "2H 3H 4H 5H 6H 7H KS KH 9H TH",
		reserves: "2H 3H 4H 5H 6H 7H TH", foundation: "9H",
		stockTop: "AC", stockBottom: "KS KH",
	}, {
		name:     "all four Kings in a row",
		front:    "KC KD KH KS 2H 3H 4H 5H 6H 7H",
		reserves: "6H 7H AC 2C 2H 3H 5H", foundation: "4H",
		stockTop: "3C", stockBottom: "KC KD KH KS",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := dealFrom(deck(t, tt.front))
			assert.Equal(t, tt.reserves, codes(p.reserve[:]))
			assert.Equal(t, tt.foundation, codes(p.Foundation()))
			s := p.Stock()
			assert.Equal(t, tt.stockTop, s[0].Code())
			n := len(list(t, tt.stockBottom))
			assert.Equal(t, tt.stockBottom, codes(s[len(s)-n:]))
			assert.Len(t, s, 44)
			census(t, &p)
			for i := range Reserves {
				assert.NotEqual(t, cards.King, p.Reserve(i).Rank, "no reserve starts frozen")
			}
		})
	}
}

// TestDealsAreWellFormed: every deal: 52 cards once, no King on the arch,
// 44 in stock.
func TestDealsAreWellFormed(t *testing.T) {
	for d := uint64(0); d < 2000; d++ {
		p := Deal(d)
		census(t, &p)
		require.Equal(t, 44, p.StockLen())
		require.Equal(t, games.Playing, p.Status())
		for i := range Reserves {
			require.NotEqual(t, cards.King, p.Reserve(i).Rank)
		}
		require.NotEqual(t, cards.King, p.FoundationTop().Rank)
	}
}
