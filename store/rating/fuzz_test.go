package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzRate plays a game of 2 to 5 players read from the fuzzer's bytes
// (each a mean, an uncertainty and a rank) and checks what must always
// hold: every rating finite, no uncertainty above the prior's with Tau
// added, and the same results in whatever order the players come.
func FuzzRate(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 1}, uint8(1))
	f.Add([]byte{200, 10, 1, 20, 250, 1, 128, 128, 3}, uint8(2))
	f.Add([]byte{255, 255, 5, 0, 1, 4, 90, 30, 3, 7, 7, 2, 60, 200, 1}, uint8(4))
	f.Fuzz(func(t *testing.T, b []byte, rot uint8) {
		players, ranks := game(b)
		if len(players) < 2 {
			return
		}
		after := Rate(players, ranks)
		for i, r := range after {
			require.False(t, math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0), "player %d: mu %v", i, r.Mu)
			require.False(t, math.IsNaN(r.Sigma) || math.IsInf(r.Sigma, 0), "player %d: sigma %v", i, r.Sigma)
			require.Greater(t, r.Sigma, 0.0)
			bound := math.Sqrt(players[i].Sigma*players[i].Sigma + Tau*Tau)
			require.LessOrEqual(t, r.Sigma, bound+1e-12, "player %d: sigma grows only by Tau", i)
		}
		// The players in another order: the same ratings, in that order.
		perm := permutation(len(players), int(rot))
		shuffled, shuffledRanks := make([]Rating, len(players)), make([]int, len(players))
		for i, p := range perm {
			shuffled[i], shuffledRanks[i] = players[p], ranks[p]
		}
		again := Rate(shuffled, shuffledRanks)
		for i, p := range perm {
			assert.InDelta(t, after[p].Mu, again[i].Mu, 1e-9)
			assert.InDelta(t, after[p].Sigma, again[i].Sigma, 1e-9)
		}
	})
}

// game reads up to five players from b, three bytes each: a mean from
// -100 to 155, an uncertainty from 0.05 to 25.6, a rank from 1 to 5.
func game(b []byte) ([]Rating, []int) {
	var players []Rating
	var ranks []int
	for i := 0; i+2 < len(b) && len(players) < 5; i += 3 {
		players = append(players, Rating{Mu: float64(b[i]) - 100, Sigma: (float64(b[i+1]) + 0.5) / 10})
		ranks = append(ranks, 1+int(b[i+2])%5)
	}
	return players, ranks
}

// permutation is one of the n! orders of 0..n-1, the k-th modulo n!.
func permutation(n, k int) []int {
	left := make([]int, n)
	for i := range left {
		left[i] = i
	}
	var out []int
	for m := n; m > 0; m-- {
		i := k % m
		k /= m
		out = append(out, left[i])
		left = append(left[:i], left[i+1:]...)
	}
	return out
}
