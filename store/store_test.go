package store

import (
	"context"
	"database/sql"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// SQLite's settings: WAL, foreign keys, busy timeout, FULL sync, and a
// read pool that cannot write.
func TestOpenSettingsSQLite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a", "b", "dealer.db") // directories created
	s, err := Open(path)
	require.NoError(t, err)
	defer s.Close()
	_, err = os.Stat(path)
	require.NoError(t, err, "the database is a real file")

	pragma := func(db *sql.DB, name string) string {
		var v string
		require.NoError(t, db.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v))
		return v
	}
	for _, db := range []*sql.DB{s.w, s.r} {
		assert.Equal(t, "wal", pragma(db, "journal_mode"))
		assert.Equal(t, "1", pragma(db, "foreign_keys"))
		assert.Equal(t, "10000", pragma(db, "busy_timeout"))
	}
	assert.Equal(t, "2", pragma(s.w, "synchronous"), "FULL: a commit is on disk when it returns")

	// Foreign keys really hold: no players for a missing table.
	_, err = s.w.ExecContext(ctx, `INSERT INTO players (session_id, seat) VALUES (999, 0)`)
	require.Error(t, err)
	// The read pool cannot write.
	_, err = s.r.ExecContext(ctx, `DELETE FROM sessions`)
	require.Error(t, err)

	for _, bad := range []string{"", ":memory:", "file:x.db", filepath.Join(t.TempDir(), "a?b.db")} {
		_, err := Open(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestTableLifecycle(t *testing.T) { forEachStore(t, testTableLifecycle) }

func testTableLifecycle(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	created := c.Now()

	sess := TableRow{
		Game: "doublefreecell", Deal: math.MaxUint64, Seats: 2,
		GuildID: "g1", ChannelID: "c1", OwnerID: "u1",
		Players: []Player{{Seat: 1, Name: "Computer", Computer: true}, {Seat: 0, UserID: "u1", Name: "Ann"}},
		Status:  StatusLobby,  // the zero Status is Playing
		ID:      77, Moves: 5, // ignored
	}
	id := mustCreate(t, s, sess)
	require.NotZero(t, id)

	got, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, TableRow{
		ID: id, Game: "doublefreecell", Deal: math.MaxUint64, Seats: 2,
		GuildID: "g1", ChannelID: "c1", OwnerID: "u1",
		Players: []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, Name: "Computer", Computer: true}},
		Status:  StatusLobby, Moves: 0, CreatedAt: created, UpdatedAt: created, Rules: 1,
	}, got)

	c.Advance(time.Minute)
	v, err := s.SetPlayers(ctx, id, 0, []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}})
	require.NoError(t, err)
	require.NoError(t, s.SetMessage(ctx, id, "c2", "m2"))
	_, err = s.StartTable(ctx, id, v, 2, []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}})
	require.NoError(t, err)
	got, err = s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}, got.Players)
	assert.Equal(t, "c2", got.ChannelID)
	assert.Equal(t, "m2", got.MessageID)
	assert.Equal(t, StatusPlaying, got.Status)
	assert.True(t, got.CreatedAt.Equal(created))
	assert.True(t, got.UpdatedAt.Equal(created.Add(time.Minute)))

	lobby := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 2, Status: StatusLobby})
	errs := []struct {
		name string
		err  error
		is   error
	}{
		{"session of missing id", func() error { _, err := s.TableRow(ctx, 999); return err }(), ErrNotFound},
		{"set players of missing id", setPlayers(s, 999, nil), ErrNotFound},
		{"set message of missing id", s.SetMessage(ctx, 999, "c", "m"), ErrNotFound},
		{"seat out of range", func() error { _, err := s.SetPlayers(ctx, lobby, 0, []Player{{Seat: 2}}); return err }(), nil},
		{"seat twice", func() error { _, err := s.SetPlayers(ctx, lobby, 0, []Player{{Seat: 0}, {Seat: 0}}); return err }(), nil},
		{"players of a started table", func() error { _, err := s.SetPlayers(ctx, id, 2, nil); return err }(), ErrConflict},
		{"no game", func() error { _, err := s.CreateTable(ctx, TableRow{Seats: 1}); return err }(), nil},
		{"no seats", func() error { _, err := s.CreateTable(ctx, TableRow{Game: "x"}); return err }(), nil},
		{"bad status", func() error {
			_, err := s.CreateTable(ctx, TableRow{Game: "x", Seats: 1, Status: games.Status(99)})
			return err
		}(), nil},
		{"bad player", func() error {
			_, err := s.CreateTable(ctx, TableRow{Game: "x", Seats: 1, Players: []Player{{Seat: -1}}})
			return err
		}(), nil},
	}
	for _, tc := range errs {
		t.Run(tc.name, func(t *testing.T) {
			require.Error(t, tc.err)
			if tc.is != nil {
				assert.ErrorIs(t, tc.err, tc.is)
			}
		})
	}
	// Failed writes changed nothing.
	again, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, got, again)
}

