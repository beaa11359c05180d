package rendertest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// RequireLinesFit stops t unless every line of text is at most n
// characters long (a terminal has 80 columns); where says at what point
// of the game the text was written.
func RequireLinesFit(t testing.TB, text string, n int, where string) {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if w := utf8.RuneCountInString(l); w > n {
			t.Fatalf("%s: a line of %d columns: %s", where, w, l)
		}
	}
}
