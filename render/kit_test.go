package render_test

import (
	"image"

	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/render"
)

// kitScene shows every piece of the kit: all faces in both styles, jokers,
// backs, empty piles, rings, labels.
func kitScene() *render.Scene { return kitSceneAt(render.ClassicSteps) }

// kitSceneAt is kitScene with the cards overlapping at steps st.
func kitSceneAt(st render.Steps) *render.Scene {
	// the labels go below the stacked columns, lower for larger steps
	dy := max(0, 16+12*st.Stack+render.CardH+20-700)
	s := &render.Scene{W: max(1480, 660+13*st.Fan+render.CardW+16), H: 1240 + dy, Background: render.Felt}
	deck := append(cards.NewDeck(), cards.RedJoker, cards.BlackJoker)
	// stacked: four suits in columns of 13 (+ jokers), overlapped
	for i, c := range deck {
		col, row := i/13, i%13
		x, y := 16+col*(render.CardW+10), 16+row*st.Stack
		at := image.Rect(x, y, x+render.CardW, y+render.CardH)
		vis := at
		if row < 12 && i < 52 {
			vis.Max.Y = y + st.Stack
		}
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: at, Visible: vis, FaceUp: true, Selected: i == 25})
	}
	// fanned: a hand of 14 sideways, and one of each rank spread out
	for i, c := range deck[26:40] {
		x, y := 660+i*st.Fan, 16
		at := image.Rect(x, y, x+render.CardW, y+render.CardH)
		vis := at
		if i < 13 {
			vis.Max.X = x + st.Fan
		}
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: at, Visible: vis, FaceUp: true, Style: render.Fanned, Selected: i == 5})
	}
	for i, c := range []cards.Card{deck[39], deck[40], deck[49], deck[50], deck[51], cards.RedJoker, cards.BlackJoker} {
		x, y := 660+i*(render.CardW+10), 200
		at := image.Rect(x, y, x+render.CardW, y+render.CardH)
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: at, Visible: at, FaceUp: true, Style: render.Fanned})
	}
	for i := 0; i < 6; i++ {
		x, y := 660+i*(render.CardW+10), 380
		at := image.Rect(x, y, x+render.CardW, y+render.CardH)
		s.Cards = append(s.Cards, render.Placed{Rect: at, Visible: at, Selected: i == 5})
	}
	for i, l := range []string{"", "♠", "♥", "a", "7"} {
		x, y := 660+i*(render.CardW+10), 560
		s.Piles = append(s.Piles, render.Pile{Rect: image.Rect(x, y, x+render.CardW, y+render.CardH), Label: l, LabelInk: render.FeltLine, Selected: i == 4})
	}
	for i, c := range deck[:13] {
		x, y := 660+i*(render.CardW+10)%(6*(render.CardW+10)), 740+i/6*(render.CardH+12)
		at := image.Rect(x, y, x+render.CardW, y+render.CardH)
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: at, Visible: at, FaceUp: true})
	}
	for i, sz := range []render.TextSize{render.Small, render.Medium, render.Large, render.Huge} {
		text := "Deal 12345 · A♠ 10♥ Q♦ K♣ ×2"
		if sz == render.Huge {
			text = "A♠ 10♥ Q♦ K♣"
		}
		s.Labels = append(s.Labels, render.Label{Text: text, Rect: image.Rect(16, dy+700+i*80, 640, dy+760+i*80), Size: sz, Ink: render.Cream, Align: render.Left, Boxed: i%2 == 0, Fill: render.FeltDark})
	}
	s.Labels = append(s.Labels,
		render.Label{Text: "Won!", Rect: image.Rect(16, dy+1020, 316, dy+1100), Size: render.Huge, Ink: render.Black, Boxed: true, Fill: render.Gold},
		render.Label{Text: "R2", Rect: image.Rect(340, dy+1020, 446, dy+1058), Size: render.Medium, Ink: render.Black, Boxed: true, Fill: render.Gold, Radius: render.CardRadius},
		render.Label{Text: "lost", Rect: image.Rect(470, dy+1020, 640, dy+1070), Size: render.Large, Ink: render.Cream, Boxed: true, Fill: render.LostRed, Align: render.Right})
	return s
}
