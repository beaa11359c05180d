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
// write, with the next turn's clock: one round trip to PostgreSQL, the
// store's log as the table's.
func TestPlaySavesTheAnswerInOneWrite(t *testing.T) {
	proxy, u := pgtest.NewProxy(t, pgtest.URL(t))
	st, err := store.Open(u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	ctx := context.Background()
	tb := secretAgent(t, st, false)
	tb.Clock = turnClock(new([]int))
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
		armed, err := st.Timers(ctx)
		require.NoError(t, err)
		require.Len(t, armed, 1)
		assert.Equal(t, tb.Row.Moves, armed[0].Version, "turn %d: the clock armed in the write", turn)
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
