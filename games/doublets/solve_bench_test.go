package doublets

import (
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
)

// BenchmarkSolveDoublets solves a few fixed deals under a node budget.
func BenchmarkSolveDoublets(b *testing.B) {
	gamestest.BenchSolve(b, []uint64{1, 2, 3, 5, 8}, func(d uint64) int64 { return Solve(Deal(d), Budget{Nodes: 200_000}).Nodes })
}

// TestSolveDeals200 solves deals 1–200 with 2 s each, replays every
// solution to its score and prints the figures. It takes minutes: it runs
// only with DEALER_LONGTEST=1.
func TestSolveDeals200(t *testing.T) {
	gamestest.SkipUnlessLong(t, "deals 1–200 with 2 s each")
	gamestest.SolveDeals(t, "Doublets", 1, 200, func(t *testing.T, d uint64) games.Verdict {
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		replay(t, New(d), sol)
		switch {
		case sol.Won:
			return games.Solvable
		case sol.Proved:
			t.Logf("deal %d: best %d", d, sol.Score)
			return games.Unwinnable
		}
		t.Logf("deal %d: best found %d", d, sol.Score)
		return games.Unknown
	})
}
