package gamestest

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
)

// SkipUnlessLong skips t unless DEALER_LONGTEST is set: a test that takes
// minutes, running what.
func SkipUnlessLong(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("DEALER_LONGTEST") == "" {
		t.Skip("set DEALER_LONGTEST=1 to run " + what)
	}
}

// SolveDeals solves deals first to last with solve, which checks what it
// found (a win replays) and says it, and logs a line of figures about the
// game name: how many deals were solved, proved lost and left undecided,
// and the median time of a solve. It returns the undecided deals.
func SolveDeals(t *testing.T, name string, first, last uint64, solve func(t *testing.T, deal uint64) games.Verdict) (undecided []uint64) {
	t.Helper()
	var solved, lost int
	var times []time.Duration
	for d := first; d <= last; d++ {
		start := time.Now()
		v := solve(t, d)
		times = append(times, time.Since(start))
		switch v {
		case games.Solvable:
			solved++
		case games.Unwinnable:
			lost++
			t.Logf("deal %d: proved lost", d)
		default:
			undecided = append(undecided, d)
			t.Logf("deal %d: undecided", d)
		}
	}
	slices.Sort(times)
	t.Logf("%s deals %d-%d: solved %d, proved lost %d, undecided %d, median time %v",
		name, first, last, solved, lost, len(undecided), times[len(times)/2].Round(time.Microsecond))
	return undecided
}
