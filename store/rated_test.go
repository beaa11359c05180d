package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Which seats a game rates, and their places.
func TestRatedSeats(t *testing.T) {
	p := func(seat int, user string, score int, won bool) Result {
		return Result{Seat: seat, UserID: user, Name: user, Score: score, Won: won}
	}
	computer := Result{Seat: 3, Name: "Computer", Computer: true, Score: 99, Won: true}
	type placed struct {
		User  string
		Place int
	}
	cases := []struct {
		name     string
		results  []Result
		standIns map[int]bool
		want     []placed
	}{
		{"nobody", nil, nil, nil},
		{"one person and a computer", []Result{p(0, "ann", 3, false), computer}, nil, nil},
		{"winners first, then by score", []Result{p(0, "ann", 3, false), p(1, "bob", 1, true), p(2, "cy", 5, false), computer},
			nil, []placed{{"bob", 1}, {"cy", 2}, {"ann", 3}}},
		{"a tie shares a place", []Result{p(0, "ann", 4, false), p(1, "bob", 4, false), p(2, "cy", 2, false)},
			nil, []placed{{"ann", 1}, {"bob", 1}, {"cy", 3}}},
		{"a stood-in seat is last, even winning", []Result{p(0, "ann", 9, true), p(1, "bob", 1, false), p(2, "cy", 0, false)},
			map[int]bool{0: true}, []placed{{"bob", 1}, {"cy", 2}, {"ann", 3}}},
		{"two stood-in seats tie last", []Result{p(0, "ann", 9, true), p(1, "bob", 1, false), p(2, "cy", 0, false)},
			map[int]bool{0: true, 2: true}, []placed{{"bob", 1}, {"ann", 2}, {"cy", 2}}},
		{"no user id: not rated", []Result{p(0, "", 9, true), p(1, "bob", 1, false)}, nil, nil},
		{"a person seated twice is not rated", []Result{p(0, "ann", 9, true), p(1, "ann", 1, false), p(2, "bob", 0, false)}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []placed
			for _, s := range ratedSeats(tc.results, tc.standIns) {
				got = append(got, placed{s.UserID, s.Place})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
