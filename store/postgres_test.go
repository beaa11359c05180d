package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/pgtest"
)

// PostgreSQL's settings: commits flushed before they return, a read pool
// that cannot write, foreign keys that hold.
func TestOpenSettingsPostgres(t *testing.T) {
	ctx := context.Background()
	s, _, _ := openTemp(t, engineNamed(EnginePostgres))
	setting := func(name string, fromReader bool) string {
		db := s.w
		if fromReader {
			db = s.r
		}
		var v string
		require.NoError(t, db.QueryRowContext(ctx, "SHOW "+name).Scan(&v))
		return v
	}
	assert.Equal(t, "on", setting("synchronous_commit", false), "a commit is flushed when it returns")
	assert.Equal(t, "off", setting("default_transaction_read_only", false))
	assert.Equal(t, "on", setting("default_transaction_read_only", true), "the read pool cannot write")
	assert.Equal(t, "read committed", setting("default_transaction_isolation", false))

	_, err := s.w.ExecContext(ctx, `INSERT INTO players (session_id, seat) VALUES (999, 0)`)
	require.Error(t, err, "foreign keys hold")
	_, err = s.r.ExecContext(ctx, `DELETE FROM sessions`)
	require.Error(t, err)
	assert.Equal(t, EnginePostgres, s.Engine())
}

// Which engine a database string opens, and the strings refused.
func TestOpenChoosesTheEngine(t *testing.T) {
	cases := []struct {
		database string
		url      bool
		refused  string // part of the error; "" if it opens (as a file)
	}{
		{"dealer.db", false, ""},
		{"postgres://u@h/db", true, ""},
		{"postgresql://u@h/db", true, ""},
		{"POSTGRES://u@h/db", true, ""},
		{"mysql://u:pw@h/db", false, "not a mysql:// URL"},
		{"", false, "need the path of a file"},
		{":memory:", false, "need the path of a file"},
	}
	for _, tc := range cases {
		t.Run(tc.database, func(t *testing.T) {
			assert.Equal(t, tc.url, IsURL(tc.database))
			if tc.url {
				return // opened by the tests that have a server
			}
			db := tc.database
			if tc.refused == "" {
				db = t.TempDir() + "/" + db
			}
			s, err := Open(db)
			if tc.refused == "" {
				require.NoError(t, err)
				assert.Equal(t, EngineSQLite, s.Engine())
				require.NoError(t, s.Close())
				return
			}
			require.ErrorContains(t, err, tc.refused)
			assert.NotContains(t, err.Error(), "pw@", "no password shown")
		})
	}
}

