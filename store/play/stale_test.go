package play_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
)

// eachEngine runs fn on a fresh SQLite file and a fresh PostgreSQL schema.
func eachEngine(t *testing.T, fn func(t *testing.T, st *store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		fn(t, openStore(t))
	})
	t.Run("postgres", func(t *testing.T) {
		st, err := store.Open(pgtest.URL(t))
		require.NoError(t, err)
		t.Cleanup(func() { _ = st.Close() })
		fn(t, st)
	})
}

// Two copies of one table, as two processes (or a stale copy of one)
// hold them: whatever one changes, the other's stale writes change
// nothing; each answers ErrMovedOn and becomes the store's table.
func TestStaleCopiesChangeNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		lobby, err := play.Open(context.Background(), st, registry(), store.TableRow{Game: "secretagent", Deal: 5, Seats: 4, GuildID: "g",
			OwnerID: "owner", Status: store.StatusLobby, Players: play.Seat([]store.Player{owner})})
		require.NoError(t, err)
		c := copies{t: t, st: st, id: lobby.Row.ID}
		c.staleJoin()
		c.afterStart()
		c.afterMove()
		c.afterFinish()
	})
}

// The people at the stale copies' table: its owner, and three who join.
var (
	owner = store.Player{UserID: "owner", Name: "Owner"}
	ann   = store.Player{UserID: "ann", Name: "Ann"}
	carol = store.Player{UserID: "carol", Name: "Carol"}
	dave  = store.Player{UserID: "dave", Name: "Dave"}
)

// copies makes copies of table id, as processes read it from st.
type copies struct {
	t  *testing.T
	st *store.Store
	id int64
}

// load is a new copy of the table.
func (c copies) load() *play.Table {
	c.t.Helper()
	tb, err := play.Load(context.Background(), c.st, registry(), c.id)
	require.NoError(c.t, err)
	return tb
}

// staleJoin: Ann's join went first elsewhere; Carol's, from a copy that
// had not seen it, is refused, and the copy now sees Ann.
func (c copies) staleJoin() {
	t, ctx := c.t, context.Background()
	a, b := c.load(), c.load()
	require.NoError(t, a.SetPlayers(ctx, play.Seat([]store.Player{owner, ann})))
	err := b.SetPlayers(ctx, play.Seat([]store.Player{owner, carol}))
	require.ErrorIs(t, err, play.ErrMovedOn)
	assert.Equal(t, a.Row.Players, b.Row.Players, "the stale copy is the store's again")
	require.NoError(t, b.SetPlayers(ctx, play.Seat([]store.Player{owner, ann, carol})), "and its join goes through")
}

// afterStart: started elsewhere with computer players, a stale join,
// leave or start changes nothing, and the copy is the game in play.
func (c copies) afterStart() {
	t, ctx := c.t, context.Background()
	a, b := c.load(), c.load()
	require.NoError(t, a.Start(ctx, play.Fill(a.Info, a.Row.Players)))
	started := c.load()
	for name, write := range map[string]func(tb *play.Table) error{
		"join": func(tb *play.Table) error {
			return tb.SetPlayers(ctx, play.Seat([]store.Player{owner, ann, carol, dave}))
		},
		"leave":   func(tb *play.Table) error { return tb.Abandon(ctx) },
		"start":   func(tb *play.Table) error { return tb.Start(ctx, play.Fill(tb.Info, []store.Player{owner})) },
		"players": func(tb *play.Table) error { return tb.SetPlayers(ctx, play.Seat([]store.Player{owner})) },
	} {
		stale, err := play.Replay(c.st, registry(), lobbyAsSeen(b), nil)
		require.NoError(t, err)
		require.ErrorIs(t, write(stale), play.ErrMovedOn, name)
		require.NotNil(t, stale.Game, "%s: the copy is the game in play", name)
		assert.Equal(t, started.Row.Players, stale.Row.Players, name)
		_, seated := stale.SeatOf("dave")
		assert.False(t, seated, "%s: nobody took a computer's seat", name)
	}
	assert.Equal(t, started.Row, c.load().Row, "the store's table is as it was started")
}

