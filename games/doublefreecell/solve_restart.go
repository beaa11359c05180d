package doublefreecell

import "github.com/dealer/dealer/games/solving"

// Restarts. One weighting's search time on a deal is heavy-tailed: a
// weighting that gets lost in a deal may need millions of positions where
// another wins in a few thousand, and which one wins fast differs from deal
// to deal. So each of Solve's searches runs only up to a cap; then it is
// dropped (its memory with it) and a new search with the next weighting
// takes its place. The caps follow Luby's sequence (1 1 2 1 1 2 4 1 1 2 …
// times restartUnit): without knowing the distribution it comes within a
// logarithmic factor of the best fixed cap, and it grows without bound, so
// a search that must go long (or run out of positions, proving a loss)
// still gets to.

// restartUnit is the positions of the shortest run (a variable for tests,
// as is portfolioCap).
var restartUnit = 8_000

// portfolioCap is the positions each search of the portfolio may expand
// before its place goes to restarting runs: the portfolio wins most deals
// fast, the restarts the rest.
var portfolioCap = 30_000

// luby returns the i-th term (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 …
func luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// runCap is the positions run k (from 0) may expand before it restarts.
func runCap(k int) int { return restartUnit * luby(k+1) }

// drawWeights returns restarting run k's weights, drawn from a fixed
// pseudo-random sequence (the same on every run): each feature's weight
// within the range where the portfolio's lie or a little wider, the weight
// of low, which the portfolio leaves out, in 4–27, and noise of 800–3,200
// cost units (13 to 53 cards up). The noise is what wins the hard deals:
// on 14 deals where the portfolio stalls, runs with noise of 1,500 won
// within 20,000 positions six times as often as runs without (83 runs of
// 336 against 13), those with 400 or 3,000 four and five times as often.
func drawWeights(k int) *weights {
	r := splitmix{uint64(k)*0x9e3779b97f4a7c15 + 0x2545f4914f6cdd1d}
	w := &weights{
		up:    60,
		cell:  int32(3 + r.below(18)),
		col:   int32(10 + r.below(41)),
		brk:   int32(2 + r.below(14)),
		depth: int32(r.below(3)),
		low:   int32(4 + r.below(24)),
	}
	w.noise, w.salt = int32(800+r.below(2401)), r.s|1
	// dig: a first weight, then each a fraction of the one before.
	d, ratio, n := 5+r.below(46), 30+r.below(71), 2+r.below(4)
	for range n {
		w.dig = append(w.dig, int32(d))
		d = d * ratio / 100
	}
	return w
}

// splitmix is a small deterministic pseudo-random sequence (splitmix64).
type splitmix struct{ s uint64 }

// below returns a number in [0, n).
func (r *splitmix) below(n int) int {
	r.s += 0x9e3779b97f4a7c15
	return int(solving.Mix(r.s) % uint64(n))
}
