package render

import (
	"slices"
	"sort"
	"strings"
)

// The move tree: for games whose moves are long phrases ("play mole A0 cmd
// 1"), a turn is a short guided sequence of choices (a Menu). The legal
// moves form a tree of words; each step offers the next word, steps with
// one choice are taken at once, and the last choice makes the move. It
// needs nothing from a game but its notation: the bot draws a step as
// Discord's select menus, the web pages as buttons.

// TreeEnd is the choice that stops at a move which is also the start of
// longer moves ("trade codebook" beside "trade codebook A").
const TreeEnd = "."

// TreeStep is the state of the choices after the words in Prefix.
type TreeStep struct {
	// Prefix is the words chosen so far, forced ones included.
	Prefix []string
	// Options are the next words to choose from (TreeEnd may be one).
	Options []string
	// Move is set when the words make exactly one whole move.
	Move string
}

// WalkTree advances from prefix through forced words among the legal
// moves (in notation) and returns the step reached.
func WalkTree(legal []string, prefix []string) TreeStep {
	for {
		next := map[string]bool{}
		whole := false
		for _, m := range legal {
			f := strings.Fields(m)
			if len(f) < len(prefix) || !slices.Equal(f[:len(prefix)], prefix) {
				continue
			}
			if len(f) == len(prefix) {
				whole = true
			} else {
				next[f[len(prefix)]] = true
			}
		}
		switch {
		case whole && len(next) == 0:
			return TreeStep{Prefix: prefix, Move: strings.Join(prefix, " ")}
		case !whole && len(next) == 1:
			for w := range next {
				prefix = append(append([]string(nil), prefix...), w)
			}
			continue
		}
		step := TreeStep{Prefix: prefix}
		for w := range next {
			step.Options = append(step.Options, w)
		}
		sort.Strings(step.Options)
		if whole {
			step.Options = append([]string{TreeEnd}, step.Options...)
		}
		return step
	}
}

// Choose follows one choice, word, from the step after prefix: the move
// it completes, else the words of the step it leads to; ok is false for a
// choice that step does not offer (a forged or stale one).
func Choose(legal []string, prefix []string, word string) (move string, next []string, ok bool) {
	step := WalkTree(legal, prefix)
	if !slices.Equal(step.Prefix, prefix) || !slices.Contains(step.Options, word) {
		return "", nil, false
	}
	if word == TreeEnd {
		return strings.Join(prefix, " "), nil, true
	}
	after := WalkTree(legal, append(slices.Clone(prefix), word))
	if after.Move != "" {
		return after.Move, nil, true
	}
	return "", after.Prefix, true
}
