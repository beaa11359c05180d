// Package pgtest gives tests a real PostgreSQL, as net/http/httptest gives
// them a real HTTP server: a throwaway cluster started from the machine's
// PostgreSQL binaries in a temporary directory, listening only on a Unix
// socket there, and a fresh, empty place for each test's tables.
//
// That place is a schema of its own, named in the URL's search_path, not a
// database: CREATE DATABASE copies and flushes a template of several
// megabytes (a quarter of a second to a second on a small machine, each
// test), CREATE SCHEMA takes milliseconds. Unqualified names, migrations and
// sequences all live in the search path's schema, so to its user the
// schema is an empty database.
//
// One cluster serves a whole test binary: it is started at the first call
// of URL (or Shared) and stopped by Main, which the package's TestMain
// calls:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// The binaries are looked for in `pg_config --bindir`, then
// /usr/lib/postgresql/*/bin (the newest version first), then PATH. Without
// them a test that asks for a database is skipped with one line saying so
// (or fails, if DEALER_REQUIRE_POSTGRES=1, as in CI).
// If DEALER_TEST_POSTGRES holds a URL (postgres://user@host/db), that server
// is used instead, and nothing is started: each test gets a schema created
// in that URL's database and dropped after it.
//
// PostgreSQL refuses to run as root. As root (CI), initdb, pg_ctl and the
// server run as the "postgres" system user that Debian's postgresql package
// creates, in a directory given to that user.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL is the environment variable naming a PostgreSQL server to use
// instead of starting one.
const EnvURL = "DEALER_TEST_POSTGRES"

// EnvRequire is the environment variable that, set to 1 (as CI sets it),
// makes a missing PostgreSQL fail the tests that want one instead of
// skipping them.
const EnvRequire = "DEALER_REQUIRE_POSTGRES"

// ErrNoPostgres is the error of Start and Shared when there is no
// PostgreSQL to start: its binaries are not installed, or (as root) there
// is no postgres user to run them as.
var ErrNoPostgres = errors.New("pgtest: no PostgreSQL")

// Server is a PostgreSQL server for tests: a cluster this package started,
// or the server of DEALER_TEST_POSTGRES.
type Server struct {
	admin   string // URL of the database to connect to, as its superuser
	dir     string // the cluster's directory; "" for an external server
	bindir  string
	cred    *syscall.Credential // run the binaries as this user (as root)
	ownerID int                 // uid that owns dir, -1 if unchanged

	mu      sync.Mutex // serialises administration
	counter atomic.Int64
	stopped bool
}

// dirPrefix begins the names of the clusters' directories in os.TempDir.
const dirPrefix = "dealer-pgtest-"

