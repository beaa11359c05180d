package cli

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/store"
)

// The backup section's values: defaults, bounds, and what it may not be
// without.
func TestConfigBackup(t *testing.T) {
	cases := []struct {
		name, text, fails string
		every             time.Duration
		keep              int
	}{
		{"none", "", "", 0, 0},
		{"defaults", "backup:\n  dir: backups\n", "", 24 * time.Hour, 7},
		{"set", "backup:\n  dir: backups\n  every: 6h\n  keep: 30\n", "", 6 * time.Hour, 30},
		{"at the bounds", "backup:\n  dir: b\n  every: 5m\n  keep: 1000\n", "", 5 * time.Minute, 1000},
		{"too often", "backup:\n  dir: b\n  every: 1m\n", "backup.every must be a duration from 5m to 168h", 0, 0},
		{"not a duration", "backup:\n  dir: b\n  every: daily\n", `backup.every must be a duration from 5m to 168h, such as 6h (got "daily")`, 0, 0},
		{"keep none", "backup:\n  dir: b\n  keep: 0\n", "backup.keep must be a number from 1 to 1000", 0, 0},
		{"keep a word", "backup:\n  dir: b\n  keep: all\n", `(got "all")`, 0, 0},
		{"every without dir", "backup:\n  every: 6h\n", "need backup.dir", 0, 0},
		{"on PostgreSQL", "database: postgres://dealer@db/dealer\nbackup:\n  dir: b\n", "back PostgreSQL up with pg_dump", 0, 0},
		{"an unknown key", "backup:\n  dir: b\n  hourly: true\n", "hourly", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(writeConfig(t, tc.text), true, noEnv)
			if tc.fails != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.fails)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.every, c.BackupEvery)
			assert.Equal(t, tc.keep, c.BackupKeep)
		})
	}
}

// hourClock is a clock that moves an hour each time it is read: every
// backup has a name of its own, and each is due at once.
type hourClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *hourClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Hour)
	return c.t
}

// newTestBackups are the periodic backups of a new database with a
// table, into a new folder, keeping keep; their log is written to logs.
func newTestBackups(t *testing.T, keep int, logs *bytes.Buffer) *backups {
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "dealer.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	goodTables(t, st)
	var cfg Config
	cfg.Database = st.Path()
	cfg.Backup.Dir = filepath.Join(dir, "backups")
	cfg.Backup.RawKeep = "3"
	require.NoError(t, os.Mkdir(cfg.Backup.Dir, 0o700))
	require.NoError(t, checkBackup(&cfg))
	b, err := newBackups(cfg, st, prometheus.NewRegistry(), slog.New(slog.NewTextHandler(logs, nil)))
	require.NoError(t, err)
	b.keep = keep
	return b
}

// The running bot's backups: each due one written and sound, the newest
// keep kept, other files in the folder left alone, and the metrics and
// the log saying so.
func TestPeriodicBackups(t *testing.T) {
	var logs bytes.Buffer
	b := newTestBackups(t, 3, &logs)
	clock := &hourClock{t: time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)}
	b.now = clock.now
	b.every = time.Hour // each due by the time the clock is read again
	mine := []string{"notes.txt", "dealer.db", "dealer-yesterday.db"}
	for _, n := range mine {
		require.NoError(t, os.WriteFile(filepath.Join(b.dir, n), []byte("the admin's"), 0o600))
	}
	attempts := make(chan error)
	b.done = func(err error) { attempts <- err }
	stop := b.start(context.Background())
	for range 5 {
		require.NoError(t, <-attempts)
	}
	go func() {
		for range attempts { // one more may be under way as it stops
		}
	}()
	stop()
	close(attempts)

	kept := b.names()
	require.Len(t, kept, 3)
	assert.ElementsMatch(t, append(append([]string{}, kept...), mine...), names(t, b.dir), "only the oldest backups removed")
	version, err := b.st.SchemaVersion(context.Background())
	require.NoError(t, err)
	for _, n := range kept {
		assertSoundFile(t, filepath.Join(b.dir, n), version)
	}
	newest, err := time.Parse(backupTimeLayout, backupName.FindStringSubmatch(kept[2])[1])
	require.NoError(t, err)
	assert.Equal(t, float64(newest.Unix()), testutil.ToFloat64(b.lastSuccess))
	assert.Zero(t, testutil.ToFloat64(b.failures))
	assert.Contains(t, logs.String(), "backup written")
	assert.Contains(t, logs.String(), kept[2])
}

// A backup that fails is counted and logged, and tried again after a
// short wait, not at once; the next is due every after the newest.
func TestPeriodicBackupFailsAndWaits(t *testing.T) {
	var logs bytes.Buffer
	b := newTestBackups(t, 3, &logs)
	at := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	b.now = func() time.Time { return at }
	assert.Equal(t, at, b.nextDue(), "none yet: due now")

	require.NoError(t, b.once(context.Background()))
	assert.Equal(t, at.Add(b.every), b.nextDue())

	require.NoError(t, os.RemoveAll(b.dir))
	require.Error(t, b.once(context.Background()))
	assert.Equal(t, 1.0, testutil.ToFloat64(b.failures))
	assert.Contains(t, logs.String(), "backup failed")
	assert.Equal(t, at.Add(maxBackupRetry), b.nextDue(), "a short wait, then again")
}

