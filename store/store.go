// Package store keeps the dealer's sessions, their move logs, per-deal rounds
// and results, and answers the leaderboards, in one SQLite file or in a
// PostgreSQL database: Open takes a file path or a postgres:// URL, and
// the Store is the same either way.
//
// SQLite: the file is in WAL mode with foreign keys on and a busy timeout.
// Writes go through a single connection whose transactions begin IMMEDIATE,
// so writers in this process queue in Go instead of fighting over SQLite's
// lock, and a writer in another process (a terminal game beside the bot)
// waits out the busy timeout instead of failing with "database is locked".
// Reads use a separate pool of read-only connections, which WAL lets run
// beside the writer. synchronous=FULL: every write, a move included, is
// committed to the file (the WAL fsynced) before its call returns.
//
// PostgreSQL: the same shape, one writer connection and a pool of
// read-only ones (default_transaction_read_only), over database/sql with
// pgx's driver. A commit returns once the server has flushed it
// (synchronous_commit as the server has it, on by default). Writers in
// other processes are kept apart by the rows themselves: a move's (session,
// seq) primary key, and the session's move count checked in the UPDATE that
// bumps it, which READ COMMITTED re-checks after waiting for the other's
// commit; the loser gets ErrConflict.
//
// On both, writes that queue up meanwhile are committed together, one
// flush for all (writer.go). The queries are written once for both engines
// (dialect.go), but for AppendMove's write, one statement on PostgreSQL
// where SQLite takes two. The schema is versioned (SQLite's user_version, PostgreSQL's
// schema_version table) and migrated at Open by the embedded, numbered
// files in migrations/sqlite and migrations/postgres, one set per engine
// with the same numbers.
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

	"github.com/jackc/pgx/v5"

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
// failing (SQLite).
const BusyTimeout = 10 * time.Second

// ConnectTimeout is how long Open waits for a PostgreSQL server to answer.
const ConnectTimeout = 10 * time.Second

// Store is the dealer's database. Its methods are safe for concurrent use.
type Store struct {
	// Now is the clock for creation, update and finish times (and so game
	// durations). It defaults to time.Now; tests may replace it right after
	// Open, before the Store is used.
	Now func() time.Time

	d    *dialect
	w    *sql.DB // one connection: the writer
	r    *sql.DB // read-only pool
	q    pool    // r, its queries rebound
	path string  // the file's absolute path, or the URL without its password
	// listen connects to PostgreSQL for Changes (nil on SQLite).
	listen *pgx.ConnConfig

	writes      chan *writeReq // to the writer goroutine (writer.go)
	commitDelay time.Duration  // see writer.go
	closing     chan struct{}
	writerEnd   chan struct{}
	closeOnce   sync.Once
}

// Option is an option of Open.
type Option func(*options)

type options struct {
	password string
}

// WithPassword is the PostgreSQL password, which wins over the URL's (and
// over PGPASSWORD and ~/.pgpass, which pgx reads when neither gives one);
// "" leaves those. It is never shown: not in errors, not by Path. SQLite
// ignores it.
func WithPassword(password string) Option {
	return func(o *options) { o.password = password }
}

// IsURL reports whether database names a PostgreSQL database
// (postgres://… or postgresql://…) rather than a SQLite file.
func IsURL(database string) bool {
	l := strings.ToLower(strings.TrimSpace(database))
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Redact is database fit to show: a URL with its password replaced by
// "xxxxx"; a file path as it is.
func Redact(database string) string {
	if !strings.Contains(database, "://") {
		return database
	}
	u, err := url.Parse(strings.TrimSpace(database))
	if err != nil {
		return "(a URL that does not parse)"
	}
	return u.Redacted()
}

// Open opens the database: a PostgreSQL database if database is a
// postgres:// or postgresql:// URL, else the SQLite file at that path,
// creating it and its directory if missing. It migrates the schema. A
// database from a newer version of the program is refused with
// ErrNewerSchema. Errors never show a password.
func Open(database string, opts ...Option) (*Store, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if IsURL(database) {
		return openPostgres(strings.TrimSpace(database), o)
	}
	if i := strings.Index(database, "://"); i > 0 && !strings.ContainsAny(database[:i], `/\.`) {
		return nil, fmt.Errorf("store: open %s: a database is a file path or a postgres:// URL, not a %s:// URL", Redact(database), database[:i])
	}
	return openSQLite(database)
}

// openSQLite opens the SQLite file at path.
func openSQLite(path string) (*Store, error) {
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
	d := sqliteDialect
	ms, err := d.migrations()
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
	oneConnection(w)

	ctx := context.Background()
	if _, err := migrate(ctx, d, w, ms); err != nil {
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
	readPool(r)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("store: open %q: %w", path, err)
	}
	return newStore(d, w, r, abs), nil
}

// oneConnection makes db the writer: one connection, kept.
func oneConnection(db *sql.DB) {
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
}

// readPool sizes the pool of readers.
func readPool(db *sql.DB) {
	n := max(4, runtime.GOMAXPROCS(0))
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
}

// newStore starts the Store's writer.
func newStore(d *dialect, w, r *sql.DB, path string) *Store {
	st := &Store{Now: time.Now, d: d, w: w, r: r, q: pool{r, d}, path: path,
		writes: make(chan *writeReq), commitDelay: commitDelay, closing: make(chan struct{}), writerEnd: make(chan struct{})}
	go st.writer()
	return st
}

// Path is the absolute path of the SQLite file, or the PostgreSQL URL with
// its password hidden (Redact).
func (s *Store) Path() string { return s.path }

// Engine is EngineSQLite or EnginePostgres.
func (s *Store) Engine() string { return s.d.engine }

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
	return s.d.schemaVersion(ctx, s.r)
}

func (s *Store) now() int64 {
	if s.Now == nil {
		return time.Now().UnixNano()
	}
	return s.Now().UnixNano()
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// ReadTimeout bounds a read whose context has no deadline of its own,
// and WriteTimeout a batch of writes none of which has a later one: no
// call waits for ever on a database that stopped answering.
const (
	ReadTimeout  = 10 * time.Second
	WriteTimeout = 5 * time.Second
)

// read runs fn in one read transaction, so that its queries see one
// snapshot, within ctx's deadline or ReadTimeout.
func (s *Store) read(ctx context.Context, fn func(tx *txn) error) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ReadTimeout)
		defer cancel()
	}
	opts := s.d.readTx
	tx, err := s.r.BeginTx(ctx, &opts)
	if err != nil {
		return fmt.Errorf("store: begin read: %w", err)
	}
	defer tx.Rollback()
	return fn(&txn{tx, s.d, ctx})
}

func notFound(id int64) error {
	return fmt.Errorf("store: session %d: %w", id, ErrNotFound)
}

// touch sets the session's updated_at, failing with ErrNotFound if there is no
// such session.
func touch(ctx context.Context, tx *txn, id int64, now int64) error {
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
