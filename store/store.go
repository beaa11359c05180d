// Package store keeps the dealer's tables, their move logs, per-deal rounds
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
// other processes are kept apart by the rows themselves: a move's (table,
// seq) primary key, and the table's move count checked in the UPDATE that
// bumps it, which READ COMMITTED re-checks after waiting for the other's
// commit; the loser gets ErrConflict.
//
// On both, writes that queue up meanwhile are committed together, one
// flush for all (writer.go); on PostgreSQL a batch of the click path's
// writes (moves, timers, a table's message, languages) goes to the server
// in one round trip, and a table is read in one (pipeline.go). The queries
// are written once for both engines (dialect.go), but for AppendMove's
// write, one statement on PostgreSQL where SQLite takes two. The schema is versioned (SQLite's user_version, PostgreSQL's
// schema_version table) and migrated at Open by the embedded, numbered
// files in migrations/sqlite and migrations/postgres, one set per engine
// with the same numbers.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	_ "github.com/mattn/go-sqlite3" // the "sqlite3" driver

	"github.com/dealer/dealer/games"
)

// Errors, to test with errors.Is.
var (
	// ErrNotFound: no such table (or no unfinished table to resume).
	ErrNotFound = errors.New("store: not found")
	// ErrRematched: the finished table already has a follower in play or
	// played (TableRow.RematchOf; NextTable finds it).
	ErrRematched = errors.New("store: the table was already dealt again")
	// ErrConflict: a write that does not fit what is stored, such as a move
	// whose index is not the current length of the log (a lost race).
	ErrConflict = errors.New("store: conflict")
)

// Table statuses: the games' statuses, and a table's own. A table is
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

// finishedStatus reports whether st ends a table: unlike
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

	// versions and settings gather Version's and Settings' reads on
	// PostgreSQL (gather.go); nil on SQLite, whose reads cost no round
	// trip.
	versions *gatherer[int64, int]
	settings *gatherer[string, Settings]

	writes      chan *writeReq // to the writer goroutine (writer.go)
	m           *metrics       // metrics.go
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

// Redact is database fit to show: every secret it may hold replaced by
// "xxxxx". In a postgres:// URL that is the password of its user part and
// the value of every parameter whose name says it is a secret (password,
// sslpassword, oauth_client_secret…, in any case), and, in a URL whose
// parts are ambiguous (a password with an unescaped '/' that leaves its
// '@' behind, a port that is not a number), whatever may be a password
// put in the wrong place. In anything else (a file path, key=value
// settings) the values of such parameters. A file path is otherwise as it
// is.
func Redact(database string) string {
	shown, _ := redact(database)
	return shown
}

// redactMask replaces a secret in what is shown.
const redactMask = "xxxxx"

