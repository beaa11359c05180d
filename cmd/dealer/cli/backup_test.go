package cli

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
)

// backupLine is db backup's report.
var backupLine = regexp.MustCompile(`^backed up (\S+) to (\S+): (\d+) tables?, (\d+) moves?, (\d+) results?; schema version (\d+); [\d.]+ (bytes|kB|MB)\n$`)

// playedTable is a table that a goroutine plays on while a backup is
// taken: its moves, and how many of them the store has acknowledged.
type playedTable struct {
	id    int64
	moves []string
	acked atomic.Int64
}

// livePlay is tables played on, a goroutine each, while a backup is
// taken.
type livePlay struct {
	tables []*playedTable
	// before is how many moves each table had saved once every one had
	// five: all of them come before the backup begins.
	before []int64
	halt   chan struct{}
	wg     sync.WaitGroup
}

// playWhileBackingUp opens n tables and plays their moves through
// store/play, a goroutine each, until stop; it returns once every table
// has five moves saved.
func playWhileBackingUp(t *testing.T, st *store.Store, n int) *livePlay {
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	me := []store.Player{{UserID: "terminal:tester", Name: "tester"}}
	lp := &livePlay{tables: make([]*playedTable, n), before: make([]int64, n), halt: make(chan struct{})}
	var begun sync.WaitGroup
	for i := range lp.tables {
		deal := uint64(20 + i)
		moves, _ := someMoves(t, "doublefreecell", deal, 40)
		tb, err := play.Open(ctx, st, reg, store.TableRow{Game: "doublefreecell", Deal: deal, Seats: 1, OwnerID: "terminal:tester", Players: play.Seat(me)})
		require.NoError(t, err)
		pt := &playedTable{id: tb.Row.ID, moves: moves}
		lp.tables[i] = pt
		begun.Add(1)
		lp.wg.Go(func() {
			defer func() {
				if pt.acked.Load() < 5 {
					begun.Done() // a failure: the test goes on to report it
				}
			}()
			for k, m := range moves {
				select {
				case <-lp.halt:
					return
				default:
				}
				if !assert.NoError(t, tb.Apply(ctx, 0, m)) {
					return
				}
				pt.acked.Store(int64(k + 1))
				if k == 4 {
					begun.Done()
				}
			}
		})
	}
	begun.Wait()
	for i, pt := range lp.tables {
		lp.before[i] = pt.acked.Load()
	}
	return lp
}

// stop stops the play and waits for its goroutines.
func (lp *livePlay) stop() {
	close(lp.halt)
	lp.wg.Wait()
}

// assertRestored checks that every table, as the database db restored
// from a backup (what: "backup", "dump") holds it, has every move saved
// before the backup began, and replays and resumes (restoredTables).
func (lp *livePlay) assertRestored(t *testing.T, db, what string) {
	restored := restoredTables(t, db, lp.tables)
	for i, pt := range lp.tables {
		assert.GreaterOrEqual(t, int64(restored[i]), lp.before[i], "table %d: every move saved before the %s", pt.id, what)
	}
}

// A backup taken by dealer db backup while games are being played holds
// every move saved before it began; it is a sound database of this
// schema; db check passes on it; and, put in place of the database,
// every table replays and resumes at the terminal where the backup left
// it.
func TestDBBackupWhilePlaying(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "dealer.db")
	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	finished := goodTables(t, st)
	live := playWhileBackingUp(t, st, 6)
	backup := filepath.Join(dir, "backups", "dealer-1.db")
	require.NoError(t, os.Mkdir(filepath.Dir(backup), 0o700))
	code, out, errs := run(t, "", nil, "db", "backup", backup, "--db", db)
	live.stop()
	require.Equal(t, exitOK, code, errs)
	assert.Empty(t, errs)
	m := backupLine.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Equal(t, []string{db, backup, strconv.Itoa(finished + 1 + len(live.tables))}, m[1:4], "every table, the lobby too")
	version, err := st.SchemaVersion(context.Background())
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(version), m[6])
	assertSoundFile(t, backup, version)
	assert.Equal(t, []string{"dealer-1.db"}, names(t, filepath.Dir(backup)), "nothing else written")

	code, out, errs = run(t, "", nil, "db", "check", "--db", backup)
	require.Equal(t, exitOK, code, errs)
	assert.Equal(t, fmt.Sprintf("checked %d tables: all replay\n", finished+len(live.tables)), out)
	live.assertRestored(t, backup, "backup")
}

