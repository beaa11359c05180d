package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/doublefreecell"
)

// DoubleFreeCellText shows a Double FreeCell table as text for a terminal,
// labelled with the move notation: the cells a–f, the foundations h (each
// with its count, and R2 from its second round on), then the columns 1–10
// one a line, from the bottom card to the top card (the one that moves).
// With color, red cards are printed in ANSI red.
//
//	Double FreeCell · deal 123456 · move 87 · 3 undos · 31/104 home · autoplay off
//	cells  a --   b Q♥   c --   d --   e 10♠  f --
//	h      ♣ 7♣ 7/26        ♦ K♦ 13/26 R2    ♥ --             ♠ 5♠ 18/26 R2
//	 1  4♥  9♣  J♠  2♦  8♥  A♠  3♣  K♠  Q♦  J♣  10♥ 9♠  8♦  7♠  6♥
//	 2  5♦  K♣  2♠  9♥
//	 3
//	 …
func DoubleFreeCellText(v doublefreecell.View, color bool) string {
	var b strings.Builder
	cardText := func(c cards.Card) string {
		if c.IsNone() {
			return "--"
		}
		s := c.String()
		if c.IsJoker() {
			s = c.Code()
		}
		if color && c.Color() == cards.Red {
			return ANSIRed + s + ANSIReset
		}
		return s
	}
	// pad fills s (which may hold colour codes) to w visible characters.
	pad := func(s string, w int) string {
		n := utf8.RuneCountInString(strings.NewReplacer(ANSIRed, "", ANSIReset, "").Replace(s))
		if n < w {
			s += strings.Repeat(" ", w-n)
		}
		return s
	}

	head := []string{"Double FreeCell", fmt.Sprintf("deal %d", v.Deal), fmt.Sprintf("move %d", v.Moves)}
	if v.Undos > 0 {
		head = append(head, Plural(v.Undos, "undo"))
	}
	head = append(head, fmt.Sprintf("%d/104 home", v.Score))
	if !v.Autoplay && !v.Status.Finished() {
		head = append(head, "autoplay off")
	}
	switch v.Status {
	case games.Won:
		head = append(head, fmt.Sprintf("WON in %d moves", v.Moves))
	case games.Lost:
		head = append(head, "LOST")
	case games.Over:
		head = append(head, "OVER")
	}
	b.WriteString(strings.Join(head, " · "))
	b.WriteString("\n")

	b.WriteString("cells ")
	for i, c := range v.Cells {
		b.WriteString(" " + pad(fmt.Sprintf("%c %s", 'a'+i, cardText(c)), 6))
	}
	b.WriteString("\n")

	b.WriteString("h     ")
	for _, f := range v.Foundations {
		s := f.Suit.Symbol() + " " + cardText(f.Top)
		if f.Count > 0 {
			s += fmt.Sprintf(" %d/26", f.Count)
			if f.Round >= 2 {
				s += " R2"
			}
		}
		b.WriteString(" " + pad(s, 16))
	}
	b.WriteString("\n")

	for i, col := range v.Columns {
		fmt.Fprintf(&b, "%2d ", i+1)
		for _, c := range col {
			b.WriteString(" " + pad(cardText(c), 3))
		}
		b.WriteString("\n")
	}
	// no trailing blanks
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n") + "\n"
}
