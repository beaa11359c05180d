package render

import (
	"strings"

	"github.com/dealer/dealer/render/lang"
)

// A picture's description (its alt text) is built from the same words the
// terminal shows, so the two never disagree: the table's text with the
// terminal's layout taken out, then the selection and the moves in short.

// AltText turns terminal text into words for a screen reader: colour
// codes dropped, runs of spaces made one, "--" (an empty place) said as
// "empty", blank lines dropped; lines stay lines.
func AltText(text string) string { return AltTextIn(lang.English, text) }

// AltTextIn is AltText saying "empty" in l.
func AltTextIn(l lang.Lang, text string) string {
	empty := " " + words.T(l, "empty") + " "
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = plain(l); l == "" {
			continue
		}
		line := strings.ReplaceAll(" "+l+" ", " -- ", empty)
		lines = append(lines, strings.TrimSpace(line))
	}
	return strings.Join(lines, "\n")
}

// plain is a line without its colour codes (ESC [ digits and ; m), each
// run of spaces and tabs made one space, and trimmed. (By hand: it runs
// for every picture sent, and regular expressions cost a tenth of that.)
func plain(line string) string {
	var b strings.Builder
	b.Grow(len(line))
	space := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == ';') {
				j++
			}
			if j < len(line) && line[j] == 'm' {
				i = j
				continue
			}
		}
		if c == ' ' || c == '\t' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	return strings.TrimSpace(b.String())
}

// Describe is a picture's description from the table's terminal text: the
// text as AltText has it, the place selected, and the viewer's legal moves
// in short (alike ones written once, as GroupMoves does; as many as fit
// AltTextLimit, then how many more).
func Describe(text string, p Params) string {
	var b strings.Builder
	b.WriteString(AltTextIn(p.Lang, text))
	if p.Selected != "" {
		b.WriteString("\n" + words.T(p.Lang, "Selected: %s.", p.Selected))
	}
	if len(p.Legal) > 0 {
		b.WriteString("\n" + MovesInShortIn(p.Lang, GroupMoves(p.Legal), AltTextLimit-b.Len()-len("\n")))
	}
	return CutText(b.String(), AltTextLimit)
}

// MovesInShort lists moves as "Moves: 3 h, 10 a, … and 12 more." within
// budget bytes (at least the count is said).
func MovesInShort(legal []string, budget int) string {
	return MovesInShortIn(lang.English, legal, budget)
}

// MovesInShortIn is MovesInShort in l.
func MovesInShortIn(l lang.Lang, legal []string, budget int) string {
	head := words.T(l, "Moves:") + " "
	andMore := func(n int) string { return " " + words.T(l, "and %d more.", n) }
	out := head
	for i, m := range legal {
		more := ""
		if rest := len(legal) - i - 1; rest > 0 {
			more = andMore(rest)
		}
		sep := ", "
		if i == 0 {
			sep = ""
		}
		if len(out)+len(sep)+len(m)+len(more)+len(andMore(999)) > budget && i > 0 {
			return out + andMore(len(legal)-i)
		}
		out += sep + m
	}
	return CutText(out+".", max(budget, len(head)+len("…")))
}
