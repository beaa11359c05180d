package doublefreecell

import (
	"fmt"
	"strings"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Text shows a Double FreeCell table as text for a terminal, labelled
// with the move notation: the table's cells (a–f in the standard game, up
// to a–g and i), the foundations h (each with its count, and R2 from its
// second round on), then the columns 1–10 one a line, from the bottom card
// to the top card (the one that moves); a column too long for 80 columns
// goes on on the next line. With color, red cards are printed in ANSI red.
//
//	Double FreeCell · deal 123456 · move 87 · 3 undos · 31/104 home · autoplay off
//	cells  a --   b Q♥   c --   d --   e 10♠  f --
//	h      ♣ 7♣ 7/26        ♦ K♦ 13/26 R2    ♥ --             ♠ 5♠ 18/26 R2
//	 1  4♥  9♣  J♠  2♦  8♥  A♠  3♣  K♠  Q♦  J♣  10♥ 9♠  8♦  7♠  6♥
//	 2  5♦  K♣  2♠  9♥
//	 3
//	 …
func Text(v game.View, color bool) string { return text(v, color, lang.English) }

// text is Text with its words in l (for the picture's description).
func text(v game.View, color bool, l lang.Lang) string {
	var b strings.Builder
	b.WriteString(status(v, l).Line())
	b.WriteString("\n")

	b.WriteString(render.TermPad(words.T(l, "cells"), 5) + " ")
	for i, c := range v.Cells {
		b.WriteString(" " + render.TermPad(game.Cell(i).String()+" "+render.TermCard(c, color), 6))
	}
	b.WriteString("\n")

	b.WriteString("h     ")
	for _, f := range v.Foundations {
		s := f.Suit.Symbol() + " " + render.TermCard(f.Top, color)
		if f.Count > 0 {
			s += fmt.Sprintf(" %d/26", f.Count)
			if f.Round >= 2 {
				s += " R2"
			}
		}
		b.WriteString(" " + render.TermPad(s, 16))
	}
	b.WriteString("\n")

	for i, col := range v.Columns {
		line := fmt.Sprintf("%2d ", i+1)
		for _, c := range col {
			line += " " + render.TermPad(render.TermCard(c, color), 3)
		}
		// A long column goes on under itself, within 80 columns.
		b.WriteString(render.TermWrap(strings.TrimRight(line, " "), 80, "    ") + "\n")
	}
	return render.TermLines(b.String())
}
