package cli

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// safeText is s fit to print at a terminal, for every text the terminal
// shows that it did not write itself: players' names (from Discord, or
// from another process sharing the database), games' names and reasons
// read from the store. A name is anyone's choice, and a terminal obeys
// what it prints: an escape sequence could clear the screen, retitle the
// window, write a link or answer back; a bidi override could turn the
// rest of the line around. So escape sequences (CSI, OSC, DCS and the
// rest, by ESC or by their C1 codes) are removed whole, line breaks and
// tabs become spaces, every other control character (C0, DEL, C1), bidi
// control and BOM is removed, and bytes that are not UTF-8 become U+FFFD.
// A text with nothing printable left is "?".
func safeText(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\x1b':
			i = skipEscape(s, i)
		case r == 0x9b: // C1 CSI
			i = skipCSI(s, i)
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // C1 DCS, SOS, OSC, PM, APC
			i = skipString(s, i)
		case r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f' || r == 0x85 || r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		case unicode.IsControl(r) || isBidiControl(r) || r == '\ufeff':
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if strings.TrimSpace(out) == "" && strings.TrimSpace(s) != "" {
		return "?"
	}
	return out
}

// isPlain reports whether s is printable ASCII alone: nothing to do.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// isBidiControl reports whether r changes the direction of the text
// around it: the embeddings, overrides and isolates, and the marks.
func isBidiControl(r rune) bool {
	switch {
	case r == '\u061c', r == '\u200e', r == '\u200f':
		return true
	case r >= '\u202a' && r <= '\u202e':
		return true
	case r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// skipEscape skips an escape sequence whose ESC ended before s[i]: CSI
// (ESC [), the strings (ESC ] P X ^ _, to BEL or ST), or ESC, its
// intermediate bytes and a final one.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	return skipSequence(s, i, 0x2f) // intermediates, then a final byte from 0
}

// skipCSI skips a control sequence's parameters, intermediates and final
// byte, from s[i].
func skipCSI(s string, i int) int { return skipSequence(s, i, 0x3f) }

// skipSequence skips the bytes from 0x20 up to last (inclusive) from s[i],
// then the final byte, one from last+1 to 0x7e, if there is one.
func skipSequence(s string, i int, last byte) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= last {
		i++
	}
	if i < len(s) && s[i] > last && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString skips a control string (OSC, DCS…) from s[i] to its end: BEL,
// ST (ESC \ or C1's), or the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\a' || r == 0x9c:
			return i + size
		case r == '\x1b':
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i // a new sequence: the caller reads it
		}
		i += size
	}
	return i
}
