package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSolutionAdvice(t *testing.T) {
	for _, tc := range []struct {
		name string
		sol  Solution
		want string
	}{
		{"a win", Solution{Verdict: Solvable, Moves: []string{"3 h", "a 5", "h"}}, "`3 h` — a win is still possible (3 moves)"},
		{"one move from a win", Solution{Verdict: Solvable, Moves: []string{"r3"}}, "`r3` — a win is still possible (1 move)"},
		{"lost", Solution{Verdict: Unwinnable}, "This deal can't be won from here any more. Undo, or resign."},
		{"lost, with a best line", Solution{Verdict: Unwinnable, Moves: []string{"flip"}}, "This deal can't be won from here any more. Undo, or resign."},
		{"undecided, with a line", Solution{Verdict: Unknown, Moves: []string{"w", "flip"}}, "No win found in time; a good move: `w`."},
		{"undecided", Solution{Verdict: Unknown}, "No win found in time: play on, and ask again later."},
		{"won already", Solution{Verdict: Solvable}, "No win found in time: play on, and ask again later."},
	} {
		assert.Equal(t, tc.want, tc.sol.Advice(), tc.name)
	}
}