// The folder must exist: said when the bot starts.
func TestPeriodicBackupsNeedTheFolder(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "dealer.db"))
	require.NoError(t, err)
	defer st.Close()
	var cfg Config
	cfg.Database = st.Path()
	b, err := newBackups(cfg, st, prometheus.NewRegistry(), slog.Default())
	require.NoError(t, err)
	assert.Nil(t, b, "no backup.dir: no backups")
	b.start(context.Background())() // a nil one starts and stops

	cfg.Backup.Dir = filepath.Join(dir, "missing")
	require.NoError(t, checkBackup(&cfg))
	_, err = newBackups(cfg, st, prometheus.NewRegistry(), slog.Default())
	require.EqualError(t, err, "backup.dir "+cfg.Backup.Dir+" is not a folder: make it, or name another")

	// A folder with backups from before a restart: the newest is the
	// last success, not none.
	require.NoError(t, os.Mkdir(cfg.Backup.Dir, 0o700))
	for _, n := range []string{"dealer-20261125T000000Z.db", "dealer-20261126T060000Z.db"} {
		require.NoError(t, os.WriteFile(filepath.Join(cfg.Backup.Dir, n), nil, 0o600))
	}
	b, err = newBackups(cfg, st, prometheus.NewRegistry(), slog.Default())
	require.NoError(t, err)
	assert.Equal(t, float64(time.Date(2026, 11, 26, 6, 0, 0, 0, time.UTC).Unix()), testutil.ToFloat64(b.lastSuccess))
}

// `dealer run` with a backup section takes its first backup at once (the
// folder holds none yet), logs it, and stops cleanly.
func TestServeTakesBackups(t *testing.T) {
	fake := club(t)
	dir := t.TempDir()
	var cfg Config
	cfg.Discord.Token = fake.Token()
	cfg.Database = filepath.Join(dir, "dealer.db")
	cfg.Backup.Dir = filepath.Join(dir, "backups")
	require.NoError(t, os.Mkdir(cfg.Backup.Dir, 0o700))
	require.NoError(t, checkBackup(&cfg))
	logs := &testkit.Log{}
	stop := serving(t, fake, cfg, slog.New(slog.NewTextHandler(logs, nil)))
	require.Eventually(t, func() bool {
		l := logs.String()
		return strings.Contains(l, "the dealer is at the table") && strings.Contains(l, "backup written")
	}, 10*time.Second, 10*time.Millisecond)
	stop()
	got := names(t, cfg.Backup.Dir)
	require.Len(t, got, 1)
	assert.Regexp(t, backupName, got[0])
	st, err := store.Open(cfg.Database) // stopped: the bot's database again
	require.NoError(t, err)
	defer st.Close()
	version, err := st.SchemaVersion(context.Background())
	require.NoError(t, err)
	assertSoundFile(t, filepath.Join(cfg.Backup.Dir, got[0]), version)
}

// The periodic backups remove what a stopped one left, saying so once,
// and prune only their own backups: never another stopped backup's file,
// a link or a folder named as theirs, or a file named almost alike.
func TestPeriodicBackupsRemoveOnlyTheirOwn(t *testing.T) {
	ctx := context.Background()
	var logs bytes.Buffer
	b := newTestBackups(t, 1, &logs)
	b.now = (&hourClock{t: time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)}).now
	staleFile(t, b.dir, ".dealer-20261126T000000Z.db.77.partial")
	staleFile(t, b.dir, ".notes.txt.77.partial")
	staleFile(t, b.dir, "dealer-2020.db")
	outside := filepath.Join(t.TempDir(), "elsewhere.db")
	require.NoError(t, os.WriteFile(outside, []byte("the admin's"), 0o600))
	require.NoError(t, os.Symlink(outside, filepath.Join(b.dir, "dealer-20200101T000000Z.db")))
	require.NoError(t, os.Mkdir(filepath.Join(b.dir, "dealer-20200102T000000Z.db"), 0o700))
	for range 3 {
		require.NoError(t, b.once(ctx))
	}
	kept := b.names()
	require.Len(t, kept, 1)
	assert.ElementsMatch(t, append(kept, ".notes.txt.77.partial", "dealer-2020.db", "dealer-20200101T000000Z.db", "dealer-20200102T000000Z.db"),
		names(t, b.dir))
	assert.Equal(t, 1, strings.Count(logs.String(), "removed the temporary files of backups stopped mid-way"), logs.String())
	assert.Contains(t, logs.String(), ".dealer-20261126T000000Z.db.77.partial")
	got, err := os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "the admin's", string(got))
}
