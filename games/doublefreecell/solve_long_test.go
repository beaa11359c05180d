package doublefreecell

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cpuTime is the process's CPU time (gamestest.CPUTime): with GOMAXPROCS
// 1, one core's work, fairer than the wall clock on a shared machine.
func cpuTime() time.Duration {
	c, _ := gamestest.CPUTime()
	return c
}

// TestSolveDeals1000 is issue 17's bar: every deal of 1–1000 decided (won
// or proved lost) within 10 s of one core's CPU time, each win replayed
// through games.Play. It takes many minutes: it runs only with
// DEALER_LONGTEST=1. fcsbench gives the same figures beside fc-solve's.
func TestSolveDeals1000(t *testing.T) {
	gamestest.SkipUnlessLong(t, "deals 1–1000 with 10 s each")
	if _, ok := gamestest.CPUTime(); !ok {
		t.Skip("this system does not tell the process's CPU time")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var solved, lost int
	var undecided []uint64
	var times []time.Duration
	var sum time.Duration
	for d := uint64(1); d <= 1000; d++ {
		r := Solve(New(d), Budget{Time: 10 * time.Second, Clock: cpuTime})
		times, sum = append(times, r.Elapsed), sum+r.Elapsed
		switch r.Status {
		case Solved:
			solved++
			g := New(d)
			for i, m := range r.Moves {
				require.NoError(t, games.Play(g, 0, m.String()), "deal %d, move %d %q", d, i+1, m)
			}
			require.Equal(t, games.Won, g.Status(), "deal %d", d)
		case Lost:
			lost++
			t.Logf("deal %d: proved lost", d)
		default:
			undecided = append(undecided, d)
			t.Logf("deal %d: undecided after %d positions", d, r.States)
		}
	}
	slices.Sort(times)
	t.Logf("deals 1–1000, 10 s of CPU each: solved %d, proved lost %d, undecided %d %v, median %.3f s, mean %.3f s",
		solved, lost, len(undecided), undecided, times[(len(times)-1)/2].Seconds(), (sum / time.Duration(len(times))).Seconds())
	assert.Empty(t, undecided)
}
