package cards

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func codes(p []Card) string {
	s := make([]string, len(p))
	for i, c := range p {
		s[i] = c.Code()
	}
	return strings.Join(s, " ")
}

func TestPacks(t *testing.T) {
	tests := []struct {
		decks, jokers, want int
	}{{1, 0, 52}, {2, 0, 104}, {1, 2, 54}}
	for _, tt := range tests {
		p := NewPack(tt.decks, tt.jokers)
		require.Len(t, p, tt.want)
		seen := map[Card]int{}
		for _, c := range p {
			seen[c]++
		}
		for c, n := range seen {
			if c.IsJoker() {
				assert.Equal(t, 1, n, c.String())
			} else {
				assert.Equal(t, tt.decks, n, c.String())
			}
		}
	}
	assert.Equal(t, "AC 2C 3C", codes(NewDeck()[:3]))
	assert.Equal(t, "KS", NewDeck()[51].Code())
	assert.Equal(t, "RJ BJ", codes(NewPack(1, 2)[52:]))
}

// TestDealOnePinned: the pinned deals: if one of these fails, numbered
// deals have changed and every stored game, daily deal and published deal
// number breaks.
func TestDealOnePinned(t *testing.T) {
	tests := []struct {
		name  string
		pack  []Card
		first string
	}{
		{"one deck", NewDeck(), pinnedOneDeck},
		{"two decks", NewPack(2, 0), pinnedTwoDecks},
		{"one deck and two jokers", NewPack(1, 2), pinnedWithJokers},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Shuffled(tt.pack, 1)
			assert.Equal(t, tt.first, codes(got))
			assert.ElementsMatch(t, tt.pack, got, "a shuffle keeps every card")
		})
	}
}

func TestDealsDiffer(t *testing.T) {
	assert.NotEqual(t, codes(Shuffled(NewDeck(), 1)), codes(Shuffled(NewDeck(), 2)))
	assert.Equal(t, codes(Shuffled(NewDeck(), 7)), codes(Shuffled(NewDeck(), 7)))
}

func TestBelowIsUniformEnough(t *testing.T) {
	r := NewRand(42)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		counts[r.Below(6)]++
	}
	for _, c := range counts {
		assert.InDelta(t, 10000, c, 500)
	}
}

func TestCardText(t *testing.T) {
	tests := []struct {
		card       Card
		code, text string
	}{
		{Card{Ace, Spades}, "AS", "A♠"},
		{Card{10, Hearts}, "TH", "10♥"},
		{Card{Queen, Diamonds}, "QD", "Q♦"},
		{RedJoker, "RJ", "red joker"},
		{BlackJoker, "BJ", "black joker"},
		{None, "--", "--"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.code, tt.card.Code())
		assert.Equal(t, tt.text, tt.card.String())
		p, err := Parse(tt.code)
		require.NoError(t, err)
		assert.Equal(t, tt.card, p)
	}
	for _, in := range []string{"10h", "q♥", " 7c "} {
		_, err := Parse(in)
		assert.NoError(t, err, in)
	}
	for _, in := range []string{"1S", "AX", "ZZ", "ASS"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
	assert.Equal(t, Red, RedJoker.Color())
	assert.Equal(t, Black, Card{King, Clubs}.Color())
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"AS", "10h", "RJ", "", "q♥"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil || c.IsNone() {
			return
		}
		back, err := Parse(c.Code())
		require.NoError(t, err)
		require.Equal(t, c, back)
	})
}