// afterMove: moved on elsewhere, Sync brings a copy up to it; a stale
// move is refused and the copy is the store's.
func (c copies) afterMove() {
	t, ctx := c.t, context.Background()
	a, b := c.load(), c.load()
	require.NoError(t, a.PlayComputers(ctx, nil))
	seat := a.Game.ToAct()[0]
	require.NoError(t, a.Apply(ctx, seat, aMove(t, a.Game, seat)))
	err := b.Apply(ctx, seat, aMove(t, b.Game, seat))
	if err != nil { // the same move again would be legal only by chance
		require.ErrorIs(t, err, play.ErrNotSaved)
		require.ErrorIs(t, err, store.ErrConflict)
	}
	synced := c.load()
	require.NoError(t, synced.Sync(ctx))
	assert.Equal(t, a.Row.Version, synced.Row.Version)
	assert.Equal(t, a.Game.Moves(), synced.Game.Moves())
}

// afterFinish: finished elsewhere, a stale finish or abandon changes no
// result.
func (c copies) afterFinish() {
	t, ctx := c.t, context.Background()
	a, b := c.load(), c.load()
	for !a.Game.Status().Finished() {
		s := a.Game.ToAct()[0]
		require.NoError(t, a.Apply(ctx, s, aMove(t, a.Game, s)))
	}
	require.NoError(t, a.Finish(ctx))
	results := savedResults(t, c.st, a.Row.ID)
	require.ErrorIs(t, b.Abandon(ctx), play.ErrMovedOn)
	assert.Equal(t, a.Row.Status, b.Row.Status, "the copy is the finished table")
	again := savedResults(t, c.st, a.Row.ID)
	assert.Equal(t, results, again, "the results did not change after the fact")
	require.ErrorIs(t, a.Finish(ctx), play.ErrMovedOn, "finishing twice")
	again = savedResults(t, c.st, a.Row.ID)
	assert.Equal(t, results, again)
}

// lobbyAsSeen is the table as a copy read while it was a lobby saw it.
func lobbyAsSeen(tb *play.Table) store.TableRow {
	s := tb.Row
	s.Status = store.StatusLobby
	return s
}

// A table whose moves no longer replay is kept, never played on: the
// first load finds it out and marks it, later loads say so too.
func TestUnreplayableKept(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		reg := registry()
		tb := solitaire(t, st)
		require.NoError(t, tb.Apply(ctx, 0, aMove(t, tb.Game, 0)))
		// A move the engine does not take, as a changed engine would find.
		require.NoError(t, st.AppendMove(ctx, tb.Row.ID, 1, 0, "9 9 9"))

		_, err := play.Load(ctx, st, reg, tb.Row.ID)
		var u *play.Unreplayable
		require.ErrorAs(t, err, &u)
		assert.True(t, u.Found, "the first load finds it out")
		assert.Contains(t, u.Reason, "move 2")
		sess := storedRow(t, st, tb.Row.ID)
		assert.Equal(t, u.Reason, sess.Broken, "kept, with why")
		assert.Equal(t, store.StatusPlaying, sess.Status, "its status as it was")

		_, err = play.Load(ctx, st, reg, tb.Row.ID)
		require.ErrorAs(t, err, &u)
		assert.False(t, u.Found, "found once")
		require.ErrorIs(t, st.AppendMove(ctx, tb.Row.ID, 2, 0, "1 h"), store.ErrConflict, "it takes no move")
		open, err := st.Unfinished(ctx)
		require.NoError(t, err)
		assert.Empty(t, open, "nobody resumes it")
		kept, err := st.BrokenTables(ctx)
		require.NoError(t, err)
		require.Len(t, kept, 1)
		moves, err := st.Moves(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.Len(t, moves, 2, "its log is kept whole")
	})
}

// A table of a rules version this dealer does not know (a newer dealer's,
// during a rolling upgrade) is refused, not marked.
func TestNewerRulesNotMarked(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	id, err := st.CreateTable(ctx, store.TableRow{Game: "doublefreecell", Deal: 3, Seats: 1, Rules: 99,
		Players: []store.Player{{UserID: "u1", Name: "ann"}}})
	require.NoError(t, err)
	_, err = play.Load(ctx, st, registry(), id)
	require.Error(t, err)
	var u *play.Unreplayable
	assert.False(t, errors.As(err, &u))
	assert.ErrorContains(t, err, "rules version 99")
	sess := storedRow(t, st, id)
	assert.Empty(t, sess.Broken)
}