// Start starts a new throwaway cluster, or connects to DEALER_TEST_POSTGRES's
// server if it is set. The caller stops it with Stop. ErrNoPostgres (wrapped,
// with the reason) if there is nothing to start.
func Start() (*Server, error) {
	if u := strings.TrimSpace(os.Getenv(EnvURL)); u != "" {
		s := &Server{admin: u, ownerID: -1}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.exec(ctx, "SELECT 1"); err != nil {
			return nil, fmt.Errorf("pgtest: %s=%s: %w", EnvURL, redact(u), err)
		}
		return s, nil
	}
	bindir, err := findBinaries()
	if err != nil {
		return nil, err
	}
	s := &Server{bindir: bindir, ownerID: -1}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("%w: running as root, and PostgreSQL refuses to: there is no postgres user to run it as (%v)", ErrNoPostgres, err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		s.ownerID = uid
	}
	cleanStale(s)

	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	s.dir = dir
	if err := s.initAndStart(); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// initAndStart makes the cluster in s.dir and starts it.
func (s *Server) initAndStart() error {
	// Who started the cluster, so that a later run can clean up after a
	// test binary that died without stopping it.
	if err := os.WriteFile(filepath.Join(s.dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	if err := s.chown(s.dir); err != nil {
		return err
	}
	data := filepath.Join(s.dir, "data")
	if out, err := s.run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
		"--no-locale", "--no-sync", "--no-instructions"); err != nil {
		return fmt.Errorf("pgtest: initdb: %v: %s", err, lastLines(out, 5))
	}
	// The superuser comes in without a password; any other role needs
	// its password (PasswordURL). Only the Unix socket listens.
	hba := "local all postgres trust\nlocal all all scram-sha-256\n"
	if err := s.writeFile(filepath.Join(data, "pg_hba.conf"), hba); err != nil {
		return err
	}
	conf := fmt.Sprintf(`
listen_addresses = ''
unix_socket_directories = '%s'
port = 5432
shared_buffers = 32MB
max_connections = 200
fsync = on
synchronous_commit = on
full_page_writes = off
deadlock_timeout = 200ms
log_min_messages = warning
`, s.dir)
	f, err := os.OpenFile(filepath.Join(data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	_, err = f.WriteString(conf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	logFile := filepath.Join(s.dir, "server.log")
	if out, err := s.run("pg_ctl", "-D", data, "-l", logFile, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(logFile)
		return fmt.Errorf("pgtest: pg_ctl start: %v: %s %s", err, lastLines(out, 3), lastLines(log, 5))
	}
	q := url.Values{"host": {s.dir}, "port": {"5432"}}
	s.admin = (&url.URL{Scheme: "postgres", User: url.User("postgres"), Path: "/postgres", RawQuery: q.Encode()}).String()
	return nil
}

// Stop stops the cluster and removes its directory; for an external server
// it does nothing. It may be called more than once.
func (s *Server) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped || s.dir == "" {
		s.stopped = true
		return nil
	}
	s.stopped = true
	var err error
	data := filepath.Join(s.dir, "data")
	if _, serr := os.Stat(filepath.Join(data, "postmaster.pid")); serr == nil {
		if out, e := s.run("pg_ctl", "-D", data, "-m", "immediate", "-w", "-t", "60", "stop"); e != nil {
			err = fmt.Errorf("pgtest: pg_ctl stop: %v: %s", e, lastLines(out, 3))
		}
	}
	return errors.Join(err, os.RemoveAll(s.dir))
}

// AdminURL is the URL of the server's administration database, as its
// superuser.
func (s *Server) AdminURL() string { return s.admin }

// External reports whether the server is DEALER_TEST_POSTGRES's rather than
// one this package started.
func (s *Server) External() bool { return s.dir == "" }

// NewSchema creates a new, empty schema owned by owner ("" for the
// superuser), and returns the URL of the server's database with the schema
// as its search_path, as the superuser (no password).
func (s *Server) NewSchema(ctx context.Context, owner string) (string, error) {
	name := fmt.Sprintf("dealer_test_%d_%d", os.Getpid(), s.counter.Add(1))
	stmt := "CREATE SCHEMA " + name
	if owner != "" {
		stmt += " AUTHORIZATION " + pgx.Identifier{owner}.Sanitize()
	}
	if err := s.exec(ctx, stmt); err != nil {
		return "", err
	}
	u, err := url.Parse(s.admin)
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// DropSchema drops the schema of a URL from NewSchema, with everything in
// it.
func (s *Server) DropSchema(ctx context.Context, schemaURL string) error {
	u, err := url.Parse(schemaURL)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	name := u.Query().Get("search_path")
	if !strings.HasPrefix(name, "dealer_test_") {
		return fmt.Errorf("pgtest: %s is not a URL of NewSchema", redact(schemaURL))
	}
	return s.exec(ctx, "SET lock_timeout = '10s'; DROP SCHEMA IF EXISTS "+pgx.Identifier{name}.Sanitize()+" CASCADE")
}

// CreateRole creates a role that may log in with password, and returns its
// name.
func (s *Server) CreateRole(ctx context.Context, password string) (string, error) {
	name := fmt.Sprintf("dealer_test_role_%d_%d", os.Getpid(), s.counter.Add(1))
	// Utility statements take no parameters: the password is quoted.
	quoted := "'" + strings.ReplaceAll(password, "'", "''") + "'"
	if err := s.exec(ctx, "CREATE ROLE "+name+" LOGIN PASSWORD "+quoted); err != nil {
		return "", err
	}
	return name, nil
}

// DropRole drops a role made by CreateRole.
func (s *Server) DropRole(ctx context.Context, name string) error {
	return s.exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{name}.Sanitize())
}

// exec runs one statement on the administration database.
func (s *Server) exec(ctx context.Context, stmt string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	conn, err := pgx.Connect(ctx, s.admin)
	if err != nil {
		return fmt.Errorf("pgtest: connect: %s", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return fmt.Errorf("pgtest: %s: %w", strings.Fields(stmt)[0]+" "+strings.Fields(stmt)[1], err)
	}
	return nil
}

// run runs one of the PostgreSQL binaries, as the postgres user when root.
func (s *Server) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(s.bindir, name), args...)
	cmd.Dir = s.dir
	if cmd.Dir == "" {
		cmd.Dir = os.TempDir()
	}
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	if s.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
		cmd.Env = append(cmd.Env, "HOME="+cmd.Dir, "USER=postgres", "LOGNAME=postgres")
	}
	// pg_ctl start leaves the server running with our output pipes open:
	// give it files, not pipes, so that Output returns.
	out, err := os.CreateTemp("", "pgtest-out-")
	if err != nil {
		return nil, err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	err = cmd.Run()
	b, _ := os.ReadFile(out.Name())
	return b, err
}

// writeFile writes a file of the cluster, owned by its user.
func (s *Server) writeFile(path, text string) error {
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	return s.chown(path)
}

// chown gives path to the user the cluster runs as (as root).
func (s *Server) chown(path string) error {
	if s.cred == nil {
		return nil
	}
	if err := os.Chown(path, int(s.cred.Uid), int(s.cred.Gid)); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	return nil
}

// findBinaries returns the directory holding initdb, pg_ctl and postgres:
// pg_config's, Debian's, or PATH's.
func findBinaries() (string, error) {
	return findBinariesIn("pg_config", "/usr/lib/postgresql/*/bin", exec.LookPath)
}

// findBinariesIn is findBinaries with the places to look given.
func findBinariesIn(pgConfig, debian string, lookPath func(string) (string, error)) (string, error) {
	has := func(dir string) bool {
		for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
			if fi, err := os.Stat(filepath.Join(dir, b)); err != nil || fi.IsDir() {
				return false
			}
		}
		return true
	}
	if out, err := exec.Command(pgConfig, "--bindir").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); has(dir) {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob(debian)
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, dir := range dirs {
		if has(dir) {
			return dir, nil
		}
	}
	if p, err := lookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil && has(filepath.Dir(real)) {
			return filepath.Dir(real), nil
		}
		if has(filepath.Dir(p)) {
			return filepath.Dir(p), nil
		}
	}
	return "", fmt.Errorf("%w: initdb and pg_ctl not found (pg_config --bindir, /usr/lib/postgresql/*/bin, PATH); install postgresql, or set %s to a server's URL", ErrNoPostgres, EnvURL)
}

// version is the major version in /usr/lib/postgresql/N/bin.
func version(bindir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(bindir)))
	return n
}

