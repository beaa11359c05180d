package doublets

import (
	"fmt"
	"strings"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Text shows a Doublets table as text for a terminal: the arch of
// reserves r1–r7 round the foundation (with its count and the rank it needs
// next), then waste, stock and passes. A frozen reserve is marked *, a
// blocked waste "blocked". With color, red cards are printed in ANSI red.
//
//	Doublets · deal 4242 · move 57 · 2 undos · 14/48 home
//	     r1 7♣      r2 Q♥      r3 K♠*
//	     r4 3♦      next 3     r5 9♣
//	     r6 5♠      8♦ 14/48   r7 2♥
//	w K♥ blocked (11 cards) · stock 23 · pass 2 of 3, 1 redeal left
//	* frozen: a King never leaves
func Text(v game.View, color bool) string { return text(v, color, lang.English) }

// text is Text with its words in l (for the picture's description).
func text(v game.View, color bool, l lang.Lang) string {
	var b strings.Builder
	b.WriteString(status(v, l).Line() + "\n")

	frozen := false
	res := func(i int) string {
		if i >= len(v.Reserves) {
			return ""
		}
		r := v.Reserves[i]
		s := fmt.Sprintf("r%d %s", i+1, render.TermCard(r.Card, color))
		if r.Frozen && !r.Card.IsNone() {
			s += "*"
			frozen = true
		}
		return s
	}
	next := v.Foundation.NextName
	if next == "" {
		next = "—"
	}
	grid := [3][3]string{
		{res(0), res(1), res(2)},
		{res(3), words.T(l, "next %s", next), res(4)},
		{res(5), fmt.Sprintf("%s %d/48", render.TermCard(v.Foundation.Top, color), v.Foundation.Count), res(6)},
	}
	for _, row := range grid {
		b.WriteString("    ")
		for _, cell := range row {
			b.WriteString(" " + render.TermPad(cell, 10))
		}
		b.WriteString("\n")
	}

	waste := "w " + render.TermCard(v.Waste.Top, color)
	if v.Waste.Blocked && !v.Waste.Top.IsNone() {
		waste += " " + words.T(l, "blocked")
	}
	waste += " (" + words.N(l, v.Waste.Size, "%d card", "%d cards") + ")"
	passes := words.T(l, "pass %d of %d", max(v.Pass, 1), v.Pass+v.PassesLeft) + ", "
	if v.PassesLeft == 0 {
		passes += words.T(l, "no redeal left")
	} else {
		passes += words.N(l, v.PassesLeft, "%d redeal left", "%d redeals left")
	}
	b.WriteString(strings.Join([]string{waste, words.T(l, "stock %d", v.Stock), passes}, " · ") + "\n")
	if frozen {
		b.WriteString(words.T(l, "* frozen: a King never leaves") + "\n")
	}
	return render.TermLines(b.String())
}