func TestAppendMove(t *testing.T) { forEachStore(t, testAppendMove) }

func testAppendMove(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "doublefreecell", Deal: 7, Seats: 2})
	other := mustCreate(t, s, TableRow{Game: "doublefreecell", Deal: 8, Seats: 1})

	steps := []struct {
		id   int64
		seq  int
		seat int
		move string
		is   error // nil: accepted
	}{
		{id, 0, 0, "1a", nil},
		{id, 1, 1, "2b", nil},
		{id, 1, 1, "2b again", ErrConflict}, // lost race: index taken
		{id, 3, 0, "skip", ErrConflict},     // gap
		{id, -1, 0, "negative", ErrConflict},
		{other, 0, 0, "x", nil}, // logs are per session
		{id, 2, 0, "undo", nil},
		{999, 0, 0, "nowhere", ErrNotFound},
	}
	for _, st := range steps {
		err := s.AppendMove(ctx, st.id, st.seq, st.seat, st.move)
		if st.is == nil {
			require.NoError(t, err, "%+v", st)
		} else {
			require.ErrorIs(t, err, st.is, "%+v", st)
		}
	}

	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []games.Entry{{Seat: 0, Move: "1a"}, {Seat: 1, Move: "2b"}, {Seat: 0, Move: "undo"}}, moves)
	sess, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 3, sess.Moves)

	rec, err := s.Record(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, games.Record{Game: "doublefreecell", Deal: 7, Seats: 2, Rules: 1, Moves: moves}, rec)

	empty := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	moves, err = s.Moves(ctx, empty)
	require.NoError(t, err)
	assert.NotNil(t, moves)
	assert.Empty(t, moves)
	_, err = s.Moves(ctx, 999)
	assert.ErrorIs(t, err, ErrNotFound)
	_, err = s.Record(ctx, 999)
	assert.ErrorIs(t, err, ErrNotFound)
}

// A move is in the database as soon as AppendMove returns: another Store
// (as another process would) sees it without the first being closed.
func TestMovesSurviveReopen(t *testing.T) { forEachEngine(t, testMovesSurviveReopen) }

func testMovesSurviveReopen(t *testing.T, e engine) {
	ctx := context.Background()
	path := e.database(t)
	s, err := Open(path)
	require.NoError(t, err)
	id := mustCreate(t, s, TableRow{Game: "doublefreecell", Deal: 42, Seats: 1})
	var want []games.Entry
	for i := range 100 {
		m := games.Entry{Seat: 0, Move: string(rune('a'+i%26)) + "x"}
		require.NoError(t, s.AppendMove(ctx, id, i, int(m.Seat), m.Move))
		want = append(want, m)
	}

	peek, err := Open(path)
	require.NoError(t, err)
	got, err := peek.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, want, got, "visible to another store before Close")
	require.NoError(t, peek.Close())

	require.NoError(t, s.Close())
	s, err = Open(path)
	require.NoError(t, err)
	defer s.Close()
	got, err = s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	require.NoError(t, s.AppendMove(ctx, id, 100, 0, "more"), "the log goes on after reopening")
}

func TestUnfinished(t *testing.T) { forEachStore(t, testUnfinished) }

