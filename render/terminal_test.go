package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games"
)

func TestTermWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"10♥ K♠", 6},
		{ANSIRed + "10♥" + ANSIReset + " K♠", 6},
		{"\x1b[1;31mred\x1b[0m", 3},
		{"→ · —", 5},
	} {
		assert.Equal(t, tc.want, TermWidth(tc.s), "%q", tc.s)
	}
}

func TestTermWrap(t *testing.T) {
	for _, tc := range []struct {
		name, s, indent string
		width           int
		want            string
	}{
		{"fits", "a short line", "", 20, "a short line"},
		{"at spaces", "one two three four five", "", 9, "one two\nthree\nfour five"},
		{"hanging indent", "tokens: A1-A2 black · A2-A3 mixed", "  ", 20, "tokens: A1-A2 black\n  · A2-A3 mixed"},
		{"keeps the lead", "  Revive a dead one in its faction", "    ", 20, "  Revive a dead one\n    in its faction"},
		{"cuts a long word", "xx " + strings.Repeat("a", 12), "", 5, "xx\naaaaa\naaaaa\naa"},
		{"keeps the columns", "  A1   Sniper     cmd → Ann    black → Bob", "      ", 30, "  A1   Sniper     cmd → Ann\n      black → Bob"},
		{"colour codes do not count", ANSIRed + "aaaa" + ANSIReset + " bbbb", "", 9, ANSIRed + "aaaa" + ANSIReset + " bbbb"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := TermWrap(tc.s, tc.width, tc.indent)
			assert.Equal(t, tc.want, got)
			for _, l := range strings.Split(got, "\n") {
				assert.LessOrEqual(t, TermWidth(l), tc.width, l)
			}
		})
	}
}

func TestStatusWordCountsMoves(t *testing.T) {
	assert.Equal(t, "WON in 1 move", StatusWord(games.Won, 1))
	assert.Equal(t, "WON in 140 moves", StatusWord(games.Won, 140))
	assert.Equal(t, "LOST", StatusWord(games.Lost, 3))
}
