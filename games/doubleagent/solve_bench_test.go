package doubleagent

import (
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// BenchmarkSolveDoubleAgent solves a few fixed deals under a node budget.
func BenchmarkSolveDoubleAgent(b *testing.B) {
	gamestest.BenchSolve(b, []uint64{1, 2, 3, 5, 8}, func(d uint64) int64 { return Solve(Deal(d), Budget{Nodes: 200_000}).Nodes })
}

// TestSolveDeals200 solves deals 1–200 with 2 s each, replays every win
// and prints the figures. It takes minutes: it runs only with
// DEALER_LONGTEST=1.
func TestSolveDeals200(t *testing.T) {
	gamestest.SkipUnlessLong(t, "deals 1–200 with 2 s each")
	var wins, moves int
	gamestest.SolveDeals(t, "Double Agent", 1, 200, func(t *testing.T, d uint64) games.Verdict {
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		switch sol.Result {
		case Solved:
			g := New(d)
			for _, m := range sol.Moves {
				require.NoError(t, games.Play(g, 0, m), "deal %d: %s", d, m)
			}
			require.Equal(t, games.Won, g.Status(), "deal %d: the line does not win", d)
			wins, moves = wins+1, moves+len(sol.Moves)
			return games.Solvable
		case NoWin:
			return games.Unwinnable
		}
		return games.Unknown
	})
	t.Logf("mean winning line %d moves", moves/max(wins, 1))
}
