package doublets

import (
	"image"
	"testing"

	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDoubletsArch(t *testing.T) {
	v := midView(t)
	s := layout(t, v, "w")
	assert.Equal(t, image.Pt(840, 670), image.Pt(s.W, s.H))
	// r1 r2 r3 across the top, r4 r5 the sides, r6 f r7 the foot
	want := map[string]image.Point{
		"r1": {24, 96}, "r2": {154, 96}, "r3": {284, 96},
		"r4": {24, 298}, "r5": {284, 298},
		"r6": {24, 500}, "f": {154, 500}, "r7": {284, 500},
	}
	for name, at := range want {
		cs := rendertest.PileCards(s, name)
		require.Len(t, cs, 1, name)
		assert.Equal(t, at, cs[0].Rect.Min, name)
		assert.True(t, cs[0].FaceUp, name)
		assert.False(t, cs[0].Selected, name)
		if name != "f" {
			l, ok := rendertest.FindLabel(s, name)
			require.True(t, ok, "tag %s", name)
			assert.Equal(t, cs[0].Rect.Min.X, l.Rect.Min.X, "tag %s over its card", name)
			assert.Less(t, l.Rect.Max.Y, cs[0].Rect.Min.Y, "tag %s over its card", name)
		}
	}
	for i, r := range v.Reserves {
		assert.Equal(t, r.Card, rendertest.PileCards(s, "r"+string(rune('1'+i)))[0].Card)
	}
	assert.Equal(t, v.Foundation.Top, rendertest.PileCards(s, "f")[0].Card)
	// the foundation's count over it, the rank it needs in the middle
	_, ok := rendertest.FindLabel(s, "14/48")
	assert.True(t, ok, "foundation count")
	l, ok := rendertest.FindLabel(s, "3")
	require.True(t, ok, "next rank")
	assert.Equal(t, render.Huge, l.Size)
	assert.True(t, l.Rect.In(image.Rect(154, 250, 260, 500)), "next rank %v in the arch's middle", l.Rect)
	// the next rank is gold in the cycle too
	gold := 0
	for _, l := range s.Labels {
		if l.Text == "3" && l.Fill == render.Gold {
			gold++
		}
	}
	assert.Equal(t, 1, gold)
}

func TestDoubletsMarks(t *testing.T) {
	s := layout(t, midView(t), "w")
	// r3 holds a frozen King, the waste a blocking one
	r3 := rendertest.PileCards(s, "r3")[0]
	l, ok := rendertest.FindLabel(s, "frozen")
	require.True(t, ok)
	assert.True(t, l.Rect.In(r3.Rect), "frozen band %v on r3 %v", l.Rect, r3.Rect)
	w := rendertest.PileCards(s, "w")
	require.Len(t, w, 1)
	assert.Equal(t, gamestest.Card(t, "KH"), w[0].Card)
	assert.True(t, w[0].Selected)
	l, ok = rendertest.FindLabel(s, "blocked")
	require.True(t, ok)
	assert.True(t, l.Rect.In(w[0].Rect), "blocked band on the waste")
	tag, _ := rendertest.FindLabel(s, "w")
	assert.Equal(t, render.Gold, tag.Fill)
	assert.Len(t, rendertest.SelectedCards(s), 1)
	// the stock: one back, its size on it; passes
	st := rendertest.PileCards(s, "stock")
	require.Len(t, st, 1)
	assert.False(t, st[0].FaceUp)
	assert.Equal(t, cards.None, st[0].Card)
	l, ok = rendertest.FindLabel(s, "23")
	require.True(t, ok)
	assert.True(t, l.Rect.In(st[0].Rect))
	for _, text := range []string{"flip", "waste 11", "pass 2 of 3", "1 redeal left"} {
		_, ok := rendertest.FindLabel(s, text)
		assert.True(t, ok, text)
	}
}

func TestDoubletsEnd(t *testing.T) {
	s := layout(t, end(t), "flip")
	// r6 is empty, stock and waste too: outlines; the stock's ringed
	piles := map[string]render.Pile{}
	for _, p := range s.Piles {
		piles[p.Name] = p
	}
	for _, name := range []string{"r6", "w", "stock"} {
		_, ok := piles[name]
		assert.True(t, ok, "%s outlined", name)
		assert.Empty(t, rendertest.PileCards(s, name), name)
	}
	assert.True(t, piles["stock"].Selected)
	assert.Equal(t, render.LostRed, s.Boxes[0].Fill)
	assert.True(t, rendertest.HasLabelPrefix(s, "LOST"))
	for _, text := range []string{"stock empty", "last pass", "waste 0"} {
		_, ok := rendertest.FindLabel(s, text)
		assert.True(t, ok, text)
	}
	_, ok := rendertest.FindLabel(s, "blocked")
	assert.False(t, ok)

	s = layout(t, wonView(), "")
	l, ok := rendertest.FindLabel(s, "Won in 140 moves!")
	assert.True(t, ok && l.Fill == render.Gold)
	_, ok = rendertest.FindLabel(s, "—")
	assert.True(t, ok, "a full foundation needs nothing")
}

// TestDoubletsDeal: a real deal: the eight slots face up, every card once,
// the stock face down, 52 cards in all.
func TestDoubletsDeal(t *testing.T) {
	for _, n := range []uint64{1, 2, 77} {
		for _, moves := range []int{0, 30, 200} {
			v := played(t, n, moves)
			s := layout(t, v, "")
			seen := map[cards.Card]bool{}
			for _, c := range s.Cards {
				if !c.FaceUp {
					assert.Equal(t, "stock", c.Pile)
					continue
				}
				assert.False(t, seen[c.Card], "%v twice", c.Card)
				seen[c.Card] = true
				assert.True(t, c.Rect.In(image.Rect(0, 0, s.W, s.H)))
			}
			// every card somewhere: stock, waste, foundation or a reserve
			held := 0
			for _, r := range v.Reserves {
				if !r.Card.IsNone() {
					held++
				}
			}
			assert.Equal(t, 52, v.Stock+v.Waste.Size+v.Score+held, "deal %d after %d moves", n, moves)
			assert.Equal(t, held+2-btoi(v.Waste.Top.IsNone()), len(seen), "face-up cards shown")
		}
	}
}

func TestDoubletsBadInput(t *testing.T) {
	rendertest.AssertSelections(t, Layout, midView(t),
		[]string{"", "r1", "R7", " w ", "flip"},
		[]string{"r0", "r8", "f", "x", "stock", "1"})
	bad := []func(v *game.View){
		func(v *game.View) { v.Reserves = v.Reserves[:6] },
		func(v *game.View) { v.Reserves[2].Card = cards.RedJoker },
		func(v *game.View) { v.Waste.Top = cards.Card{Rank: 20} },
		func(v *game.View) { v.Foundation.Top = cards.Card{Rank: 3, Suit: 9} },
	}
	rendertest.AssertBadViewsRefused(t, func() game.View { return midView(t) }, bad, Layout, Table)
}

func TestDoubletsText(t *testing.T) {
	want := `Doublets · deal 4242 · move 57 · 2 undos · 14/48 home
     r1 7♣      r2 Q♥      r3 K♠*
     r4 3♦      next 3     r5 9♣
     r6 5♠      8♦ 14/48   r7 2♥
w K♥ blocked (11 cards) · stock 23 · pass 2 of 3, 1 redeal left
* frozen: a King never leaves
`
	assert.Equal(t, want, Text(midView(t), false))
	col := Text(midView(t), true)
	assert.Contains(t, col, "r2 \x1b[31mQ♥\x1b[0m")
	assert.NotContains(t, col, "\x1b[31m7♣")
	lost := Text(end(t), false)
	assert.Contains(t, lost, "· LOST\n")
	assert.Contains(t, lost, "w -- (0 cards) · stock 0 · pass 3 of 3, no redeal left")
	assert.Contains(t, lost, "r6 --")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
