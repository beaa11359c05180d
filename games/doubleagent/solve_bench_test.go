package doubleagent

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
)

// BenchmarkSolveDoubleAgent solves a few fixed deals under a node budget.
func BenchmarkSolveDoubleAgent(b *testing.B) {
	deals := []uint64{1, 2, 3, 5, 8}
	var nodes int64
	for b.Loop() {
		for _, d := range deals {
			nodes += Solve(Deal(d), Budget{Nodes: 200_000}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestSolveDeals200 solves deals 1–200 with 2 s each and prints the
// figures. It takes minutes: it runs only with DEALER_LONGTEST=1.
func TestSolveDeals200(t *testing.T) {
	if os.Getenv("DEALER_LONGTEST") == "" {
		t.Skip("set DEALER_LONGTEST=1 to run deals 1–200 with 2 s each")
	}
	var solved, lost, undecided, moves int
	var times []time.Duration
	for d := uint64(1); d <= 200; d++ {
		start := time.Now()
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		times = append(times, time.Since(start))
		switch sol.Result {
		case Solved:
			solved++
			moves += len(sol.Moves)
			g := New(d)
			for _, m := range sol.Moves {
				if err := games.Play(g, 0, m); err != nil {
					t.Fatalf("deal %d: %s: %v", d, m, err)
				}
			}
			if g.Status() != games.Won {
				t.Fatalf("deal %d: the line does not win", d)
			}
		case NoWin:
			lost++
			t.Logf("deal %d: proved lost", d)
		default:
			undecided++
			t.Logf("deal %d: undecided", d)
		}
	}
	slices.Sort(times)
	t.Logf("Double Agent deals 1-200, 2 s each: solved %d, proved lost %d, undecided %d, median time %v, mean winning line %d moves",
		solved, lost, undecided, times[len(times)/2].Round(time.Microsecond), moves/max(solved, 1))
}
