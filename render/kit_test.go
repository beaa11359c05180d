package render

import (
	"image"

	"github.com/dealer/dealer/games/cards"
)

// kitScene shows every piece of the kit: all faces in both styles, jokers,
// backs, empty piles, rings, labels.
func kitScene() *Scene {
	s := &Scene{W: 1480, H: 1240, Background: Felt}
	deck := append(cards.NewDeck(), cards.RedJoker, cards.BlackJoker)
	// stacked: four suits in columns of 13 (+ jokers), overlapped
	for i, c := range deck {
		col, row := i/13, i%13
		x, y := 16+col*(CardW+10), 16+row*StackStep
		at := image.Rect(x, y, x+CardW, y+CardH)
		vis := at
		if row < 12 && i < 52 {
			vis.Max.Y = y + StackStep
		}
		s.Cards = append(s.Cards, Placed{Card: c, Rect: at, Visible: vis, FaceUp: true, Selected: i == 25})
	}
	// fanned: a hand of 14 sideways, and one of each rank spread out
	for i, c := range deck[26:40] {
		x, y := 660+i*FanStep, 16
		at := image.Rect(x, y, x+CardW, y+CardH)
		vis := at
		if i < 13 {
			vis.Max.X = x + FanStep
		}
		s.Cards = append(s.Cards, Placed{Card: c, Rect: at, Visible: vis, FaceUp: true, Style: Fanned, Selected: i == 5})
	}
	for i, c := range []cards.Card{deck[39], deck[40], deck[49], deck[50], deck[51], cards.RedJoker, cards.BlackJoker} {
		x, y := 660+i*(CardW+10), 200
		at := image.Rect(x, y, x+CardW, y+CardH)
		s.Cards = append(s.Cards, Placed{Card: c, Rect: at, Visible: at, FaceUp: true, Style: Fanned})
	}
	for i := 0; i < 6; i++ {
		x, y := 660+i*(CardW+10), 380
		at := image.Rect(x, y, x+CardW, y+CardH)
		s.Cards = append(s.Cards, Placed{Rect: at, Visible: at, Selected: i == 5})
	}
	for i, l := range []string{"", "♠", "♥", "a", "7"} {
		x, y := 660+i*(CardW+10), 560
		s.Piles = append(s.Piles, Pile{Rect: image.Rect(x, y, x+CardW, y+CardH), Label: l, LabelInk: FeltLine, Selected: i == 4})
	}
	for i, c := range deck[:13] {
		x, y := 660+i*(CardW+10)%(6*(CardW+10)), 740+i/6*(CardH+12)
		at := image.Rect(x, y, x+CardW, y+CardH)
		s.Cards = append(s.Cards, Placed{Card: c, Rect: at, Visible: at, FaceUp: true})
	}
	for i, sz := range []TextSize{Small, Medium, Large, Huge} {
		text := "Deal 12345 · A♠ 10♥ Q♦ K♣ ×2"
		if sz == Huge {
			text = "A♠ 10♥ Q♦ K♣"
		}
		s.Labels = append(s.Labels, Label{Text: text, Rect: image.Rect(16, 700+i*80, 640, 760+i*80), Size: sz, Ink: Cream, Align: Left, Boxed: i%2 == 0, Fill: FeltDark})
	}
	s.Labels = append(s.Labels,
		Label{Text: "Won!", Rect: image.Rect(16, 1020, 316, 1100), Size: Huge, Ink: Black, Boxed: true, Fill: Gold},
		Label{Text: "R2", Rect: image.Rect(340, 1020, 446, 1058), Size: Medium, Ink: Black, Boxed: true, Fill: Gold, Radius: cardRadius},
		Label{Text: "lost", Rect: image.Rect(470, 1020, 640, 1070), Size: Large, Ink: Cream, Boxed: true, Fill: LostRed, Align: Right})
	return s
}
