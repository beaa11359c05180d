// Package store keeps the dealer's sessions, their move logs, per-deal rounds
// and results in one SQLite file, and answers the leaderboards.
//
// The file is in WAL mode with foreign keys on and a busy timeout. Writes go
// through a single connection whose transactions begin IMMEDIATE, so writers
// in this process queue in Go instead of fighting over SQLite's lock, and a
// writer in another process (a terminal game beside the bot) waits out the
// busy timeout instead of failing with "database is locked". Reads use a
// separate pool of read-only connections, which WAL lets run beside the
// writer. synchronous=FULL: every write, a move included, is committed to
// the file (the WAL fsynced) before its call returns. Writes that queue up
// meanwhile are committed together, one fsync for all (writer.go).
//
// The schema is versioned by SQLite's user_version and migrated at Open by
// the embedded, numbered files in migrations/.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // the "sqlite3" driver

	"github.com/dealer/dealer/games"
)

// Errors, to test with errors.Is.
var (
	// ErrNotFound: no such session (or no unfinished session to resume).
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: a write that does not fit what is stored, such as a move
	// whose index is not the current length of the log (a lost race).
	ErrConflict = errors.New("store: conflict")
)

// Session statuses: the games' statuses, and a table's own. A session is
// stored with its status's name.
const (
	StatusLobby     = games.Lobby
	StatusPlaying   = games.Playing
	StatusWon       = games.Won
	StatusLost      = games.Lost
	StatusOver      = games.Over
	StatusAbandoned = games.Abandoned
)

// validStatus reports whether st is one of the statuses.
func validStatus(st games.Status) bool {
	switch st {
	case StatusLobby, StatusPlaying, StatusWon, StatusLost, StatusOver, StatusAbandoned:
		return true
	}
	return false
}

// finishedStatus reports whether st ends a session: unlike
// games.Status.Finished, Abandoned does.
func finishedStatus(st games.Status) bool {
	switch st {
	case StatusWon, StatusLost, StatusOver, StatusAbandoned:
		return true
	}
	return false
}

// BusyTimeout is how long a write waits for another process's lock before
// failing.
const BusyTimeout = 10 * time.Second

// Store is the dealer's database. Its methods are safe for concurrent use.
type Store struct {
	// Now is the clock for creation, update and finish times (and so game
	// durations). It defaults to time.Now; tests may replace it right after
	// Open, before the Store is used.
	Now func() time.Time

	w    *sql.DB // one connection, BEGIN IMMEDIATE, synchronous=FULL
	r    *sql.DB // read-only pool
	path string

	writes    chan *writeReq // to the writer goroutine (writer.go)
	closing   chan struct{}
	writerEnd chan struct{}
	closeOnce sync.Once
}

// Open opens the database file at path, creating it and its directory if
// missing, and migrates its schema. A database from a newer version of the
// program is refused with ErrNewerSchema.
func Open(path string) (*Store, error) {
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("store: open %q: need the path of a file", path)
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("store: open %q: the path may not contain '?' or '#'", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	ms, err := loadMigrations(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}

	common := url.Values{}
	common.Set("_busy_timeout", fmt.Sprint(BusyTimeout.Milliseconds()))
	common.Set("_foreign_keys", "on")
	common.Set("_stmt_cache_size", "32")

	wq := url.Values{}
	for k, v := range common {
		wq[k] = v
	}
	wq.Set("_journal_mode", "WAL")
	wq.Set("_synchronous", "FULL")
	wq.Set("_txlock", "immediate")
	w, err := sql.Open("sqlite3", abs+"?"+wq.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)

	ctx := context.Background()
	if _, err := migrate(ctx, w, ms); err != nil {
		w.Close()
		return nil, fmt.Errorf("%w (file %s)", err, abs)
	}
	var mode string
	if err := w.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || !strings.EqualFold(mode, "wal") {
		w.Close()
		return nil, fmt.Errorf("store: open %q: journal mode is %q, not WAL (%v)", path, mode, err)
	}

	rq := url.Values{}
	for k, v := range common {
		rq[k] = v
	}
	rq.Set("_query_only", "true")
	r, err := sql.Open("sqlite3", abs+"?"+rq.Encode())
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	st := &Store{Now: time.Now, w: w, r: r, path: abs,
		writes: make(chan *writeReq), closing: make(chan struct{}), writerEnd: make(chan struct{})}
	go st.writer()
	return st, nil
}

// Path is the absolute path of the database file.
func (s *Store) Path() string { return s.path }

// Close closes the database. Every write has already been committed.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.closing)
		<-s.writerEnd
	})
	return errors.Join(s.r.Close(), s.w.Close())
}

// SchemaVersion is the schema version of the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return userVersion(ctx, s.r)
}

func (s *Store) now() int64 {
	if s.Now == nil {
		return time.Now().UnixNano()
	}
	return s.Now().UnixNano()
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// read runs fn in one read transaction, so that its queries see one snapshot.
func (s *Store) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("store: begin read: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}

func notFound(id int64) error {
	return fmt.Errorf("store: session %d: %w", id, ErrNotFound)
}

// touch sets the session's updated_at, failing with ErrNotFound if there is no
// such session.
func touch(ctx context.Context, tx *sql.Tx, id int64, now int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE sessions SET updated_at = ? WHERE id = ?`, now, id)
	if err != nil {
		return fmt.Errorf("store: session %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound(id)
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
