package gamestest

import (
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
)

// BenchChoices runs as a benchmark the computer player c's choice in each
// of states in turn, for the seat each waits on: ns/op is the time of one
// choice, p99-ms its 99th percentile and cpu-p99-ms that of the CPU time
// (which holds still when other work shares the cores; the wall clock's
// where the system does not tell).
func BenchChoices[G games.Game](b *testing.B, c games.Computer, states []G) {
	b.Helper()
	var wall, cpu []time.Duration
	for i := 0; b.Loop(); i++ {
		st := states[i%len(states)]
		t0 := time.Now()
		c0, _ := CPUTime()
		c(st, st.ToAct()[0])
		c1, ok := CPUTime()
		if !ok {
			c1 = c0 + time.Since(t0)
		}
		wall, cpu = append(wall, time.Since(t0)), append(cpu, c1-c0)
	}
	slices.Sort(wall)
	slices.Sort(cpu)
	b.ReportMetric(float64(wall[len(wall)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(cpu[len(cpu)*99/100])/1e6, "cpu-p99-ms")
}

// Decisions plays g to its end, choose playing every seat, and returns a
// copy (made by branch) of it at each decision: each position whose seat
// to act has more than one legal move. A benchmark of computer players
// times their choices there.
func Decisions[G games.Game](tb testing.TB, g G, choose games.Computer, branch func(G) G) []G {
	tb.Helper()
	var out []G
	for !g.Status().Finished() {
		s := g.ToAct()[0]
		if len(g.Legal(s)) > 1 {
			out = append(out, branch(g))
		}
		if err := g.Apply(s, choose(g, s)); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchSolve runs as a benchmark a solver on each of deals in turn, solve
// saying how many nodes it searched: besides the time it reports the
// nodes a run of all of them searches (nodes/op), which moves only when
// the search does.
func BenchSolve(b *testing.B, deals []uint64, solve func(deal uint64) (nodes int64)) {
	b.Helper()
	var nodes int64
	for b.Loop() {
		for _, d := range deals {
			nodes += solve(d)
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
