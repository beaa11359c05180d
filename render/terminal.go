package render

// Text for the terminal: cards in ANSI colour, padding, tidy lines, and
// the words for a finished solitaire. Every game's terminal text uses them.

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/render/lang"
)

// ANSI colour codes for the terminal.
const (
	ANSIRed   = "\x1b[31m"
	ANSIReset = "\x1b[0m"
	// The four-colour deck's diamonds and clubs (FourColourText).
	ANSIBlue  = "\x1b[34m"
	ANSIGreen = "\x1b[32m"
)

// TermCard writes a card for the terminal: "10♥", "--" for none, "RJ" and
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

// The cards TermCard writes in colour that FourColourText recolours: a
// red diamond, and a club (which TermCard leaves plain), each a rank and
// its suit not within a longer word.
var (
	redDiamond = regexp.MustCompile(`\x1b\[31m((?:10|[2-9AJQK])♦)\x1b\[0m`)
	plainClub  = regexp.MustCompile(`(^|[^0-9A-Za-z])((?:10|[2-9AJQK])♣)`)
)

// FourColourText recolours the cards of a terminal text written with
// TermCard in colour for the four-colour deck: diamonds in ANSI blue,
// clubs in green (hearts stay red, spades plain). Every game's text
// takes it as it is; the widths, which colour codes do not count in, are
// unchanged.
func FourColourText(s string) string {
	s = redDiamond.ReplaceAllString(s, ANSIBlue+"$1"+ANSIReset)
	return plainClub.ReplaceAllString(s, "$1"+ANSIGreen+"$2"+ANSIReset)
}

// TermPad fills s (which may hold colour codes) to w visible characters.
func TermPad(s string, w int) string {
	if n := TermWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// TermLines ends every line without trailing blanks and the text with one
// newline.
func TermLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// StatusWord is the header's last part for a finished solitaire.
func StatusWord(st games.Status, moves int) string { return StatusWordIn(lang.English, st, moves) }

// StatusWordIn is StatusWord in l.
func StatusWordIn(l lang.Lang, st games.Status, moves int) string {
	switch st {
	case games.Won:
		return words.N(l, moves, "WON in %d move", "WON in %d moves")
	case games.Lost:
		return words.T(l, "LOST")
	case games.Over:
		return words.T(l, "OVER")
	}
	return ""
}

// TermWidth is how many columns s takes at the terminal: its runes, ANSI
// escape sequences (such as the colour codes) excluded.
func TermWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if j, ok := escapeEnd(s, i); ok {
			i = j
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

// escapeEnd is the index just after the ANSI escape sequence (ESC [ …
// final byte) that starts at s[i], and whether one starts there.
func escapeEnd(s string, i int) (int, bool) {
	if s[i] != '\x1b' || i+1 >= len(s) || s[i+1] != '[' {
		return i, false
	}
	j := i + 2
	for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
		j++
	}
	return j + 1, true
}

// TermWrap breaks the line s into lines of at most width columns (as
// TermWidth counts them), at spaces; the spaces within a line stay as they
// are, so columns keep their alignment. The lines after the first start
// with indent; a word too long for a line is cut. The lines are joined
// with newlines, without a final one.
func TermWrap(s string, width int, indent string) string {
	var lines []string
	room := width
	for TermWidth(s) > room {
		head, rest := breakAt(s, room)
		lines = append(lines, head)
		s = indent + rest
		room = width
		if TermWidth(indent) >= width {
			s, room = rest, width
		}
	}
	return strings.Join(append(lines, s), "\n")
}

// breakAt splits s at the last space that leaves at most width columns
// before it (or, with none, after width columns), without the spaces at
// the break.
func breakAt(s string, width int) (string, string) {
	col, cut, lastSpace, inWord := 0, -1, -1, false
	for i := 0; i < len(s); {
		if j, ok := escapeEnd(s, i); ok {
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == ' ' && inWord && col <= width {
			lastSpace = i
		}
		inWord = r != ' '
		if col == width && cut < 0 {
			cut = i
		}
		col++
		i += size
	}
	if lastSpace > 0 && strings.TrimSpace(s[:lastSpace]) != "" {
		return strings.TrimRight(s[:lastSpace], " "), strings.TrimLeft(s[lastSpace:], " ")
	}
	if cut < 0 {
		return s, ""
	}
	return s[:cut], strings.TrimLeft(s[cut:], " ")
}
