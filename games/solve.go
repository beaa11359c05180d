package games

import "time"

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
