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

// The four-colour deck at the terminal: diamonds blue, clubs green, the
// rest as it was, and no width changed.
func TestFourColourText(t *testing.T) {
	in := "cells  a " + ANSIRed + "Q♥" + ANSIReset + "  b " + ANSIRed + "10♦" + ANSIReset + "  c 10♣  d K♠\n" +
		"h      ♣ 7♣ 7/26   ♦ " + ANSIRed + "K♦" + ANSIReset + " 13/26\n 1  A♣ 2♣ " + ANSIRed + "RJ" + ANSIReset + "\n"
	got := FourColourText(in)
	assert.Equal(t, "cells  a "+ANSIRed+"Q♥"+ANSIReset+"  b "+ANSIBlue+"10♦"+ANSIReset+"  c "+ANSIGreen+"10♣"+ANSIReset+"  d K♠\n"+
		"h      ♣ "+ANSIGreen+"7♣"+ANSIReset+" 7/26   ♦ "+ANSIBlue+"K♦"+ANSIReset+" 13/26\n 1  "+ANSIGreen+"A♣"+ANSIReset+" "+ANSIGreen+"2♣"+ANSIReset+" "+ANSIRed+"RJ"+ANSIReset+"\n", got)
	for i, l := range strings.Split(got, "\n") {
		assert.Equal(t, TermWidth(strings.Split(in, "\n")[i]), TermWidth(l))
	}
	assert.Equal(t, "no cards here", FourColourText("no cards here"))
}
