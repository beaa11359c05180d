package rating

import "sort"

// Rank sorts xs best first, ahead telling whether a comes before b, and
// keeps the order of those it cannot tell apart; it returns each one's
// place, in the sorted order: 1 for the first, equals share a place and
// the next place counts them all (1, 1, 3), as Rate reads them.
func Rank[T any](xs []T, ahead func(a, b T) bool) []int {
	sort.SliceStable(xs, func(i, j int) bool { return ahead(xs[i], xs[j]) })
	places := make([]int, len(xs))
	for i := range xs {
		places[i] = i + 1
		if i > 0 && !ahead(xs[i-1], xs[i]) {
			places[i] = places[i-1]
		}
	}
	return places
}