// secretParam reports whether a connection parameter's name says that its
// value is a secret.
func secretParam(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, w := range []string{"password", "passwd", "secret", "token"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// redact is Redact, and the secrets it hid (as written, and decoded), for
// scrubbing them from other texts.
func redact(database string) (string, []string) {
	s := strings.TrimSpace(database)
	var secrets []string
	hide := func(v string) {
		if v == "" {
			return
		}
		secrets = append(secrets, v)
		if d := lenientUnescape(v); d != v {
			secrets = append(secrets, d)
		}
	}
	lower := strings.ToLower(s)
	var head, rest string
	switch {
	case strings.Contains(s, "://"):
		i := strings.Index(s, "://")
		head, rest = s[:i+3], s[i+3:]
	case strings.HasPrefix(lower, "postgres:") || strings.HasPrefix(lower, "postgresql:"):
		// A URL with its slashes missing: shown as carefully.
		i := strings.IndexByte(s, ':') + 1
		for i < len(s) && s[i] == '/' {
			i++
		}
		head, rest = s[:i], s[i:]
	default:
		return redactSettings(database, hide), secrets
	}
	return head + redactURLRest(rest, hide), secrets
}

// urlParam is a URL's query parameter: a key and its value.
var urlParam = regexp.MustCompile(`(^|[?&])([^=&?]*)=([^&]*)`)

// redactURLRest is redact for what follows a URL's scheme://, read as
// libpq and pgx read it: the user part ends at a '@' that comes before
// any '/'.
func redactURLRest(p string, hide func(string)) string {
	var b strings.Builder
	if i := strings.IndexAny(p, "@/"); i >= 0 && p[i] == '@' {
		user, pw, hasPassword := strings.Cut(p[:i], ":")
		b.WriteString(user)
		if hasPassword {
			hide(pw)
			b.WriteString(":" + redactMask)
		}
		b.WriteByte('@')
		p = p[i+1:]
	}
	// Every parameter, wherever a '?' or '&' begins one: a password with
	// a '?' in it moves where the query seems to begin.
	p = urlParam.ReplaceAllStringFunc(p, func(m string) string {
		sm := urlParam.FindStringSubmatch(m)
		if !secretParam(lenientUnescape(sm[2])) {
			return m
		}
		hide(sm[3])
		return sm[1] + sm[2] + "=" + redactMask
	})
	// A '@' left in the hosts or the path is a user part that did not end
	// where it should (an unescaped '/' in its password), and a port that
	// is not a number may be a password put in the wrong place: then hide
	// from the first ':' to the last '@', or else the ports.
	hosts, _, _ := strings.Cut(p, "?")
	hostList, tail := hosts, p[len(hosts):]
	if i := strings.IndexByte(hostList, '/'); i >= 0 {
		hostList, tail = hosts[:i], p[i:]
	}
	parts := strings.Split(hostList, ",")
	ambiguous := strings.IndexByte(hosts, '@') >= 0
	for k, h := range parts {
		start := 0
		if strings.HasPrefix(h, "[") {
			if end := strings.IndexByte(h, ']'); end >= 0 {
				start = end + 1
			}
		}
		if c := strings.IndexByte(h[start:], ':'); c >= 0 {
			if port := h[start+c+1:]; strings.Trim(port, "0123456789") != "" {
				ambiguous = true
				hide(port)
				parts[k] = h[:start+c+1] + redactMask
			}
		}
	}
	if !ambiguous {
		return b.String() + p
	}
	if at := strings.LastIndexByte(p, '@'); at >= 0 {
		if c := strings.IndexByte(p[:at], ':'); c >= 0 {
			hide(p[c+1 : at])
			return b.String() + p[:c+1] + redactMask + p[at:]
		}
	}
	return b.String() + strings.Join(parts, ",") + tail
}

// setting is a key=value setting of libpq's other form (host=db
// password='x y'), or a parameter left in a file path.
var setting = regexp.MustCompile(`(^|[\s?&;])([A-Za-z_][A-Za-z0-9_.-]*)(\s*=\s*)('(?:[^'\\]|\\.)*'?|[^\s&;]*)`)

// redactSettings hides the values of secret settings in s.
func redactSettings(s string, hide func(string)) string {
	return setting.ReplaceAllStringFunc(s, func(m string) string {
		sm := setting.FindStringSubmatch(m)
		if !secretParam(sm[2]) {
			return m
		}
		hide(strings.Trim(sm[4], "'"))
		return sm[1] + sm[2] + sm[3] + redactMask
	})
}

// lenientUnescape is s with its %XX escapes decoded, a malformed one
// left as it is.
func lenientUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// keywordValue is the start of libpq's key=value form of a connection.
var keywordValue = regexp.MustCompile(`^\s*(host|hostaddr|port|dbname|user|password|passfile|sslmode|service|application_name|connect_timeout|options)\s*=`)

// IsKeywordValue reports whether database is written in libpq's key=value
// form (host=db dbname=dealer), which Open refuses: a PostgreSQL database
// is given by URL.
func IsKeywordValue(database string) bool {
	return keywordValue.MatchString(strings.ToLower(database))
}

// Open opens the database: a PostgreSQL database if database is a
// postgres:// or postgresql:// URL, else the SQLite file at that path,
// creating it and its directory if missing (the file readable by its owner
// alone). It migrates the schema. A database from a newer version of the
// program is refused with ErrNewerSchema. Errors never show a password.
func Open(database string, opts ...Option) (*Store, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if IsURL(database) {
		u := strings.TrimSpace(database)
		i := strings.Index(u, "://")
		// pgx reads the scheme in lower case only.
		return openPostgres(strings.ToLower(u[:i])+u[i:], o)
	}
	lower := strings.ToLower(strings.TrimSpace(database))
	switch {
	case IsKeywordValue(database):
		return nil, fmt.Errorf("store: open %s: key=value settings are not a database here: write a postgres:// URL, such as postgres://user@host/dbname", Redact(database))
	case strings.HasPrefix(lower, "postgres:") || strings.HasPrefix(lower, "postgresql:"):
		return nil, fmt.Errorf("store: open %s: a PostgreSQL URL begins postgres:// (two slashes)", Redact(database))
	}
	if i := strings.Index(database, "://"); i > 0 && !strings.ContainsAny(database[:i], `/\.`) {
		return nil, fmt.Errorf("store: open %s: a database is a file path or a postgres:// URL, not a %s:// URL", Redact(database), database[:i])
	}
	return openSQLite(database)
}

// fileMode is the mode of a new SQLite file: its games, names and Discord
// ids are for its owner's eyes. SQLite gives the -wal and -shm files it
// makes beside it the same mode.
const fileMode = 0o600

// createFile makes the database file at path, empty (which SQLite reads as
// a new database), with fileMode whatever the umask; an existing file, and
// its mode, are left alone.
func createFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := f.Chmod(fileMode); err != nil { // the umask may have taken bits away
		f.Close()
		return err
	}
	return f.Close()
}

// openSQLite opens the SQLite file at path.
func openSQLite(path string) (*Store, error) {
	shown := fmt.Sprintf("%q", Redact(path))
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("store: open %s: need the path of a file", shown)
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("store: open %s: the path may not contain '?' or '#'", shown)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
	}
	if err := createFile(abs); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
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
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
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
		return nil, fmt.Errorf("store: open %s: journal mode is %q, not WAL (%v)", shown, mode, err)
	}

	rq := url.Values{}
	for k, v := range common {
		rq[k] = v
	}
	rq.Set("_query_only", "true")
	r, err := sql.Open("sqlite3", abs+"?"+rq.Encode())
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
	}
	readPool(r)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("store: open %s: %w", shown, err)
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
		writes: make(chan *writeReq), m: newMetrics(), commitDelay: commitDelay, closing: make(chan struct{}), writerEnd: make(chan struct{})}
	if d.engine == EnginePostgres {
		st.versions = newGatherer(st.closing, st.readVersions)
		st.settings = newGatherer(st.closing, st.readSettings)
	}
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

// touch sets the table's updated_at, failing with ErrNotFound if there is no
// such table.
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
