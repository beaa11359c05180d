package secretagent

import (
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
)

// BenchmarkComputerGame plays a whole game among four computer players: the
// figure behind "a 4-computer game finishes in well under a second".
func BenchmarkComputerGame(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		g := New(uint64(i%50 + 1))
		if err := PlayOut(g); err != nil {
			b.Fatal(err)
		}
	}
}

// benchmarkLevel measures one level's choice at every decision of a game
// among Normal players with more than one legal move: ns/op is the time of
// one move, p99-ms its 99th percentile and cpu-p99-ms that of the CPU time
// (which holds still when other work shares the cores).
func benchmarkLevel(b *testing.B, l games.Level) {
	c := ComputerAt(l)
	var states []*Game
	g := New(11)
	for !g.Status().Finished() {
		s := g.ToAct()[0]
		if len(g.Legal(s)) > 1 {
			states = append(states, g.branch())
		}
		if err := g.Apply(s, Choose(g, s)); err != nil {
			b.Fatal(err)
		}
	}
	var wall, cpu []time.Duration
	for i := 0; b.Loop(); i++ {
		st := states[i%len(states)]
		t0, c0 := time.Now(), cpuTime()
		c(st, st.ToAct()[0])
		wall, cpu = append(wall, time.Since(t0)), append(cpu, cpuTime()-c0)
	}
	slices.Sort(wall)
	slices.Sort(cpu)
	b.ReportMetric(float64(wall[len(wall)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(cpu[len(cpu)*99/100])/1e6, "cpu-p99-ms")
}

// BenchmarkLevelEasy, BenchmarkLevelNormal and BenchmarkLevelHard time a
// move of each level (run with -cpu 1; Hard must stay within 50 ms).
func BenchmarkLevelEasy(b *testing.B)   { benchmarkLevel(b, games.Easy) }
func BenchmarkLevelNormal(b *testing.B) { benchmarkLevel(b, games.Normal) }
func BenchmarkLevelHard(b *testing.B)   { benchmarkLevel(b, games.Hard) }