func testUnfinished(t *testing.T, s *Store, c *testkit.Clock) {
	ctx := context.Background()
	ids := someUnfinished(t, s, c)
	// Table 0 becomes the most recently used of ann's in g1.
	require.NoError(t, s.AppendMove(ctx, ids[0], 0, 0, "1a"))

	list, err := s.Unfinished(ctx)
	require.NoError(t, err)
	var got []int64
	for _, sess := range list {
		got = append(got, sess.ID)
		require.Len(t, sess.Players, 1, "players are loaded")
		assert.Equal(t, sess.OwnerID, sess.Players[0].UserID)
	}
	assert.Equal(t, []int64{ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]}, got)

	open, err := s.UnfinishedWithMoves(ctx)
	require.NoError(t, err)
	require.Len(t, open, len(list))
	for i, o := range open {
		assert.Equal(t, list[i], o.TableRow)
		want, err := s.Moves(ctx, o.ID)
		require.NoError(t, err)
		assert.Equal(t, want, o.Log)
	}
	assert.Equal(t, []games.Entry{{Seat: 0, Move: "1a"}}, open[0].Log)

	lastUnfinished(t, s, ids)

	// Finishing takes a table out of both.
	require.NoError(t, finish(s, ids[0], StatusLost, nil))
	sess, err := s.LastUnfinished(ctx, "doublefreecell", "g1", "ann")
	require.NoError(t, err)
	assert.Equal(t, ids[1], sess.ID)
	list, err = s.Unfinished(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 5)
}

// someUnfinished creates tables in several guilds, of several owners and
// statuses, a second apart, and returns their ids: the first six are
// unfinished.
func someUnfinished(t *testing.T, s *Store, c *testkit.Clock) []int64 {
	t.Helper()
	specs := []struct {
		game, guild, owner string
		status             games.Status
	}{
		{"doublefreecell", "g1", "ann", StatusPlaying}, // 0
		{"doublefreecell", "g1", "ann", StatusLobby},   // 1
		{"secretagent", "g1", "ann", StatusPlaying},    // 2
		{"doublefreecell", "g2", "ann", StatusPlaying}, // 3
		{"doublefreecell", "g1", "bob", StatusPlaying}, // 4
		{"doublefreecell", "", "", StatusPlaying},      // 5 terminal
		{"doublefreecell", "", "", StatusWon},          // 6 terminal, finished
		{"doublefreecell", "g1", "ann", StatusWon},     // 7 finished
		{"doublefreecell", "g1", "ann", StatusAbandoned},
	}
	ids := make([]int64, len(specs))
	for i, sp := range specs {
		ids[i] = mustCreate(t, s, TableRow{Game: sp.game, Seats: 1, GuildID: sp.guild, OwnerID: sp.owner,
			Status: sp.status, Players: []Player{{Seat: 0, UserID: sp.owner, Name: sp.owner}}})
		c.Advance(time.Second)
	}
	return ids
}

// lastUnfinished checks LastUnfinished on someUnfinished's tables (ids),
// table 0 the last used.
func lastUnfinished(t *testing.T, s *Store, ids []int64) {
	t.Helper()
	cases := []struct {
		name, game, guild, owner string
		want                     int // index in ids; -1: ErrNotFound
	}{
		{"any game, most recently updated", "", "g1", "ann", 0},
		{"one game", "secretagent", "g1", "ann", 2},
		{"other guild", "doublefreecell", "g2", "ann", 3},
		{"other owner", "", "g1", "bob", 4},
		{"terminal", "doublefreecell", "", "", 5},
		{"no such game", "doublets", "g1", "ann", -1},
		{"no such owner", "", "g1", "cat", -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sess, err := s.LastUnfinished(context.Background(), tc.game, tc.guild, tc.owner)
			if tc.want < 0 {
				require.ErrorIs(t, err, ErrNotFound)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, ids[tc.want], sess.ID)
			assert.Len(t, sess.Players, 1)
		})
	}
}

func TestRounds(t *testing.T) { forEachStore(t, testRounds) }

