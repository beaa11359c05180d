package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/store/pgtest"
)

// TestMain stops the PostgreSQL cluster the tests started (pgtest), once
// they are all done.
func TestMain(m *testing.M) { pgtest.Main(m) }

// engine is one of the store's engines, as the tests see it.
type engine struct {
	name string
	// database makes a new, empty database for the test and returns what
	// Open takes: a file path or a URL. PostgreSQL's skips the test (one
	// line) where there is no PostgreSQL.
	database func(t testing.TB) string
}

// engines are both engines: every store test runs on each.
var engines = []engine{
	{EngineSQLite, func(t testing.TB) string { return filepath.Join(t.TempDir(), "dealer.db") }},
	{EnginePostgres, func(t testing.TB) string { return pgtest.URL(t) }},
}

// engineNamed is the engine of that name.
func engineNamed(name string) engine {
	for _, e := range engines {
		if e.name == name {
			return e
		}
	}
	panic("no engine " + name)
}

// forEachEngine runs fn as a subtest on each engine.
func forEachEngine(t *testing.T, fn func(t *testing.T, e engine)) {
	t.Helper()
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) { fn(t, e) })
	}
}

// forEachStore runs fn as a subtest on each engine, with a store on a new
// database of it and the store's fake clock (openTemp).
func forEachStore(t *testing.T, fn func(t *testing.T, s *Store, c *testkit.Clock)) {
	t.Helper()
	forEachEngine(t, func(t *testing.T, e engine) {
		s, c, _ := openTemp(t, e)
		fn(t, s, c)
	})
}

// benchEachEngine runs fn as a sub-benchmark on each engine.
func benchEachEngine(b *testing.B, fn func(b *testing.B, e engine)) {
	b.Helper()
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) { fn(b, e) })
	}
}

// openTemp opens a store on a new database of engine e, with a fake clock,
// and closes it at the end of the test. It returns the database as Open
// takes it, to open it again.
func openTemp(t testing.TB, e engine) (*Store, *testkit.Clock, string) {
	t.Helper()
	db := e.database(t)
	s, err := Open(db)
	require.NoError(t, err)
	require.Equal(t, e.name, s.Engine())
	c := newClock()
	s.Now = c.Now
	t.Cleanup(func() { s.Close() })
	return s, c, db
}

// openAgain opens a second store on db, as another process would, and
// closes it at the end of the test.
func openAgain(t testing.TB, db string) *Store {
	t.Helper()
	s, err := Open(db)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// openProxied opens a store on a new PostgreSQL database through a proxy
// that counts the round trips and can freeze the server, and closes it at
// the end of the test.
func openProxied(t *testing.T) (*Store, *pgtest.Proxy) {
	t.Helper()
	proxy, u := pgtest.NewProxy(t, pgtest.URL(t))
	s, err := Open(u)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s, proxy
}

// newClock is a clock for the store at noon on 2026-11-22, UTC.
func newClock() *testkit.Clock {
	return testkit.NewClock(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
}

// mustCreate creates a table, failing the test on an error.
func mustCreate(t testing.TB, s *Store, sess TableRow) int64 {
	t.Helper()
	id, err := s.CreateTable(context.Background(), sess)
	require.NoError(t, err)
	return id
}

// finish finishes table id at the version the store has now.
func finish(s *Store, id int64, status games.Status, results []Result) error {
	ctx := context.Background()
	v, err := s.Version(ctx, id)
	if err != nil {
		return err
	}
	_, err = s.Finish(ctx, id, v, status, results)
	return err
}

// setPlayers sets a lobby's players at the version the store has now.
func setPlayers(s *Store, id int64, players []Player) error {
	ctx := context.Background()
	v, err := s.Version(ctx, id)
	if err != nil {
		return err
	}
	_, err = s.SetPlayers(ctx, id, v, players)
	return err
}

// play stores one finished table of game in guild that lasted d and took
// moves moves, with results.
func play(t *testing.T, s *Store, c *testkit.Clock, guild, game string, d time.Duration, moves int, status games.Status, results ...Result) int64 {
	t.Helper()
	ctx := context.Background()
	seats := 1
	var players []Player
	for _, r := range results {
		seats = max(seats, r.Seat+1)
		players = append(players, Player{Seat: r.Seat, UserID: r.UserID, Name: r.Name, Computer: r.Computer})
	}
	id := mustCreate(t, s, TableRow{Game: game, Seats: seats, GuildID: guild, Status: StatusPlaying, Players: players})
	for i := range moves {
		require.NoError(t, s.AppendMove(ctx, id, i, 0, "m"))
	}
	c.Advance(d)
	require.NoError(t, finish(s, id, status, results))
	c.Advance(time.Hour) // between games
	return id
}

// human is the Result of a person at seat 0.
func human(id, name string, score int, won bool) Result {
	return Result{Seat: 0, UserID: id, Name: name, Score: score, Won: won}
}
