package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRank(t *testing.T) {
	higher := func(a, b int) bool { return a > b }
	cases := []struct {
		name   string
		scores []int
		sorted []int
		places []int
	}{
		{"nobody", nil, nil, []int{}},
		{"one", []int{4}, []int{4}, []int{1}},
		{"in order", []int{9, 5, 1}, []int{9, 5, 1}, []int{1, 2, 3}},
		{"reversed", []int{1, 5, 9}, []int{9, 5, 1}, []int{1, 2, 3}},
		{"a tie first", []int{3, 7, 7}, []int{7, 7, 3}, []int{1, 1, 3}},
		{"a tie last", []int{2, 8, 2, 5}, []int{8, 5, 2, 2}, []int{1, 2, 3, 3}},
		{"all level", []int{6, 6, 6}, []int{6, 6, 6}, []int{1, 1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			places := Rank(c.scores, higher)
			assert.Equal(t, c.sorted, c.scores, "sorted best first, in place")
			assert.Equal(t, c.places, places)
		})
	}
}

// Equals keep the order they came in: a tie is never broken by the sort.
func TestRankKeepsTheOrderOfEquals(t *testing.T) {
	type seat struct{ name, score int }
	seats := []seat{{0, 1}, {1, 4}, {2, 1}, {3, 4}}
	places := Rank(seats, func(a, b seat) bool { return a.score > b.score })
	assert.Equal(t, []seat{{1, 4}, {3, 4}, {0, 1}, {2, 1}}, seats)
	assert.Equal(t, []int{1, 1, 3, 3}, places)
}