// cleanStale stops and removes the clusters of test binaries that died
// without stopping theirs (killed, or timed out).
func cleanStale(s *Server) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "owner"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue // its test binary is still running (or it is not ours)
		}
		stale := &Server{dir: dir, bindir: s.bindir, cred: s.cred}
		stale.Stop()
	}
}

// lastLines is the last n lines of out, on one line.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// redact hides a URL's password.
func redact(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return "(a URL that does not parse)"
}

var (
	sharedOnce sync.Once
	shared     *Server
	sharedErr  error
)

// Shared returns the server of this test binary, starting it at the first
// call. Main stops it.
func Shared() (*Server, error) {
	sharedOnce.Do(func() { shared, sharedErr = Start() })
	return shared, sharedErr
}

// Main runs the tests of m, stops the shared server if they started it,
// and exits with the tests' status. Call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if shared != nil {
		if err := shared.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	os.Exit(code)
}

// server is the shared server for t, which is skipped (one line) if there
// is no PostgreSQL (failed, if DEALER_REQUIRE_POSTGRES=1), and fails if
// there is one that will not start.
func server(t testing.TB) *Server {
	t.Helper()
	s, err := Shared()
	check(t, err, os.Getenv(EnvRequire) == "1")
	return s
}

// check skips t if err says there is no PostgreSQL, unless required, and
// fails it on any other error.
func check(t testing.TB, err error, required bool) {
	t.Helper()
	switch {
	case errors.Is(err, ErrNoPostgres) && !required:
		t.Skip(err.Error())
	case err != nil:
		t.Fatal(err)
	}
}

// URL returns the URL of a new, empty place for tables on the test server
// (a schema of its own, as the URL's search_path), as the superuser (no
// password), dropped when the test ends. It skips t, with one line, if
// there is no PostgreSQL.
func URL(t testing.TB) string {
	t.Helper()
	s := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	u, err := s.NewSchema(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.DropSchema(ctx, u); err != nil {
			t.Log(err)
		}
	})
	return u
}

// PasswordURL is URL for a new role that must give password to log in,
// owning the new schema. The URL names the role but holds no password: the
// test supplies it (or a wrong one). It skips t if there is no PostgreSQL,
// or if DEALER_TEST_POSTGRES's server lets the role in without its
// password.
func PasswordURL(t testing.TB, password string) string {
	t.Helper()
	s := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	role, err := s.CreateRole(ctx, password)
	if err != nil {
		if s.External() {
			t.Skipf("pgtest: cannot create a role on %s's server: %v", EnvURL, err)
		}
		t.Fatal(err)
	}
	u, err := s.NewSchema(ctx, role)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := errors.Join(s.DropSchema(ctx, u), s.DropRole(ctx, role)); err != nil {
			t.Log(err)
		}
	})
	ru, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	ru.User = url.User(role)
	if s.External() {
		wrong := *ru
		wrong.User = url.UserPassword(role, password+"-wrong")
		if c, err := pgx.Connect(ctx, wrong.String()); err == nil {
			c.Close(ctx)
			t.Skipf("pgtest: %s's server does not ask for passwords", EnvURL)
		}
	}
	return ru.String()
}