// restoredTables loads each table from the backup (store/play.Load, a
// replay), checks its log is the moves played, in order, and resumes it
// at the terminal for one more move; it returns how many moves each had.
func restoredTables(t *testing.T, backup string, tables []*playedTable) []int {
	st, err := store.Open(backup)
	require.NoError(t, err)
	reg := catalog.Registry().Engines()
	have := make([]int, len(tables))
	for i, pt := range tables {
		tb, err := play.Load(context.Background(), st, reg, pt.id)
		require.NoError(t, err)
		log := tb.Log()
		have[i] = len(log)
		for k, entry := range log {
			assert.Equal(t, pt.moves[k], entry.Move, "table %d, move %d", pt.id, k+1)
		}
	}
	require.NoError(t, st.Close())
	env := map[string]string{"USER": "tester"}
	for i, pt := range tables {
		if have[i] == len(pt.moves) {
			continue // played out before the backup: nothing left to play
		}
		code, out, errs := run(t, pt.moves[have[i]]+"\nquit\n", env, "play", "--resume", strconv.FormatInt(pt.id, 10), "--db", backup)
		require.Equal(t, exitOK, code, errs)
		assert.Contains(t, out, fmt.Sprintf("resumed after %d moves", have[i]))
	}
	return have
}

// assertSoundFile checks the SQLite file at path, read-only: its
// integrity, and its schema version.
func assertSoundFile(t *testing.T, path string, version int) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1")
	require.NoError(t, err)
	defer db.Close()
	var ok string
	require.NoError(t, db.QueryRow("PRAGMA integrity_check").Scan(&ok))
	assert.Equal(t, "ok", ok)
	var v int
	require.NoError(t, db.QueryRow("PRAGMA user_version").Scan(&v))
	assert.Equal(t, version, v)
}

// names are the names in the folder dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// db backup's refusals: each says why in one line, writes nothing, and
// leaves the database and any file in the way as they were.
func TestDBBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "dealer.db")
	st, err := store.Open(db)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	old := filepath.Join(dir, "old.db")
	forged := filepath.Join(dir, "forged.db")
	require.NoError(t, os.WriteFile(old, []byte("last week's backup"), 0o600))
	require.NoError(t, os.WriteFile(forged, []byte("SQLite format 3\x00, or so it says"), 0o600))
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"an existing file", []string{"db", "backup", old, "--db", db}, exitFail,
			old + " exists: a backup never overwrites a file; name a new one"},
		{"the database itself", []string{"db", "backup", db, "--db", db}, exitFail, db + " exists"},
		{"a folder that does not exist", []string{"db", "backup", filepath.Join(dir, "nowhere", "b.db"), "--db", db}, exitFail,
			"the folder " + filepath.Join(dir, "nowhere") + " does not exist"},
		{"a file for a folder", []string{"db", "backup", filepath.Join(old, "b.db"), "--db", db}, exitFail, old + " is not a folder"},
		{"a forged database", []string{"db", "backup", filepath.Join(dir, "b.db"), "--db", forged}, exitFail,
			forged + " is not a database"},
		{"a missing database", []string{"db", "backup", filepath.Join(dir, "b.db"), "--db", filepath.Join(dir, "typo.db")}, exitFail,
			filepath.Join(dir, "typo.db") + ": no such file or directory"},
		{"no file", []string{"db", "backup", "--db", db}, exitUsage, "backup needs the new file to write"},
		{"two files", []string{"db", "backup", "a.db", "b.db", "--db", db}, exitUsage, `unexpected "b.db"`},
		{"a URL", []string{"db", "backup", "postgres://u@h/d", "--db", db}, exitUsage, "backup writes a file, not a URL"},
		{"copy's flags", []string{"db", "backup", "b.db", "--from", db}, exitUsage, "backup takes --db and --config, not --from"},
		{"a config that is not there", []string{"db", "backup", "b.db", "--config", filepath.Join(dir, "none.yaml")}, exitUsage, "none.yaml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, errs := runRefused(t, nil, tc.args...)
			assert.Equal(t, tc.code, code)
			assert.True(t, strings.HasPrefix(errs, "dealer db"), errs)
			assert.Contains(t, errs, tc.want)
			assert.ElementsMatch(t, []string{"dealer.db", "old.db", "forged.db"}, names(t, dir))
			got, err := os.ReadFile(old)
			require.NoError(t, err)
			assert.Equal(t, "last week's backup", string(got))
		})
	}
}

