package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/doublets"
)

// termCard writes a card for the terminal: "10♥", "--" for none, "RJ" and
// "BJ" for the jokers; red cards in ANSI red with color.
func termCard(c cards.Card, color bool) string {
	if c.IsNone() {
		return "--"
	}
	s := c.String()
	if c.IsJoker() {
		s = c.Code()
	}
	if color && c.Color() == cards.Red {
		return ansiRed + s + ansiReset
	}
	return s
}

// termPad fills s (which may hold colour codes) to w visible characters.
func termPad(s string, w int) string {
	n := utf8.RuneCountInString(strings.NewReplacer(ansiRed, "", ansiReset, "").Replace(s))
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// termLines ends every line without trailing blanks and the text with one
// newline.
func termLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// statusWord is the header's last part for a finished solitaire.
func statusWord(st games.Status, moves int) string {
	switch st {
	case games.Won:
		return fmt.Sprintf("WON in %d moves", moves)
	case games.Lost:
		return "LOST"
	case games.Over:
		return "OVER"
	}
	return ""
}

// DoubletsText shows a Doublets table as text for a terminal: the arch of
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
func DoubletsText(v doublets.View, color bool) string {
	var b strings.Builder
	head := []string{"Doublets", fmt.Sprintf("deal %d", v.Deal), fmt.Sprintf("move %d", v.Moves)}
	if v.Undos > 0 {
		head = append(head, plural(v.Undos, "undo"))
	}
	head = append(head, fmt.Sprintf("%d/48 home", v.Score))
	if w := statusWord(v.Status, v.Moves); w != "" {
		head = append(head, w)
	}
	b.WriteString(strings.Join(head, " · ") + "\n")

	frozen := false
	res := func(i int) string {
		if i >= len(v.Reserves) {
			return ""
		}
		r := v.Reserves[i]
		s := fmt.Sprintf("r%d %s", i+1, termCard(r.Card, color))
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
		{res(3), "next " + next, res(4)},
		{res(5), fmt.Sprintf("%s %d/48", termCard(v.Foundation.Top, color), v.Foundation.Count), res(6)},
	}
	for _, row := range grid {
		b.WriteString("    ")
		for _, cell := range row {
			b.WriteString(" " + termPad(cell, 10))
		}
		b.WriteString("\n")
	}

	waste := "w " + termCard(v.Waste.Top, color)
	if v.Waste.Blocked && !v.Waste.Top.IsNone() {
		waste += " blocked"
	}
	waste += fmt.Sprintf(" (%s)", plural(v.Waste.Size, "card"))
	passes := fmt.Sprintf("pass %d of %d, ", max(v.Pass, 1), v.Pass+v.PassesLeft)
	if v.PassesLeft == 0 {
		passes += "no redeal left"
	} else {
		passes += plural(v.PassesLeft, "redeal") + " left"
	}
	b.WriteString(strings.Join([]string{waste, fmt.Sprintf("stock %d", v.Stock), passes}, " · ") + "\n")
	if frozen {
		b.WriteString("* frozen: a King never leaves\n")
	}
	return termLines(b.String())
}
