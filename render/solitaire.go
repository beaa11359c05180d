package render

// Pieces the solitaires share (Double FreeCell, Doublets, Double Agent):
// the status line in the picture and at the terminal, the picture of a
// layout, the place buttons' labels and the commands every one offers.

import (
	"fmt"
	"image"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/render/lang"
)

// CardRadius is the radius of a card's corners, for boxes drawn to a
// card's shape.
const CardRadius = cardRadius

// SolitaireStatus is what a solitaire's status line says: in its
// picture's status bar and at the head of its terminal text.
type SolitaireStatus struct {
	Title string // "Doublets"
	// Deal is the deal's number; 0 is not said (a deal whose number is
	// kept from the players, see Params.HideDeal).
	Deal  uint64
	Moves int
	Undos int
	// Score is the progress in words: "14/48 home", "score 10/54".
	Score string
	// Note is said while the game is played ("autoplay off"); "" for none.
	Note   string
	Status games.Status
	// Lang is the language of the words (the zero Lang: English).
	Lang lang.Lang
}

// Bar adds the status bar across the top of a w-wide picture: the deal on
// the left, the moves and the score on the right; gold when won, red when
// lost. The fullest line that fits drops the game's name first, then the
// undos and the note.
func (st SolitaireStatus) Bar(s *Scene, w int) {
	bar, in, status := StatusLookIn(st.Lang, st.Status)
	status = strings.TrimSuffix(status, "  •  ") // Dot puts it back when something follows
	deal := st.deal()
	moves := words.T(st.Lang, "move %d", st.Moves)
	full := Dot(moves, st.undos(), st.Score, st.Note)
	StatusBar(s, w, bar, in, [][2]string{
		{Dot(status, st.Title, deal), full},
		{Dot(status, deal), full},
		{Dot(status, deal), Dot(moves, st.Score)},
	})
}

// WonBanner adds the gold banner of a won solitaire across a w-wide
// picture: won, in a box minW wide or wider for longer words (but 16
// clear of each side), 100 tall from y.
func WonBanner(s *Scene, won string, w, minW, y int) {
	bw := min(max(minW, TextWidth(won, Huge)+64), w-32)
	s.Labels = append(s.Labels, Label{Text: won,
		Rect: image.Rect((w-bw)/2, y, (w+bw)/2, y+100), Size: Huge, Ink: Black, Boxed: true, Fill: Gold})
}

// deal is the deal's number in words, "" when not said.
func (st SolitaireStatus) deal() string {
	if st.Deal == 0 {
		return ""
	}
	return words.T(st.Lang, "deal %d", st.Deal)
}

// Line is the status as the terminal's first line:
// "Doublets · deal 4242 · move 57 · 2 undos · 14/48 home", ending
// "· WON in 140 moves" (or LOST, OVER) when finished.
func (st SolitaireStatus) Line() string {
	parts := []string{st.Title, st.deal(), words.T(st.Lang, "move %d", st.Moves),
		st.undos(), st.Score, st.Note, StatusWordIn(st.Lang, st.Status, st.Moves)}
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " · ")
}

func (st SolitaireStatus) undos() string {
	if st.Undos == 0 {
		return ""
	}
	return words.N(st.Lang, st.Undos, "%d undo", "%d undos")
}

// LayoutPNG draws the scene layout makes of v with the selected place
// ringed: a solitaire's table picture.
func LayoutPNG[V any](r *Renderer, layout func(v V, selected string) (*Scene, error), v V, selected string) ([]byte, error) {
	s, err := layout(v, selected)
	if err != nil {
		return nil, err
	}
	return r.PNG(s)
}

// PlaceLabel labels a place's button with the card on it: "3 · 7♥",
// "p1 · red agent" for a joker, or just "a" when it is empty.
func PlaceLabel(l lang.Lang, place string, c cards.Card) string {
	if c.IsNone() {
		return place
	}
	if c.IsJoker() {
		if c.Color() == cards.Red {
			return words.T(l, "%s · red agent", place)
		}
		return words.T(l, "%s · black agent", place)
	}
	return fmt.Sprintf("%s · %s", place, c)
}

// UndoCommand is the solitaires' Undo button, always shown.
func UndoCommand(l lang.Lang) Command {
	return Command{Moves: []string{"undo"}, Labels: []string{words.T(l, "Undo")}, Style: Secondary, Steady: true}
}

// HintCommand is the solitaires' Hint button.
func HintCommand(l lang.Lang) Command {
	return Command{Labels: []string{words.T(l, "Hint 💡")}, Style: Secondary, Hint: true}
}

// ResignCommand is the solitaires' Resign button, which asks first.
func ResignCommand(l lang.Lang) Command {
	return Command{Moves: []string{"resign"}, Labels: []string{words.T(l, "Resign")}, Style: Danger, Confirm: true}
}