// On PostgreSQL db backup writes nothing and says to use pg_dump, with
// the command line for the configured URL, no password in it; that
// command line, given the password in PGPASSWORD, dumps the dealer's
// tables where pg_dump is installed.
func TestDBBackupPostgresSaysPgDump(t *testing.T) {
	const secret = "dump-s3cret"
	u := pgtest.PasswordURL(t, secret)
	st, err := store.Open(u, store.WithPassword(secret))
	require.NoError(t, err)
	goodTables(t, st)
	require.NoError(t, st.Close())
	dir := t.TempDir()
	file := filepath.Join(dir, "dealer.dump")
	cfg := filepath.Join(dir, "config.yaml")
	pu, err := url.Parse(u)
	require.NoError(t, err)
	pu.User = url.UserPassword(pu.User.Username(), secret)
	require.NoError(t, os.WriteFile(cfg, []byte("database: '"+pu.String()+"'\n"), 0o600))
	for _, args := range [][]string{{"db", "backup", file, "--config", cfg}, {"db", "backup", file, "--db", u}} {
		code, out, errs := run(t, "", map[string]string{"DEALER_DATABASE_PASSWORD": secret}, args...)
		assert.Equal(t, exitFail, code)
		assert.Empty(t, out)
		assert.NotContains(t, errs, secret)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		require.Len(t, lines, 2, errs)
		assert.Contains(t, lines[0], "is a PostgreSQL database: the dealer backs up only SQLite files; back it up with pg_dump")
		assert.True(t, strings.HasPrefix(lines[1], "  PGPASSWORD=… pg_dump --format=custom --file="+file+" --schema="), lines[1])
		assert.Equal(t, []string{"config.yaml"}, names(t, dir))
		if args[2] == "--db" {
			runPgDump(t, strings.TrimPrefix(lines[1], "  PGPASSWORD=… "), secret, file)
		}
	}
}

// runPgDump runs the command line that db backup printed, the password
// in PGPASSWORD, and checks the dump holds the dealer's tables.
func runPgDump(t *testing.T, line, password, file string) {
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Logf("%s is not installed: the command line is not run", tool)
			return
		}
	}
	cmd := exec.Command("sh", "-c", line)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+password)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	list, err := exec.Command("pg_restore", "--list", file).CombinedOutput()
	require.NoError(t, err, "%s", list)
	for _, table := range []string{"sessions", "moves", "results", "players"} {
		assert.Regexp(t, ` TABLE \S+ `+table+` `, string(list))
	}
}

