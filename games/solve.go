package games

import (
	"fmt"
	"time"
)

// Verdict is what a solver found out about a position.
type Verdict int

// The verdicts.
const (
	// Unknown: the budget ran out before the solver decided.
	Unknown Verdict = iota
	// Solvable: Moves lead to a win.
	Solvable
	// Unwinnable: the solver proved that no line wins from here.
	Unwinnable
)

var verdictNames = [...]string{"unknown", "solved", "lost"}

// String returns "unknown", "solved" or "lost".
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return "unknown"
	}
	return verdictNames[v]
}

// MarshalText writes the verdict's name, for JSON.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Solution is a solver's answer for a solitaire position.
type Solution struct {
	Verdict Verdict `json:"verdict"`
	// Moves is a winning line from the position (Solvable), or the line to
	// the best score found (Doublets, where a win may be out of reach).
	Moves []string `json:"moves"`
	// Score is the score Moves reach.
	Score int `json:"score"`
	// States counts the positions the solver looked at.
	States  int           `json:"states"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Solver solves a solitaire from its current position within a time budget.
// It must not change g.
type Solver func(g Game, budget time.Duration) Solution

// Advice says what the solution means for the player who asked for a hint:
// the bot's and the terminal's wording.
func (s Solution) Advice() string {
	switch {
	case s.Verdict == Solvable && len(s.Moves) > 0:
		n := fmt.Sprintf("%d moves", len(s.Moves))
		if len(s.Moves) == 1 {
			n = "1 move"
		}
		return fmt.Sprintf("`%s` — a win is still possible (%s)", s.Moves[0], n)
	case s.Verdict == Unwinnable:
		return "This deal can't be won from here any more. Undo, or resign."
	case s.Verdict == Unknown && len(s.Moves) > 0:
		return fmt.Sprintf("No win found in time; a good move: `%s`.", s.Moves[0])
	}
	return "No win found in time: play on, and ask again later."
}
