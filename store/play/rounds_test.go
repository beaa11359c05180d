package play_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// untilRound plays tb on (the person at seat 0 as a computer would play,
// the computer players as themselves) until n rounds are finished or the
// game ends, calling each after every turn.
func untilRound(t *testing.T, tb *play.Table, n int, each func()) {
	t.Helper()
	ctx := context.Background()
	for len(games.Rounds(tb.Game)) < n && !tb.Game.Status().Finished() {
		require.NoError(t, tb.PlayComputers(ctx, nil))
		if len(games.Rounds(tb.Game)) < n && !tb.Game.Status().Finished() {
			require.NoError(t, tb.Apply(ctx, 0, secretagent.Info.Computer(tb.Game, 0).String()))
		}
		each()
	}
}

// storesRounds checks that the store holds tb's rounds.
func storesRounds(t *testing.T, st *store.Store, tb *play.Table) func() {
	return func() {
		stored, err := st.Rounds(context.Background(), tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, orEmpty(games.Rounds(tb.Game)), stored, "after move %d", tb.Game.Moves())
	}
}

// A table records a round's scores with the move that finishes it, made
// by a person (Apply) or a computer player (PlayComputers), on a table
// resumed too: no caller records them.
func TestRoundsRecordedWithTheirMoves(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		tb := secretAgent(t, st, false)
		untilRound(t, tb, 1, storesRounds(t, st, tb))
		require.Len(t, games.Rounds(tb.Game), 1)

		resumed, err := play.Load(ctx, st, registry(), tb.Row.ID)
		require.NoError(t, err)
		untilRound(t, resumed, 1<<10, storesRounds(t, st, resumed))
		require.True(t, resumed.Game.Status().Finished())
		rounds, err := st.Rounds(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(rounds), secretagent.DealsPerGame)
		assert.Equal(t, games.Rounds(resumed.Game), rounds)
	})
}

// A table whose earlier rounds were never recorded (saved by a dealer
// that did not record them) has them all at its next round's end.
func TestRoundsMissedAreRecorded(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := secretAgent(t, st, false)
	g, err := registry().New("secretagent", tb.Row.Deal, tb.Row.Seats)
	require.NoError(t, err)
	for len(games.Rounds(g)) < 1 { // as an older dealer saved them: no rounds
		seat := g.ToAct()[0]
		m := secretagent.Info.Computer(g, seat)
		require.NoError(t, g.Apply(seat, m))
		require.NoError(t, st.AppendMove(ctx, tb.Row.ID, g.Moves()-1, int(seat), m.String()))
	}
	rounds, err := st.Rounds(ctx, tb.Row.ID)
	require.NoError(t, err)
	require.Empty(t, rounds)

	resumed, err := play.Load(ctx, st, registry(), tb.Row.ID)
	require.NoError(t, err)
	untilRound(t, resumed, 2, func() {})
	require.Len(t, games.Rounds(resumed.Game), 2)
	storesRounds(t, st, resumed)()
}

// A move the store refuses records no round: the table had ended when a
// stale copy finished a deal.
func TestRoundNotRecordedWithoutItsMove(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := secretAgent(t, st, true)
	stale, err := play.Load(ctx, st, registry(), tb.Row.ID)
	require.NoError(t, err)
	require.NoError(t, tb.Abandon(ctx))

	err = stale.PlayComputers(ctx, nil)
	require.ErrorIs(t, err, play.ErrNotSaved)
	rounds, err := st.Rounds(ctx, tb.Row.ID)
	require.NoError(t, err)
	assert.Empty(t, rounds)
	assert.Empty(t, games.Rounds(stale.Game), "the table is the store's again")
}

// Apply is the check of a move: one the game refuses is ErrIllegal, with
// the game's reason (a games.Refusal) to word, and changes nothing.
func TestApplyIllegal(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	for _, tc := range []struct {
		name  string
		table func(t *testing.T) *play.Table
		move  string // "": one the rules refuse
	}{
		{"a move the rules refuse", func(t *testing.T) *play.Table { return solitaire(t, st) }, ""},
		{"not a move", func(t *testing.T) *play.Table { return solitaire(t, st) }, "fly away"},
		{"another seat's turn", func(t *testing.T) *play.Table { return secretAgent(t, st, true) }, "forbid c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table(t)
			move := tc.move
			if move == "" {
				move = anIllegalMove(t, tb.Game)
			}
			seat := games.Seat(0)
			if act := tb.Game.ToAct(); len(act) > 0 && tb.Row.Seats > 1 {
				seat = (act[0] + 1) % games.Seat(tb.Row.Seats)
			}
			before := state(t, tb.Game)
			err := tb.Apply(ctx, seat, move)
			require.ErrorIs(t, err, play.ErrIllegal)
			assert.NotErrorIs(t, err, play.ErrNotSaved)
			r, ok := games.AsRefusal(err)
			require.True(t, ok, "a refusal to word")
			assert.Equal(t, r.Error(), err.Error(), "said in the game's words")
			assert.Equal(t, before, state(t, tb.Game))
			assert.Zero(t, tb.Row.Moves)
		})
	}
}

// Hint counts a hint at the table, in the store; a game without a solver
// counts none.
func TestHint(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	tb := solitaire(t, st)
	for want := 1; want <= 2; want++ {
		n, err := tb.Hint(ctx)
		require.NoError(t, err)
		assert.Equal(t, want, n)
		assert.Equal(t, want, tb.Row.Hints)
		stored, err := st.Hints(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, want, stored)
	}

	sa := secretAgent(t, st, false)
	_, err := sa.Hint(ctx)
	require.ErrorIs(t, err, play.ErrNoHints)
	stored, err := st.Hints(ctx, sa.Row.ID)
	require.NoError(t, err)
	assert.Zero(t, stored)
}
