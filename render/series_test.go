package render

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games/cards"
)

// columns is a scene of cards in columns, as a solitaire lays them out:
// deal picks the cards, moved moves the last card of column 0 to column 1.
func columns(deal int, moved bool) *Scene {
	s := &Scene{W: 700, H: 500, Background: Felt}
	col := [][]cards.Card{}
	for c := range 5 {
		var cs []cards.Card
		for k := range 6 {
			cs = append(cs, cards.Card{Rank: cards.Rank(1 + (deal+c*7+k*3)%13), Suit: cards.Suit((deal + c + k) % 4)})
		}
		col = append(col, cs)
	}
	if moved {
		col[1] = append(col[1], col[0][len(col[0])-1])
		col[0] = col[0][:len(col[0])-1]
	}
	for c, cs := range col {
		for k, card := range cs {
			r := image.Rect(10+c*130, 60+k*40, 10+c*130+CardW, 60+k*40+CardH)
			s.Cards = append(s.Cards, Placed{Card: card, Rect: r, FaceUp: true})
		}
	}
	s.Labels = []Label{{Text: "a label", Rect: image.Rect(10, 10, 300, 40), Size: Small, Ink: Cream}}
	return s
}

// A series' picture is encoded from its own last picture only: the bands
// it searched from the last are kept under its tag, and another series
// drawing the same pictures finds them not (their tokens would carry what
// another player saw alone).
func TestSeriesReuseOnlyTheirOwn(t *testing.T) {
	r, err := New()
	require.NoError(t, err)
	a, b := r.Series("a"), r.Series("b")
	before, after := columns(1, false), columns(1, true)
	for _, s := range []*Scene{columns(2, false), before, after} { // a draws after from before
		_, err := a.PNG(s)
		require.NoError(t, err)
	}
	for _, s := range []*Scene{columns(3, false), after} { // b draws after from something else
		_, err := b.PNG(s)
		require.NoError(t, err)
	}
	la, lb := r.bands.last("a"), r.bands.last("b")
	tagA, tagB := r.bands.seriesTag("a"), r.bands.seriesTag("b")
	shared, tagged := 0, 0
	for n, k := range lb.bands {
		bd, ok := r.bands.peek(k)
		require.True(t, ok)
		require.Contains(t, []uint64{0, tagB}, bd.from, "band %d of b's picture", n)
		if ka := la.bands[n]; ka.sum == k.sum {
			shared++
			if ka.tag == tagA {
				tagged++
			}
		}
	}
	require.Positive(t, tagged, "a searched bands from its last picture that b's has too")
	require.Equal(t, len(lb.bands), shared, "the same picture")
}
