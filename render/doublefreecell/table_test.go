package doublefreecell

import (
	"image"
	"strings"
	"testing"

	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

func TestDoubleFreeCellColumnTopCard(t *testing.T) {
	v := dealtView(1)
	if len(v.Columns[2]) != 11 {
		t.Fatalf("column 3 of the deal has %d cards, want 11", len(v.Columns[2]))
	}
	s := layout(t, v, "3")
	if s.W != 1200 || s.H != 900 {
		t.Errorf("picture is %d×%d, want 1200×900", s.W, s.H)
	}
	col := rendertest.PileCards(s, "3")
	if len(col) != 11 {
		t.Fatalf("column 3 shows %d cards, want 11", len(col))
	}
	top := col[10]
	// column 3 starts at x = 16 + 2·(106+12); its 11th card 10 steps of 43
	// below the first card's row at y = 294
	want := image.Rect(252, 724, 358, 872)
	if top.Rect != want || top.Visible != want {
		t.Errorf("top card of column 3 at %v (visible %v), want %v", top.Rect, top.Visible, want)
	}
	if top.Card != v.Columns[2][10] || !top.FaceUp || !top.Selected {
		t.Errorf("top card of column 3 is %+v, want %v face up and selected", top, v.Columns[2][10])
	}
	if sel := rendertest.SelectedCards(s); len(sel) != 1 {
		t.Errorf("%d cards selected, want 1", len(sel))
	}
	// the cards under it show a 43-pixel strip each, bottom card first
	for i, c := range col[:10] {
		if c.Card != v.Columns[2][i] {
			t.Errorf("card %d of column 3 is %v, want %v", i+1, c.Card, v.Columns[2][i])
		}
		if c.Visible.Dy() != render.StackStep || c.Visible.Min != c.Rect.Min || c.Selected {
			t.Errorf("card %d of column 3: rect %v visible %v selected %v", i+1, c.Rect, c.Visible, c.Selected)
		}
	}
	// the column's number sits over it, gold
	l, ok := rendertest.FindLabel(s, "3")
	if !ok || l.Fill != render.Gold || l.Rect.Max.Y > top.Rect.Min.Y-10*render.StackStep || (l.Rect.Min.X+l.Rect.Max.X)/2 != 252+render.CardW/2 {
		t.Errorf("column 3's number: %+v", l)
	}
	if l, _ := rendertest.FindLabel(s, "4"); l.Fill != render.FeltDark {
		t.Errorf("column 4's number is not plain: %+v", l)
	}

	// nothing selected: no ring anywhere
	s = layout(t, v, "")
	if sel := rendertest.SelectedCards(s); len(sel) != 0 {
		t.Errorf("%d cards selected with no selection", len(sel))
	}
	for _, p := range s.Piles {
		if p.Selected {
			t.Errorf("pile %s selected with no selection", p.Name)
		}
	}
}

func TestDoubleFreeCellEveryCardOnce(t *testing.T) {
	for name, v := range map[string]game.View{"dealt": dealtView(3), "bench": benchView(), "mid": midView(t), "long": longView(t)} {
		s := layout(t, v, "")
		want := map[cards.Card]int{}
		for _, col := range v.Columns {
			for _, c := range col {
				want[c]++
			}
		}
		for _, c := range v.Cells {
			if !c.IsNone() {
				want[c]++
			}
		}
		for _, f := range v.Foundations {
			if !f.Top.IsNone() {
				want[f.Top]++
			}
		}
		got := map[cards.Card]int{}
		for _, c := range s.Cards {
			got[c.Card]++
			if !c.FaceUp {
				t.Errorf("%s: %v is face down", name, c.Card)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d kinds of card shown, want %d", name, len(got), len(want))
		}
		for c, n := range want {
			if got[c] != n {
				t.Errorf("%s: %v shown %d times, want %d", name, c, got[c], n)
			}
		}
	}
}

func TestDoubleFreeCellCells(t *testing.T) {
	v := midView(t) // b holds Q♥, e holds 10♠, the rest are empty
	s := layout(t, v, "b")
	b := rendertest.PileCards(s, "b")
	if len(b) != 1 || b[0].Card != gamestest.Card(t, "QH") || !b[0].Selected || b[0].Rect != image.Rect(134, 94, 240, 242) {
		t.Fatalf("cell b: %+v", b)
	}
	if sel := rendertest.SelectedCards(s); len(sel) != 1 {
		t.Errorf("%d cards selected, want 1", len(sel))
	}
	if l, ok := rendertest.FindLabel(s, "b"); !ok || l.Fill != render.Gold {
		t.Errorf("cell b's tag: %+v", l)
	}
	// an empty cell selected rings its outline
	s = layout(t, v, "c")
	n := 0
	for _, p := range s.Piles {
		if p.Selected {
			n++
			if p.Name != "c" || p.Rect != image.Rect(252, 94, 358, 242) {
				t.Errorf("selected pile %+v, want cell c", p)
			}
		}
	}
	if n != 1 || len(rendertest.SelectedCards(s)) != 0 {
		t.Errorf("%d piles and %d cards selected, want cell c's outline alone", n, len(rendertest.SelectedCards(s)))
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
		if _, ok := rendertest.FindLabel(s, name); !ok {
			t.Errorf("no tag %q over the cells", name)
		}
	}
}

func TestDoubleFreeCellEmptyColumnSelected(t *testing.T) {
	s := layout(t, midView(t), "3") // column 3 is empty
	for _, p := range s.Piles {
		if p.Name == "3" {
			if !p.Selected || p.Rect != image.Rect(252, 294, 358, 442) {
				t.Errorf("empty column 3: %+v", p)
			}
			return
		}
	}
	t.Error("empty column 3 has no outline")
}

func TestDoubleFreeCellFoundations(t *testing.T) {
	s := layout(t, midView(t), "")
	// ♣ 7 in round 1, ♦ K in round 2 (13 cards), ♥ empty, ♠ 5 in round 2
	var hs []render.Placed
	for _, c := range s.Cards {
		if c.Pile == "h" {
			hs = append(hs, c)
		}
	}
	if len(hs) != 3 || hs[0].Card != gamestest.Card(t, "7C") || hs[1].Card != gamestest.Card(t, "KD") || hs[2].Card != gamestest.Card(t, "5S") {
		t.Fatalf("foundation cards: %+v", hs)
	}
	if hs[0].Rect.Min != image.Pt(724, 94) || hs[2].Rect.Min != image.Pt(1078, 94) {
		t.Errorf("foundations at %v and %v", hs[0].Rect.Min, hs[2].Rect.Min)
	}
	for _, text := range []string{"h 7/26", "h 13/26", "h 0/26", "h 18/26"} {
		if _, ok := rendertest.FindLabel(s, text); !ok {
			t.Errorf("no tag %q", text)
		}
	}
	r2 := 0
	for _, l := range s.Labels {
		if l.Text == "R2" {
			r2++
			if !l.Rect.In(hs[1].Rect) && !l.Rect.In(hs[2].Rect) {
				t.Errorf("R2 band %v is not on a round-2 foundation", l.Rect)
			}
		}
	}
	if r2 != 2 {
		t.Errorf("%d R2 marks, want 2", r2)
	}
	var hearts *render.Pile
	for i := range s.Piles {
		if s.Piles[i].Name == "h" {
			hearts = &s.Piles[i]
		}
	}
	if hearts == nil || hearts.Label != "♥" || hearts.Rect.Min != image.Pt(960, 94) {
		t.Errorf("empty ♥ foundation: %+v", hearts)
	}
}

// TestDoubleFreeCellLongColumns: a column too long for the usual picture
// makes it taller; past the tallest picture the overlap shrinks. No card
// ever leaves the picture.
func TestDoubleFreeCellLongColumns(t *testing.T) {
	for _, n := range []int{11, 13, 14, 20, 30, 34, 60, 104} {
		v := dealtView(5)
		long := make([]cards.Card, 0, n)
		for i := 0; i < n; i++ {
			long = append(long, cards.Card{Rank: cards.Rank(i%13 + 1), Suit: cards.Suits[i%4]})
		}
		v.Columns[4] = long
		s := layout(t, v, "5")
		if s.H < 900 || s.H > 1500 {
			t.Errorf("%d cards: picture %d tall", n, s.H)
		}
		canvas := image.Rect(0, 0, s.W, s.H)
		for _, c := range s.Cards {
			if !c.Rect.In(canvas) {
				t.Errorf("%d cards: %v at %v is outside the %v picture", n, c.Card, c.Rect, canvas)
			}
		}
		col := rendertest.PileCards(s, "5")
		if len(col) != n || !col[n-1].Selected {
			t.Fatalf("%d cards: column 5 shows %d, top selected %v", n, len(col), col[len(col)-1].Selected)
		}
		if bottom := col[n-1].Rect.Max.Y; bottom > s.H-16 {
			t.Errorf("%d cards: column ends at %d in a picture %d tall", n, bottom, s.H)
		}
		step := col[1].Visible.Dy()
		switch {
		case n <= 11 && (step != render.StackStep || s.H != 900):
			t.Errorf("%d cards: step %d, height %d; want %d and 900", n, step, s.H, render.StackStep)
		case n <= 30 && step < render.MinStackStep:
			t.Errorf("%d cards: step %d hides the corner index (want ≥ %d)", n, step, render.MinStackStep)
		case n > 30 && s.H != 1500:
			t.Errorf("%d cards: height %d, want the largest, 1500", n, s.H)
		}
		// the other columns keep their usual overlap
		if c := rendertest.PileCards(s, "1"); c[1].Visible.Dy() != render.StackStep {
			t.Errorf("%d cards: column 1 squeezed to %d", n, c[1].Visible.Dy())
		}
	}
}

func TestDoubleFreeCellStatus(t *testing.T) {
	s := layout(t, wonView(), "")
	if l, ok := rendertest.FindLabel(s, "Won in 311 moves!"); !ok || l.Fill != render.Gold || l.Size != render.Huge {
		t.Errorf("won banner: %+v", l)
	}
	if s.Boxes[0].Fill != render.Gold || !rendertest.HasLabelPrefix(s, "WON") {
		t.Errorf("won header: %+v", s.Boxes[0])
	}
	s = layout(t, lostView(t), "")
	if s.Boxes[0].Fill != render.LostRed || !rendertest.HasLabelPrefix(s, "LOST") {
		t.Errorf("lost header: %+v", s.Boxes[0])
	}
	s = layout(t, midView(t), "")
	if s.Boxes[0].Fill != render.FeltDark || rendertest.HasLabelPrefix(s, "WON") || rendertest.HasLabelPrefix(s, "LOST") {
		t.Errorf("playing header: %+v", s.Boxes[0])
	}
	for _, want := range []string{"Double FreeCell  •  deal 123456", "move 87  •  3 undos  •  31/104 home  •  autoplay off"} {
		if _, ok := rendertest.FindLabel(s, want); !ok {
			t.Errorf("no header text %q", want)
		}
	}
}

func TestDoubleFreeCellBadInput(t *testing.T) {
	rendertest.AssertSelections(t, Layout, midView(t),
		[]string{"", "1", "10", "a", "f", " 7 ", "B"},
		[]string{"0", "11", "g", "h", "ab", "-1", "1a"})
	bad := []func(v *game.View){
		func(v *game.View) { v.Columns = v.Columns[:9] },
		func(v *game.View) { v.Cells = v.Cells[:3] }, // 4–8 cells are house rules
		func(v *game.View) { v.Cells = append(v.Cells, cards.None, cards.None, cards.None) },
		func(v *game.View) { v.Foundations = nil },
		func(v *game.View) { v.Columns[1] = append(v.Columns[1], cards.None) },
		func(v *game.View) { v.Columns[1] = append(v.Columns[1], cards.Card{Rank: 20}) },
		func(v *game.View) { v.Cells[0] = cards.Card{Rank: 3, Suit: 9} },
		func(v *game.View) { v.Foundations[2].Top, v.Foundations[2].Count = cards.Card{Rank: 15}, 3 },
	}
	rendertest.AssertBadViewsRefused(t, func() game.View { return midView(t) }, bad, Layout, Table)
}

// TestDoubleFreeCellHeaderFits: the header's two ends never run into each
// other, however large the numbers.
func TestDoubleFreeCellHeaderFits(t *testing.T) {
	for _, v := range []game.View{midView(t), wonView(), lostView(t)} {
		for _, big := range []bool{false, true} {
			if big {
				v.Deal, v.Moves, v.Undos = 18446744073709551615, 123456789, 99999999
			}
			s := layout(t, v, "")
			left, right := s.Labels[0], s.Labels[1]
			if left.Align != render.Left || right.Align != render.Right {
				t.Fatalf("the header is not the first two labels: %+v %+v", left, right)
			}
			if !strings.Contains(left.Text, "deal") || !strings.Contains(right.Text, "move") || !strings.Contains(right.Text, "home") {
				t.Errorf("header lost its deal, moves or score: %q %q", left.Text, right.Text)
			}
			if w := render.TextWidth(left.Text, left.Size) + render.TextWidth(right.Text, right.Size); w > left.Rect.Dx() {
				t.Errorf("header %q + %q is %d wide in %d", left.Text, right.Text, w, left.Rect.Dx())
			}
		}
	}
}
