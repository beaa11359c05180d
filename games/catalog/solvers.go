package catalog

import (
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
)

// solverMemory bounds one search's tables, so that several hints at once
// stay well inside a small machine.
const solverMemory = 64 << 20

// The adapters from each game's own solver to games.Solver.

func solveDoubleFreeCell(g games.Game, budget time.Duration) games.Solution {
	r := doublefreecell.Solve(g.(*doublefreecell.Game), doublefreecell.Budget{Time: budget, Memory: solverMemory})
	sol := games.Solution{Verdict: verdict(r.Status == doublefreecell.Solved, r.Status == doublefreecell.Lost), States: r.States, Elapsed: r.Elapsed}
	for _, m := range r.Moves {
		sol.Moves = append(sol.Moves, m.String())
	}
	if sol.Verdict == games.Solvable {
		sol.Score = 104
	}
	return sol
}

func solveDoublets(g games.Game, budget time.Duration) games.Solution {
	start := time.Now()
	r := doublets.SolveGame(g.(*doublets.Game), doublets.Budget{Time: budget, Entries: solverMemory / 100})
	return games.Solution{
		Verdict: verdict(r.Won, r.Proved && !r.Won),
		Moves:   r.Moves, Score: r.Score, States: int(r.Nodes), Elapsed: time.Since(start),
	}
}

func solveDoubleAgent(g games.Game, budget time.Duration) games.Solution {
	start := time.Now()
	r := doubleagent.Solve(g.(*doubleagent.Game).Position(), doubleagent.Budget{Time: budget, Entries: solverMemory / 64})
	sol := games.Solution{
		Verdict: verdict(r.Result == doubleagent.Solved, r.Result == doubleagent.NoWin),
		Moves:   r.Moves, States: int(r.Nodes), Elapsed: time.Since(start),
	}
	if sol.Verdict == games.Solvable {
		sol.Score = 54
	}
	return sol
}

func verdict(won, lost bool) games.Verdict {
	switch {
	case won:
		return games.Solvable
	case lost:
		return games.Unwinnable
	}
	return games.Unknown
}
