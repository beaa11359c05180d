package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNew(t *testing.T) {
	r := New()
	assert.Equal(t, Rating{Mu: 25, Sigma: 25.0 / 3}, r)
	assert.InDelta(t, 0, r.Ordinal(), 1e-12, "a new player shows 0")
	assert.InDelta(t, 4, Rating{Mu: 10, Sigma: 2}.Ordinal(), 1e-12)
}

// What Rate does with each kind of game, seen from its shape: winners go
// up, losers down, ties alike, nothing without a game.
func TestRateShapes(t *testing.T) {
	n := New()
	cases := []struct {
		name    string
		players []Rating
		ranks   []int
		check   func(t *testing.T, before, after []Rating)
	}{
		{"nobody", nil, nil, func(t *testing.T, before, after []Rating) { assert.Empty(t, after) }},
		{"one player", []Rating{n}, []int{1}, unchanged},
		{"ranks missing", []Rating{n, n}, []int{1}, unchanged},
		{"two, first wins", []Rating{n, n}, []int{1, 2}, func(t *testing.T, before, after []Rating) {
			assert.Greater(t, after[0].Mu, before[0].Mu)
			assert.Less(t, after[1].Mu, before[1].Mu)
			assert.InDelta(t, before[0].Mu-after[0].Mu, after[1].Mu-before[1].Mu, 1e-9, "equals move alike")
			assert.Less(t, after[0].Sigma, before[0].Sigma)
		}},
		{"two, second wins", []Rating{n, n}, []int{2, 1}, func(t *testing.T, before, after []Rating) {
			assert.Less(t, after[0].Mu, after[1].Mu)
		}},
		{"a tie of equals", []Rating{n, n, n}, []int{1, 1, 1}, func(t *testing.T, before, after []Rating) {
			assert.InDelta(t, after[0].Mu, after[1].Mu, 1e-12)
			assert.InDelta(t, after[1].Mu, after[2].Mu, 1e-12)
			assert.InDelta(t, before[0].Mu, after[0].Mu, 1e-9, "nobody learnt who is better")
		}},
		{"gaps in ranks count as order", []Rating{n, n, n}, []int{1, 7, 7}, func(t *testing.T, _, after []Rating) {
			assert.Equal(t, Rate([]Rating{n, n, n}, []int{1, 2, 2}), after)
		}},
		{"five in order", []Rating{n, n, n, n, n}, []int{1, 2, 3, 4, 5}, func(t *testing.T, _, after []Rating) {
			for i := 1; i < len(after); i++ {
				assert.Greater(t, after[i-1].Ordinal(), after[i].Ordinal(), "place %d above %d", i, i+1)
			}
		}},
		{"an upset moves more", []Rating{{Mu: 35, Sigma: 3}, {Mu: 15, Sigma: 3}}, []int{2, 1}, func(t *testing.T, before, after []Rating) {
			expected := Rate([]Rating{{Mu: 35, Sigma: 3}, {Mu: 15, Sigma: 3}}, []int{1, 2})
			assert.Greater(t, before[0].Mu-after[0].Mu, expected[0].Mu-before[0].Mu)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := append([]Rating(nil), tc.players...)
			after := Rate(tc.players, tc.ranks)
			assert.Equal(t, before, tc.players, "Rate changes not its arguments")
			assert.Len(t, after, len(tc.players))
			tc.check(t, before, after)
		})
	}
}

func unchanged(t *testing.T, before, after []Rating) { assert.Equal(t, before, after) }
