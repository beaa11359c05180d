// Package catalog is the list of games the dealer offers: the one place that
// knows every game package.
package catalog

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
)

// Registry returns a registry of every game the dealer offers, with the
// solitaires' solvers attached.
func Registry() *games.Registry {
	return games.NewRegistry(
		withSolver(doublefreecell.Info, solveDoubleFreeCell),
		withSolver(doubleagent.Info, solveDoubleAgent),
		withSolver(doublets.Info, solveDoublets),
		secretagent.Info,
		theagents.Info,
	)
}

func withSolver(info games.Info, s games.Solver) games.Info {
	info.Solve = s
	return info
}
