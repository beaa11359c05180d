package highcard_test

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/dealer/dealer/render"
)

// highCard is the game's one registration: its engine and how it is shown.
var highCard = render.Present(info, render.Presenter[view]{
	Table: func(r *render.Renderer, v view, p render.Params) ([]byte, error) {
		return r.PNG(tableScene(v, p.Names))
	},
	Hand: func(r *render.Renderer, v view, p render.Params) ([]byte, error) {
		return r.PNG(handScene(v))
	},
	Text: func(v view, names []string, color bool) string {
		var hand []string
		for _, c := range v.Hand {
			hand = append(hand, render.TermCard(c, color))
		}
		return render.TermLines(fmt.Sprintf("High Card · move %d · %s %d, %s %d\nyour hand: %s",
			v.Moves, names[0], v.Scores[0], names[1], v.Scores[1], strings.Join(hand, " ")))
	},
	Describe: func(v view, p render.Params) string {
		return render.Describe(fmt.Sprintf("High Card, move %d. Your hand: %d cards.", v.Moves, len(v.Hand)), p)
	},
	Controls: func(v view, p render.Params) render.Controls {
		var row []render.Button
		for _, c := range v.Hand {
			m := move{c}.String()
			row = append(row, render.Button{Label: c.String(), Move: m, Enabled: slices.Contains(p.Legal, m)})
		}
		return render.Controls{Buttons: [][]render.Button{row}}
	},
	Private: func(v view, _ render.Params) string {
		return fmt.Sprintf("You hold %d %s.", len(v.Hand), render.Plural(len(v.Hand), "card"))
	},
})

// tableScene shows the trick in progress (or the last one) and the scores.
func tableScene(v view, names []string) *render.Scene {
	s := &render.Scene{W: 420, H: 260, Background: render.Felt}
	trick := v.Played
	if trick[0].IsNone() {
		trick = v.Last
	}
	for seat, c := range trick {
		x := 60 + seat*200
		s.Labels = append(s.Labels, render.Pill(fmt.Sprintf("%s %d", names[seat], v.Scores[seat]), image.Rect(x, 20, x+render.CardW, 52), false))
		r := image.Rect(x, 70, x+render.CardW, 70+render.CardH)
		if c.IsNone() {
			s.Piles = append(s.Piles, render.Pile{Rect: r})
			continue
		}
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: r, FaceUp: true})
	}
	return s
}

// handScene shows a seat's own cards.
func handScene(v view) *render.Scene {
	s := &render.Scene{W: 40 + handSize*(render.CardW+20), H: render.CardH + 40, Background: render.Felt}
	for i, c := range v.Hand {
		x := 20 + i*(render.CardW+20)
		s.Cards = append(s.Cards, render.Placed{Card: c, Rect: image.Rect(x, 20, x+render.CardW, 20+render.CardH), FaceUp: true})
	}
	return s
}