// A password is never shown: not in Open's errors (nor the errors they
// wrap), not by Path, whether it is in the URL or given with WithPassword,
// right or wrong.
func TestPasswordNeverShown(t *testing.T) {
	const secret = "hunter2-s3cret"
	type tc struct {
		name     string
		database func(t *testing.T) string
		password string
		opens    bool
		want     []string // in the error
	}
	withPassword := func(u, pw string) string {
		pu, err := url.Parse(u)
		require.NoError(t, err)
		pu.User = url.UserPassword(pu.User.Username(), pw)
		return pu.String()
	}
	cases := []tc{
		{name: "unreachable, password in the URL",
			database: func(*testing.T) string { return "postgres://dealer:" + secret + "@127.0.0.1:1/dealer" },
			want:     []string{"postgres://dealer:xxxxx@127.0.0.1:1/dealer", "cannot reach the server at 127.0.0.1:1", "connection refused"}},
		{name: "unreachable, password given",
			database: func(*testing.T) string { return "postgres://dealer@127.0.0.1:1/dealer" }, password: secret,
			want: []string{"postgres://dealer@127.0.0.1:1/dealer", "cannot reach the server"}},
		{name: "a URL pgx cannot read",
			database: func(*testing.T) string { return "postgres://dealer:" + secret + "@127.0.0.1:notaport/dealer" },
			want:     []string{"xxxxx"}},
		{name: "wrong password in the URL",
			database: func(t *testing.T) string { return withPassword(pgtest.PasswordURL(t, "right-one"), secret) },
			want:     []string{"refused the password of user", "xxxxx"}},
		{name: "wrong password given",
			database: func(t *testing.T) string { return pgtest.PasswordURL(t, "right-one") }, password: secret,
			want: []string{"refused the password of user"}},
		{name: "right password in the URL",
			database: func(t *testing.T) string { return withPassword(pgtest.PasswordURL(t, secret), secret) }, opens: true},
		{name: "right password given",
			database: func(t *testing.T) string { return pgtest.PasswordURL(t, secret) }, password: secret, opens: true},
		{name: "given wins over the URL's",
			database: func(t *testing.T) string { return withPassword(pgtest.PasswordURL(t, secret), "stale") }, password: secret, opens: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db := c.database(t)
			var opts []Option
			if c.password != "" {
				opts = append(opts, WithPassword(c.password))
			}
			s, err := Open(db, opts...)
			if c.opens {
				require.NoError(t, err)
				defer s.Close()
				assert.NotContains(t, s.Path(), secret)
				assert.Equal(t, Redact(db), s.Path())
				id, err := s.CreateTable(context.Background(), TableRow{Game: "doublets", Seats: 1})
				require.NoError(t, err)
				assert.NotZero(t, id)
				return
			}
			require.Error(t, err)
			for e := err; e != nil; e = errors.Unwrap(e) {
				assert.NotContains(t, e.Error(), secret, "%T", e)
			}
			assert.NotContains(t, fmt.Sprintf("%+v %#v", err, err.Error()), secret)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// Rebinding turns ? into $n for PostgreSQL, leaving quoted text alone.
func TestRebind(t *testing.T) {
	cases := []struct{ in, pg string }{
		{`SELECT 1`, `SELECT 1`},
		{`UPDATE t SET a = ? WHERE b = ? AND c = ?`, `UPDATE t SET a = $1 WHERE b = $2 AND c = $3`},
		{`SELECT '?' , "a?b", ? FROM t`, `SELECT '?' , "a?b", $1 FROM t`},
		{`SELECT 'it''s ?', ?`, `SELECT 'it''s ?', $1`},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.in, sqliteDialect.rebind(tc.in))
		assert.Equal(t, tc.pg, postgresDialect.rebind(tc.in))
		assert.Equal(t, tc.pg, postgresDialect.rebind(tc.in), "cached")
	}
}

// returns waits for f to return (a hang fails the test after a minute:
// what is checked is that it returns, not how fast).
func returns(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("%s did not return", what)
		return nil
	}
}

// A PostgreSQL server that stops answering (behind a proxy that stopped
// forwarding: no error, no close) holds no call for ever: writes and reads
// return at their callers' deadlines, the writer goes on with the next
// writes, and once the server answers again the store works on with
// nothing acknowledged lost.
func TestFrozenServer(t *testing.T) {
	s, proxy := openProxied(t)
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "m0"), "acknowledged before the freeze")

	proxy.Freeze()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := returns(t, "a write to a frozen server", func() error {
				ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
				defer cancel()
				return s.AppendMove(ctx, id, 1, 0, "frozen")
			})
			assert.Error(t, err, "write %d", i)
		}()
	}
	wg.Wait()
	err := returns(t, "a read from a frozen server", func() error {
		ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		_, err := s.TableRow(ctx, id)
		return err
	})
	assert.Error(t, err)
	err = returns(t, "a read without a deadline", func() error {
		_, err := s.Moves(ctx, id) // ReadTimeout bounds it
		return err
	})
	assert.Error(t, err)

	proxy.Thaw()
	// The writer recovers: the next writes go through (the one cut off by
	// the freeze may have been committed after all: the log says).
	require.Eventually(t, func() bool {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		moves, err := s.Moves(ctx, id)
		if err != nil {
			return false
		}
		err = s.AppendMove(ctx, id, len(moves), 0, "after")
		return err == nil
	}, time.Minute, 50*time.Millisecond, "writes go through again")
	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "m0", moves[0].Move, "nothing acknowledged is lost")
	assert.Equal(t, "after", moves[len(moves)-1].Move)
	assert.LessOrEqual(t, len(moves), 3)
}

// The change listener hears again after its connection is cut: it says
// notices may have been missed (id 0) once it listens anew, and then
// hears every change.
func TestChangesAfterDrop(t *testing.T) {
	s, proxy := openProxied(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard := make(chan int64, 100)
	go s.Changes(ctx, func(id int64, _ int) { heard <- id })
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	// Listening: a move is heard.
	require.Eventually(t, func() bool {
		require.NoError(t, s.AppendMove(ctx, id, len(mustMoves(t, s, id)), 0, "m"))
		select {
		case got := <-heard:
			return got == id
		case <-time.After(500 * time.Millisecond):
			return false
		}
	}, time.Minute, 10*time.Millisecond)

	require.Positive(t, proxy.Drop(), "connections cut")
	select {
	case got := <-heard:
		for got != 0 {
			got = <-heard
		}
	case <-time.After(time.Minute):
		t.Fatal("the listener did not say notices may have been missed")
	}
	require.NoError(t, s.AppendMove(ctx, id, len(mustMoves(t, s, id)), 0, "m"))
	select {
	case got := <-heard:
		assert.Equal(t, id, got, "heard once it listens again")
	case <-time.After(time.Minute):
		t.Fatal("a change after the drop was not heard")
	}
}

func mustMoves(t *testing.T, s *Store, id int64) []string {
	t.Helper()
	moves, err := s.Moves(context.Background(), id)
	require.NoError(t, err)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Move
	}
	return out
}
