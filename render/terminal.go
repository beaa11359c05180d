package render

// Text for the terminal: cards in ANSI colour, padding, tidy lines, and
// the words for a finished solitaire. Every game's terminal text uses them.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// ANSI colour codes for the terminal.
const (
	ANSIRed   = "\x1b[31m"
	ANSIReset = "\x1b[0m"
)

// termCard writes a card for the terminal: "10♥", "--" for none, "RJ" and
// "BJ" for the jokers; red cards in ANSI red with color.
func TermCard(c cards.Card, color bool) string {
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

// termPad fills s (which may hold colour codes) to w visible characters.
func TermPad(s string, w int) string {
	n := utf8.RuneCountInString(strings.NewReplacer(ANSIRed, "", ANSIReset, "").Replace(s))
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// termLines ends every line without trailing blanks and the text with one
// newline.
func TermLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// statusWord is the header's last part for a finished solitaire.
func StatusWord(st games.Status, moves int) string {
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
