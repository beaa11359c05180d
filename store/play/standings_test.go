package play_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

func TestStandings(t *testing.T) {
	tests := []struct {
		name    string
		scores  []int
		winners []games.Seat
		want    []play.Standing
	}{
		{"by score", []int{53, 199, 69, 125}, []games.Seat{1}, []play.Standing{
			{Seat: 1, Score: 199, Place: 1, Won: true}, {Seat: 3, Score: 125, Place: 2},
			{Seat: 2, Score: 69, Place: 3}, {Seat: 0, Score: 53, Place: 4}}},
		{"a shared win", []int{40, 12, 40}, []games.Seat{0, 2}, []play.Standing{
			{Seat: 0, Score: 40, Place: 1, Won: true}, {Seat: 2, Score: 40, Place: 1, Won: true},
			{Seat: 1, Score: 12, Place: 3}}},
		{"level scores share a place", []int{5, 9, 5}, []games.Seat{1}, []play.Standing{
			{Seat: 1, Score: 9, Place: 1, Won: true}, {Seat: 0, Score: 5, Place: 2}, {Seat: 2, Score: 5, Place: 2}}},
		{"a lost solitaire", []int{48}, nil, []play.Standing{{Seat: 0, Score: 48, Place: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, play.Standings(scored{scores: tt.scores, winners: tt.winners}))
		})
	}
}

func TestLogAndAbandon(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	assert.Empty(t, tb.Log())
	move := aMove(t, tb.Game, 0)
	require.NoError(t, tb.Apply(ctx, 0, move))
	log := tb.Log()
	require.Len(t, log, 1)
	log[0].Move = "changed"
	assert.NotEqual(t, "changed", tb.Log()[0].Move, "Log is a copy")

	require.NoError(t, tb.Abandon(ctx))
	assert.Equal(t, store.StatusAbandoned, tb.Row.Status)
	sess := storedRow(t, st, tb.Row.ID)
	assert.Equal(t, store.StatusAbandoned, sess.Status)
	results := savedResults(t, st, tb.Row.ID)
	assert.Empty(t, results, "an abandoned game counts for nobody")
	_, err := st.LastUnfinished(ctx, "", "", "u1")
	assert.ErrorIs(t, err, store.ErrNotFound)
}
