package doublets

import (
	"os"
	"slices"
	"testing"
	"time"
)

// BenchmarkSolveDoublets solves a few fixed deals under a node budget.
func BenchmarkSolveDoublets(b *testing.B) {
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
	var won, lost, undecided int
	var times []time.Duration
	for d := uint64(1); d <= 200; d++ {
		start := time.Now()
		sol := Solve(Deal(d), Budget{Time: 2 * time.Second})
		times = append(times, time.Since(start))
		switch {
		case sol.Won:
			won++
		case sol.Proved:
			lost++
			t.Logf("deal %d: proved lost, best %d", d, sol.Score)
		default:
			undecided++
			t.Logf("deal %d: undecided, best found %d", d, sol.Score)
		}
		replay(t, New(d), sol)
	}
	slices.Sort(times)
	t.Logf("Doublets deals 1-200, 2 s each: solved %d, proved lost %d, undecided %d, median time %v",
		won, lost, undecided, times[len(times)/2].Round(time.Microsecond))
}