func testRounds(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 3})

	rounds, err := s.Rounds(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, [][]int{}, rounds)

	steps := []struct {
		round  int
		scores []int
		is     error // nil: accepted; errAny: any error
	}{
		{0, []int{10, -5, 3}, nil},
		{1, []int{0, 7, 2}, nil},
		{3, []int{1, 1, 1}, ErrConflict}, // a gap
		{-1, []int{1, 1, 1}, ErrConflict},
		{2, []int{1, 1}, errAny}, // too few scores
		{1, []int{4, 7, 2}, nil}, // recorded again: replaced
		{2, []int{1, 2, 3}, nil},
	}
	for _, st := range steps {
		err := s.RecordRound(ctx, id, st.round, st.scores)
		requireIs(t, err, st.is, "%+v", st)
	}
	rounds, err = s.Rounds(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{10, -5, 3}, {4, 7, 2}, {1, 2, 3}}, rounds)

	_, err = s.Rounds(ctx, 999)
	assert.ErrorIs(t, err, ErrNotFound)
	assert.ErrorIs(t, s.RecordRound(ctx, 999, 0, []int{1}), ErrNotFound)
}

// errAny stands for any error in a table of cases.
var errAny = sentinel("any error")

// sentinel is an error that is its text.
type sentinel string

// Error is the sentinel's text.
func (e sentinel) Error() string { return string(e) }

// requireIs requires err to be what a table of cases wants: no error for
// nil, any error for errAny, else an error that is want.
func requireIs(t *testing.T, err, want error, msgAndArgs ...any) {
	t.Helper()
	switch want {
	case nil:
		require.NoError(t, err, msgAndArgs...)
	case errAny:
		require.Error(t, err, msgAndArgs...)
	default:
		require.ErrorIs(t, err, want, msgAndArgs...)
	}
}

// A status is stored as its name, as before statuses were typed; a name
// the program does not know is an error when read.
func TestStatusStoredByName(t *testing.T) { forEachStore(t, testStatusStoredByName) }