// pg_dump's URL keeps what libpq takes, never a password, and turns a
// search_path into --schema.
func TestPgDumpURL(t *testing.T) {
	cases := []struct {
		database, shown, schema string
		password                bool
	}{
		{"postgres://dealer@db/dealer", "postgres://dealer@db/dealer", "", false},
		{"postgres://dealer:hunter2@db:5432/dealer?sslmode=require", "postgres://dealer@db:5432/dealer?sslmode=require", "", true},
		{"postgres://dealer@db/dealer?password=hunter2&search_path=games", "postgres://dealer@db/dealer", "games", true},
		{"postgres://dealer@db/dealer?search_path=a,b&statement_timeout=5000", "postgres://dealer@db/dealer", "", false},
		{"postgres://dealer:pa/ss@db/dealer", "postgres://dealer:xxxxx@db/dealer", "", true},
		{"postgresql://dealer@db/dealer?sslpassword=hunter2", "postgresql://dealer@db/dealer", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.database, func(t *testing.T) {
			shown, schema, password := pgDumpURL(tc.database)
			assert.Equal(t, tc.shown, shown)
			assert.Equal(t, tc.schema, schema)
			assert.Equal(t, tc.password, password)
			assert.NotContains(t, shown, "hunter2")
			assert.NotContains(t, shown, "pa/ss")
		})
	}
}

// staleFile writes a stopped backup's temporary file at dir/name, an hour
// old (store.RemovePartials leaves younger ones).
func staleFile(t *testing.T, dir, name string) {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte("half a backup"), 0o600))
	at := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(path, at, at))
}

// db backup removes what a stopped backup to the same file left, says so
// in one line, and leaves another file's alone.
func TestDBBackupRemovesAStoppedBackupsFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "dealer.db")
	st, err := store.Open(db)
	require.NoError(t, err)
	goodTables(t, st)
	require.NoError(t, st.Close())
	backups := filepath.Join(dir, "backups")
	require.NoError(t, os.Mkdir(backups, 0o700))
	staleFile(t, backups, ".b.db.4242.partial")
	staleFile(t, backups, ".c.db.4242.partial")

	code, out, errs := run(t, "", nil, "db", "backup", filepath.Join(backups, "b.db"), "--db", db)
	require.Equal(t, exitOK, code, errs)
	first, rest, _ := strings.Cut(out, "\n")
	assert.Equal(t, "removed 1 temporary file that a stopped backup to it had left: .b.db.4242.partial", first)
	assert.Regexp(t, backupLine, rest)
	assert.ElementsMatch(t, []string{"b.db", ".c.db.4242.partial"}, names(t, backups))
}

// On PostgreSQL, the pg_dump command line db backup prints, run while
// tables are played, restores (pg_restore, the schema gone first, as into
// a fresh database) to a database that db check passes, with every move
// saved before the dump began, and whose tables play on.
func TestPgDumpWhilePlayingRestores(t *testing.T) {
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	u := pgtest.URL(t)
	st, err := store.Open(u)
	require.NoError(t, err)
	finished := goodTables(t, st)
	live := playWhileBackingUp(t, st, 4)
	file := filepath.Join(t.TempDir(), "dealer.dump")
	code, _, errs := run(t, "", nil, "db", "backup", file, "--db", u)
	require.Equal(t, exitFail, code)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	require.Len(t, lines, 2, errs)
	out, err := exec.Command("sh", "-c", strings.TrimPrefix(lines[1], "  ")).CombinedOutput()
	live.stop()
	require.NoError(t, st.Close())
	require.NoError(t, err, "%s", out)

	srv, err := pgtest.Shared()
	require.NoError(t, err)
	require.NoError(t, srv.DropSchema(context.Background(), u))
	shown, _, _ := pgDumpURL(u)
	out, err = exec.Command("pg_restore", "--exit-on-error", "--dbname="+shown, file).CombinedOutput()
	require.NoError(t, err, "%s", out)

	code, got, errs := run(t, "", nil, "db", "check", "--db", u)
	require.Equal(t, exitOK, code, errs)
	assert.Equal(t, fmt.Sprintf("checked %d tables: all replay\n", finished+len(live.tables)), got)
	live.assertRestored(t, u, "dump")
}
