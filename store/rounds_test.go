package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAppendMoveAndRounds(t *testing.T) { forEachEngine(t, testAppendMoveAndRounds) }

// A move that finishes a round is saved with every round so far, in one
// transaction: both or neither.
func testAppendMoveAndRounds(t *testing.T, e engine) {
	ctx := context.Background()
	s, _, _ := openTemp(t, e)
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 3})
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "m0"))

	steps := []struct {
		name   string
		seq    int
		rounds [][]int
		is     error // nil: accepted; errAny: any error
		moves  int   // the log's length after the step
		want   [][]int
	}{
		{"a move at a taken index", 0, [][]int{{1, 2, 3}}, ErrConflict, 1, [][]int{}},
		{"a round short of a seat", 1, [][]int{{1, 2}}, errAny, 1, [][]int{}},
		{"no rounds", 1, nil, errAny, 1, [][]int{}},
		{"the first round", 1, [][]int{{10, -5, 3}}, nil, 2, [][]int{{10, -5, 3}}},
		{"the rounds again, and the next", 2, [][]int{{10, -5, 3}, {0, 7, 2}}, nil, 3, [][]int{{10, -5, 3}, {0, 7, 2}}},
		{"a round recorded otherwise is replaced", 3, [][]int{{9, 9, 9}, {0, 7, 2}, {1, 1, 1}}, nil, 4, [][]int{{9, 9, 9}, {0, 7, 2}, {1, 1, 1}}},
	}
	for _, st := range steps {
		err := s.AppendMoveAndRounds(ctx, id, st.seq, 0, "m", st.rounds)
		switch st.is {
		case nil:
			require.NoError(t, err, st.name)
		case errAny:
			require.Error(t, err, st.name)
		default:
			require.ErrorIs(t, err, st.is, st.name)
		}
		moves, err := s.Moves(ctx, id)
		require.NoError(t, err)
		assert.Len(t, moves, st.moves, st.name)
		rounds, err := s.Rounds(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, st.want, rounds, st.name)
	}

	_, err := s.Rounds(ctx, 999)
	require.ErrorIs(t, err, ErrNotFound)
	assert.ErrorIs(t, s.AppendMoveAndRounds(ctx, 999, 0, 0, "m", [][]int{{1, 2, 3}}), ErrNotFound)
}