func testStatusStoredByName(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, Status: StatusLobby})
	name := func() string {
		var n string
		require.NoError(t, s.q.QueryRowContext(ctx, `SELECT status FROM sessions WHERE id = ?`, id).Scan(&n))
		return n
	}
	assert.Equal(t, "lobby", name())
	_, err := s.StartTable(ctx, id, 0, 4, nil)
	require.NoError(t, err)
	assert.Equal(t, "playing", name())
	require.NoError(t, finish(s, id, StatusAbandoned, nil))
	assert.Equal(t, "abandoned", name())

	require.NoError(t, s.write(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET status = 'paused' WHERE id = ?`, id)
		return err
	}))
	_, err = s.TableRow(ctx, id)
	assert.ErrorContains(t, err, `unknown status "paused"`)
}

func TestAppendMoveAndRounds(t *testing.T) { forEachStore(t, testAppendMoveAndRounds) }

// A move that finishes a round is saved with every round so far, in one
// transaction: both or neither.
func testAppendMoveAndRounds(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
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
		requireIs(t, err, st.is, st.name)
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

func TestAppendMoves(t *testing.T) { forEachStore(t, testAppendMoves) }

// A run of moves is saved in one write, all or none, each move in its
// place, the version moved on by one a move, and the rounds with them.
func testAppendMoves(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 3, Status: StatusPlaying})
	run := func(from int, words ...string) []games.Entry {
		var out []games.Entry
		for i, w := range words {
			out = append(out, games.Entry{Seat: games.Seat((from + i) % 3), Move: w})
		}
		return out
	}
	steps := []struct {
		name   string
		seq    int
		moves  []games.Entry
		rounds [][]int
		is     error // nil: accepted; errAny: any error
		log    []games.Entry
		want   [][]int
	}{
		{"a run of three", 0, run(0, "a", "b", "c"), nil, nil, run(0, "a", "b", "c"), [][]int{}},
		{"a run at a taken index", 2, run(2, "x", "y"), nil, ErrConflict, run(0, "a", "b", "c"), [][]int{}},
		{"a run past the log's end", 4, run(4, "x"), nil, ErrConflict, run(0, "a", "b", "c"), [][]int{}},
		{"no moves", 3, nil, nil, errAny, run(0, "a", "b", "c"), [][]int{}},
		{"a run whose round is short of a seat", 3, run(3, "d", "e"), [][]int{{1, 2}}, errAny, run(0, "a", "b", "c"), [][]int{}},
		{"a run that ends a round", 3, run(3, "d", "e"), [][]int{{4, 5, 6}}, nil, run(0, "a", "b", "c", "d", "e"), [][]int{{4, 5, 6}}},
		{"a run of one", 5, run(5, "f"), nil, nil, run(0, "a", "b", "c", "d", "e", "f"), [][]int{{4, 5, 6}}},
	}
	for _, st := range steps {
		before, err := s.Version(ctx, id)
		require.NoError(t, err)
		err = s.AppendMoves(ctx, id, st.seq, st.moves, st.rounds)
		after, verr := s.Version(ctx, id)
		require.NoError(t, verr)
		requireIs(t, err, st.is, st.name)
		if st.is == nil {
			assert.Equal(t, before+len(st.moves), after, st.name)
		} else {
			assert.Equal(t, before, after, st.name)
		}
		log, err := s.Moves(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, st.log, log, st.name)
		rounds, err := s.Rounds(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, st.want, rounds, st.name)
	}
	assert.ErrorIs(t, s.AppendMoves(ctx, 999, 0, run(0, "a"), nil), ErrNotFound)
}

func TestStartSessionFixesSeatsAndPlayers(t *testing.T) {
	forEachStore(t, testStartSessionFixesSeatsAndPlayers)
}

func testStartSessionFixesSeatsAndPlayers(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	id, err := st.CreateTable(ctx, TableRow{Game: "theagents", Deal: 3, Seats: 5, GuildID: "1", OwnerID: "u1",
		Status: StatusLobby, Players: []Player{{Seat: 0, UserID: "u1", Name: "ann"}}})
	require.NoError(t, err)
	players := []Player{{Seat: 0, UserID: "u1", Name: "ann"}, {Seat: 1, Name: "computer", Computer: true}, {Seat: 2, UserID: "u2", Name: "bo"}}
	_, err = st.StartTable(ctx, id, 0, 2, players)
	assert.Error(t, err, "three players do not fit two seats")
	v, err := st.StartTable(ctx, id, 0, 3, players)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	s, err := st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 3, s.Seats)
	assert.Equal(t, StatusPlaying, s.Status)
	assert.Equal(t, players, s.Players)
	assert.Equal(t, 1, s.Version)
	_, err = st.StartTable(ctx, 999, 0, 1, players[:1])
	assert.ErrorIs(t, err, ErrNotFound)
	// Started once only: a second start (another process's, from a lobby
	// it had not seen start) would change the seats under a game in play.
	_, err = st.StartTable(ctx, id, 0, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict)
	_, err = st.StartTable(ctx, id, 1, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict, "not a lobby any more, whatever the version")
	s, err = st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, s.Players)
}

// Every write that changes what a table is names the version its writer
// saw: a writer whose copy is stale — another process joined, started,
// moved, finished or closed the table since — changes nothing.
func TestStaleWritesChangeNothing(t *testing.T) { forEachStore(t, testStaleWritesChangeNothing) }

func testStaleWritesChangeNothing(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	for state, make := range staleStates() {
		for name, write := range staleWrites() {
			t.Run(state+"/"+name, func(t *testing.T) {
				tb := make(t, s)
				before, log, err := s.Table(ctx, tb.id)
				require.NoError(t, err)
				results, err := s.Results(ctx, tb.id)
				require.NoError(t, err)

				require.ErrorIs(t, write(s, tb), ErrConflict)

				after, log2, err := s.Table(ctx, tb.id)
				require.NoError(t, err)
				assert.Equal(t, before, after, "the table is as it was")
				assert.Equal(t, log, log2)
				results2, err := s.Results(ctx, tb.id)
				require.NoError(t, err)
				assert.Equal(t, results, results2, "its results are as they were")
				if state != "lobby joined" && state != "started" && state != "moved" {
					assert.ErrorIs(t, s.AppendMove(ctx, tb.id, after.Moves, 0, "late"), ErrConflict, "an ended table takes no move")
				}
			})
		}
	}
}

// staleTable is a table taken to a state, and the version a stale copy of
// it saw before the last step.
type staleTable struct {
	id   int64
	seen int
}

// The players of the stale tables: the owner, who opened the table, Ann,
// who joined it, and Carol, whom a stale copy seats.
var (
	owner = Player{Seat: 0, UserID: "owner", Name: "Owner"}
	ann   = Player{Seat: 1, UserID: "ann", Name: "Ann"}
	carol = Player{Seat: 1, UserID: "carol", Name: "Carol"}
)

// staleStates take a new table to a state, each from the one before (a
// change made elsewhere), and return it as a stale copy saw it.
func staleStates() map[string]func(t *testing.T, s *Store) staleTable {
	ctx := context.Background()
	bots := []Player{owner, {Seat: 1, Name: "Bond", Computer: true}, {Seat: 2, Name: "Cipher", Computer: true}, {Seat: 3, Name: "Dagger", Computer: true}}
	joined := func(t *testing.T, s *Store) staleTable { // Ann joined elsewhere
		id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, Status: StatusLobby, GuildID: "g", Players: []Player{owner}})
		_, err := s.SetPlayers(ctx, id, 0, []Player{owner, ann})
		require.NoError(t, err)
		return staleTable{id, 0}
	}
	started := func(t *testing.T, s *Store) staleTable { // started elsewhere
		tb := joined(t, s)
		_, err := s.StartTable(ctx, tb.id, 1, 4, bots)
		require.NoError(t, err)
		return staleTable{tb.id, 1}
	}
	moved := func(t *testing.T, s *Store) staleTable { // a move made elsewhere
		tb := started(t, s)
		require.NoError(t, s.AppendMove(ctx, tb.id, 0, 0, "m0"))
		return staleTable{tb.id, 2}
	}
	ended := func(end func(s *Store, id int64) error) func(t *testing.T, s *Store) staleTable {
		return func(t *testing.T, s *Store) staleTable { // ended elsewhere after a move
			tb := moved(t, s)
			require.NoError(t, end(s, tb.id))
			return staleTable{tb.id, 3}
		}
	}
	return map[string]func(t *testing.T, s *Store) staleTable{
		"lobby joined": joined, "started": started, "moved": moved,
		"finished": ended(func(s *Store, id int64) error {
			_, err := s.Finish(ctx, id, 3, StatusOver, []Result{{Seat: 0, UserID: "owner", Name: "Owner", Score: 9, Won: true}})
			return err
		}),
		"abandoned": ended(func(s *Store, id int64) error {
			_, err := s.Finish(ctx, id, 3, StatusAbandoned, nil)
			return err
		}),
		"broken": ended(func(s *Store, id int64) error {
			_, err := s.MarkBroken(ctx, id, 3, "move 1 does not replay")
			return err
		}),
	}
}

// staleWrites are the writes a stale copy may try, at the version it saw.
func staleWrites() map[string]func(s *Store, tb staleTable) error {
	ctx := context.Background()
	return map[string]func(s *Store, tb staleTable) error{
		"join": func(s *Store, tb staleTable) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner, carol})
			return err
		},
		"leave": func(s *Store, tb staleTable) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner})
			return err
		},
		"start": func(s *Store, tb staleTable) error {
			_, err := s.StartTable(ctx, tb.id, tb.seen, 2, []Player{owner, carol})
			return err
		},
		"abandon": func(s *Store, tb staleTable) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, StatusAbandoned, nil)
			return err
		},
		"finish": func(s *Store, tb staleTable) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, games.Over, []Result{{Seat: 1, UserID: "carol", Name: "Carol", Score: 99, Won: true}})
			return err
		},
		"mark broken": func(s *Store, tb staleTable) error {
			_, err := s.MarkBroken(ctx, tb.id, tb.seen, "stale")
			return err
		},
	}
}
