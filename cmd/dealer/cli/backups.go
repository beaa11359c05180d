package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/dealer/dealer/store"
)

// The bounds and defaults of the config's backup section.
const (
	// minBackupEvery and maxBackupEvery bound the time between backups:
	// each copies the whole file, so not more often than every 5 minutes;
	// at least weekly, or it is hardly a backup.
	minBackupEvery     = 5 * time.Minute
	maxBackupEvery     = 7 * 24 * time.Hour
	defaultBackupEvery = 24 * time.Hour
	// maxBackupKeep bounds the backups kept: a folder of a thousand copies
	// of the database is a mistake.
	maxBackupKeep     = 1000
	defaultBackupKeep = 7
	// maxBackupRetry is the longest wait before a failed backup is tried
	// again.
	maxBackupRetry = 10 * time.Minute
)

// backupName is a periodic backup's file name: its time, UTC, so that
// names sort as times do.
var backupName = regexp.MustCompile(`^dealer-(\d{8}T\d{6}Z)\.db$`)

// backupTimeLayout is the time in backupName.
const backupTimeLayout = "20060102T150405Z"

// checkBackup: backup.dir a folder, with every from 5m to 168h (default
// 24h) and keep from 1 to 1,000 (default 7); neither without dir; SQLite
// only.
func checkBackup(c *Config) error {
	b := &c.Backup
	dir := strings.TrimSpace(b.Dir)
	switch {
	case dir == "" && (b.RawEvery != "" || b.RawKeep != ""):
		return keyErr("backup.dir", "backup.every and backup.keep need backup.dir, the folder the backups go to")
	case dir == "":
		return nil
	case len(dir) > maxDatabaseLength || strings.IndexFunc(dir, isControl) >= 0:
		return keyErr("backup.dir", "backup.dir must be a folder's path (got %q)", clip(dir, 60))
	case store.IsURL(c.Database):
		return keyErr("backup.dir", "backup: the dealer backs up SQLite files only: back PostgreSQL up with pg_dump (dealer db backup prints the command line)")
	}
	c.BackupEvery, c.BackupKeep = defaultBackupEvery, defaultBackupKeep
	if err := durationIn("backup.every", b.RawEvery, minBackupEvery, maxBackupEvery, "6h", &c.BackupEvery); err != nil {
		return err
	}
	if b.RawKeep != "" {
		n, err := strconv.Atoi(strings.TrimSpace(b.RawKeep))
		if err != nil || n < 1 || n > maxBackupKeep {
			return keyErr("backup.keep", "backup.keep must be a number from 1 to %d (got %q)", maxBackupKeep, clip(b.RawKeep, 20))
		}
		c.BackupKeep = n
	}
	return nil
}

// backups takes a backup of the bot's SQLite database into dir every
// so often, and keeps the newest keep of them. The next is due every
// after the newest in dir, so a bot restarted more often than every
// still backs up.
type backups struct {
	st    *store.Store
	dir   string
	every time.Duration
	keep  int
	log   *slog.Logger
	now   func() time.Time
	// done, if set, is called after each attempt (for tests).
	done func(error)

	lastSuccess prometheus.Gauge
	failures    prometheus.Counter
	lastFailed  time.Time
}

// newBackups are cfg's periodic backups of st, their metrics registered
// on metrics; nil when the config asks for none. The folder must exist
// and be writable: said at start, not at the first backup.
func newBackups(cfg Config, st *store.Store, metrics prometheus.Registerer, log *slog.Logger) (*backups, error) {
	if cfg.Backup.Dir == "" {
		return nil, nil
	}
	dir, err := filepath.Abs(strings.TrimSpace(cfg.Backup.Dir))
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("backup.dir %s is not a folder: make it, or name another", dir)
	}
	if at, err := writable(dir); err != nil {
		return nil, fmt.Errorf("backup.dir %s is not writable (%v)", at, err)
	}
	b := &backups{st: st, dir: dir, every: cfg.BackupEvery, keep: cfg.BackupKeep, log: log, now: time.Now,
		lastSuccess: prometheus.NewGauge(prometheus.GaugeOpts{Name: "dealer_backup_last_success_timestamp_seconds",
			Help: "When the newest periodic backup was written (Unix time; 0: none in backup.dir)."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "dealer_backup_failures_total",
			Help: "Periodic backups that failed."}),
	}
	if newest, ok := b.newest(); ok {
		b.lastSuccess.Set(float64(newest.Unix())) // a restart is no missed backup
	}
	if err := metrics.Register(b.lastSuccess); err != nil {
		return nil, err
	}
	if err := metrics.Register(b.failures); err != nil {
		return nil, err
	}
	return b, nil
}

// start runs the backups in a goroutine until ctx ends or stop is
// called; stop returns once no backup is under way. A nil b takes none.
func (b *backups) start(ctx context.Context) (stop func()) {
	if b == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		b.run(ctx)
	}()
	return func() {
		cancel()
		<-ended
	}
}

// run takes the backups as they fall due, until ctx ends.
func (b *backups) run(ctx context.Context) {
	for {
		timer := time.NewTimer(b.nextDue().Sub(b.now()))
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
		}
		err := b.once(ctx)
		if b.done != nil {
			b.done(err)
		}
	}
}

// nextDue is when the next backup is due: every after the newest in the
// folder (now if there is none), and not before a short wait after a
// failure.
func (b *backups) nextDue() time.Time {
	due := b.now()
	if newest, ok := b.newest(); ok {
		due = newest.Add(b.every)
	}
	if !b.lastFailed.IsZero() {
		if retry := b.lastFailed.Add(min(b.every, maxBackupRetry)); retry.After(due) {
			due = retry
		}
	}
	return due
}

// once takes a backup now, then removes the oldest beyond keep; it logs
// what it did, and counts a failure.
func (b *backups) once(ctx context.Context) error {
	now := b.now().UTC()
	file := filepath.Join(b.dir, "dealer-"+now.Format(backupTimeLayout)+".db")
	if removed, _ := store.RemovePartials(b.dir, backupName.MatchString); len(removed) > 0 {
		b.log.Warn("removed the temporary files of backups stopped mid-way", "dir", b.dir, "files", removed)
	}
	info, err := b.st.Backup(ctx, file)
	if err != nil && ctx.Err() != nil {
		return err // the bot is stopping: no failure of the backups
	}
	if err != nil {
		b.lastFailed = now
		b.failures.Inc()
		b.log.Error("backup failed", "file", file, "err", strings.ReplaceAll(err.Error(), "store: ", ""))
		return err
	}
	b.lastFailed = time.Time{}
	b.lastSuccess.Set(float64(now.Unix()))
	b.log.Info("backup written", "file", file, "tables", info.Tables, "moves", info.Moves, "bytes", info.Bytes)
	names := b.names()
	for len(names) > b.keep {
		if err := os.Remove(filepath.Join(b.dir, names[0])); err != nil {
			b.log.Error("removing an old backup", "err", err)
		}
		names = names[1:]
	}
	return nil
}

// newest is the time of the newest periodic backup in the folder, if
// there is one.
func (b *backups) newest() (time.Time, bool) {
	names := b.names()
	if len(names) == 0 {
		return time.Time{}, false
	}
	t, err := time.Parse(backupTimeLayout, backupName.FindStringSubmatch(names[len(names)-1])[1])
	return t, err == nil
}

// names are the periodic backups' names in the folder, oldest first;
// other files are not the dealer's to touch.
func (b *backups) names() []string {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && backupName.MatchString(e.Name()) {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out
}
