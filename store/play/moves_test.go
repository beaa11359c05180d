package play_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
)

// A person's move and the computer players' answer are saved in one
// write: one round trip to PostgreSQL, the store's log as the table's.
func TestPlaySavesTheAnswerInOneWrite(t *testing.T) {
	proxy, u := pgtest.NewProxy(t, pgtest.URL(t))
	st, err := store.Open(u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	ctx := context.Background()
	tb := secretAgent(t, st, false)
	require.NoError(t, tb.PlayComputers(ctx, nil)) // up to the person's turn
	for turn := range 4 {
		require.Equal(t, []games.Seat{0}, tb.Game.ToAct())
		moves, version, answered := tb.Row.Moves, tb.Row.Version, 0
		before := proxy.RoundTrips()
		require.NoError(t, tb.Play(ctx, 0, secretagent.Info.Computer(tb.Game, 0).String(), func(s games.Seat, _ games.Move) {
			assert.True(t, tb.Player(s).Computer, "only computer players answer")
			answered++
		}))
		if turn > 0 { // the first prepared the statement
			assert.Equal(t, 1, proxy.RoundTrips()-before, "turn %d: one round trip", turn)
		}
		assert.Positive(t, answered, "turn %d: the computer players answer", turn)
		assert.Equal(t, moves+1+answered, tb.Row.Moves)
		assert.Equal(t, version+1+answered, tb.Row.Version)
		log, err := st.Moves(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, tb.Log(), log, "turn %d", turn)
	}
}

// A stale copy's move and answer are saved all or none: none, and the
// copy becomes the store's table.
func TestPlayStaleSavesNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		fresh := secretAgent(t, st, false)
		require.NoError(t, fresh.PlayComputers(ctx, nil))
		stale, err := play.Load(ctx, st, registry(), fresh.Row.ID)
		require.NoError(t, err)
		move := secretagent.Info.Computer(fresh.Game, 0).String()
		require.NoError(t, fresh.Play(ctx, 0, move, nil))

		called := false
		err = stale.Play(ctx, 0, move, func(games.Seat, games.Move) { called = true })
		require.ErrorIs(t, err, play.ErrNotSaved)
		require.ErrorIs(t, err, store.ErrConflict)
		assert.False(t, called, "no move of a run not saved is reported")
		log, err := st.Moves(ctx, fresh.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, fresh.Log(), log)
		assert.Equal(t, fresh.Log(), stale.Log())
		assert.Equal(t, state(t, fresh.Game), state(t, stale.Game))
	})
}
