package rating

import (
	"math"
	"sort"
)

// Rate returns the players' new ratings after one game, in the order
// given: ranks[i] is player i's place (1 the best; equal ranks tie; only
// their order counts, so 1, 3, 3 is 1, 2, 2). Fewer than two players, or
// a rank missing or extra, change nothing: the ratings come back as given.
// The players' order changes nothing either: the same game in another
// order gives the same ratings, in that order.
func Rate(players []Rating, ranks []int) []Rating {
	out := make([]Rating, len(players))
	copy(out, players)
	if len(players) < 2 || len(ranks) != len(players) {
		return out
	}
	// Tau first: every game adds a little uncertainty.
	before := make([]Rating, len(players))
	for i, p := range players {
		before[i] = Rating{Mu: p.Mu, Sigma: math.Sqrt(p.Sigma*p.Sigma + Tau*Tau)}
	}
	order := byRank(ranks)
	c := spread(before)
	for i := range out {
		out[i] = update(before, ranks, order, c, i)
	}
	return out
}

// byRank is the players' indexes from the best placed (ties in the order
// given).
func byRank(ranks []int) []int {
	order := make([]int, len(ranks))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ranks[order[a]] < ranks[order[b]] })
	return order
}

// spread is the paper's c: the square root of every player's variance
// plus Beta².
func spread(players []Rating) float64 {
	var sum float64
	for _, p := range players {
		sum += p.Sigma*p.Sigma + Beta*Beta
	}
	return math.Sqrt(sum)
}
