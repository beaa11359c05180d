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
	"strings"
)

// ErrBackupExists is the error of Backup to a file that already exists:
// a backup never overwrites one.
var ErrBackupExists = errors.New("store: backup: the file exists")

// ErrBackupEngine is the error of Backup of a PostgreSQL database, which
// is backed up with the server's own tools (pg_dump).
var ErrBackupEngine = errors.New("store: backup: only a SQLite database is backed up by the dealer")

// BackupInfo is what a backup holds, read back from the file written.
type BackupInfo struct {
	Path          string // the backup's absolute path
	Bytes         int64  // its size
	SchemaVersion int
	Tables        int64 // the game tables (sessions), lobbies included
	Moves         int64
	Results       int64
	// Removed are the temporary files that backups to the same file,
	// stopped mid-way, had left beside it: removed first (RemovePartials).
	Removed []string
}

// Backup writes a consistent copy of the SQLite database to the new file
// path while the database stays in use: one read snapshot (SQLite's
// VACUUM INTO), so every write committed before Backup is called is in
// it, and none half. The copy is written under a temporary name in path's
// folder, checked (PRAGMA integrity_check, its schema version this
// store's), synced, and only then given its name: path is never a
// half-written or unchecked backup. The file is readable by its owner
// alone. A path that exists is refused with ErrBackupExists, a folder
// that does not exist is not made, and a PostgreSQL store returns
// ErrBackupEngine.
func (s *Store) Backup(ctx context.Context, path string) (BackupInfo, error) {
	if s.d.engine != EngineSQLite {
		return BackupInfo{}, ErrBackupEngine
	}
	if path == "" || strings.ContainsAny(path, "?#") || strings.HasPrefix(path, "file:") {
		return BackupInfo{}, fmt.Errorf("store: backup %q: need a file path, without '?' or '#'", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %q: %w", path, err)
	}
	if abs == s.path {
		return BackupInfo{}, fmt.Errorf("store: backup %s: %w (it is the database itself)", abs, ErrBackupExists)
	}
	if _, err := os.Lstat(abs); err == nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: %w", abs, ErrBackupExists)
	}
	want, err := s.SchemaVersion(ctx)
	if err != nil {
		return BackupInfo{}, err
	}
	// Best effort: a folder that cannot be read fails just below.
	removed, _ := RemovePartials(filepath.Dir(abs), func(name string) bool { return name == filepath.Base(abs) })
	// An empty file that is ours, with our mode, for VACUUM INTO to fill
	// (it accepts an empty one); "." keeps it out of a plain ls. It is
	// locked until the end, and kept open for that.
	tmp, err := os.CreateTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".*.partial")
	if err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: %w", abs, err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName) // gone once linked, or on failure
	defer tmp.Close()        // the lock held to the end, past SQLite's connections to the file
	if err := lockPartial(tmp, tmpName); err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: locking %s: %w", abs, filepath.Base(tmpName), err)
	}
	if err := s.vacuumInto(ctx, tmpName); err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: %w", abs, err)
	}
	info, err := inspectBackup(ctx, tmpName)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: the copy does not check: %w", abs, err)
	}
	if info.SchemaVersion != want {
		return BackupInfo{}, fmt.Errorf("store: backup %s: the copy's schema is version %d, the database's %d", abs, info.SchemaVersion, want)
	}
	if err := syncFile(tmpName); err != nil {
		return BackupInfo{}, fmt.Errorf("store: backup %s: %w", abs, err)
	}
	if err := placeNew(tmpName, abs); err != nil {
		return BackupInfo{}, err
	}
	info.Path, info.Removed = abs, removed
	return info, syncFile(filepath.Dir(abs)) // the new name, durable
}

// vacuumInto writes the database into the empty file at path, from one
// read snapshot. It runs on a connection of its own: the read pool's are
// query_only, which refuses VACUUM, and the writer must not wait on it.
func (s *Store) vacuumInto(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite3", s.path+"?"+url.Values{"_busy_timeout": {fmt.Sprint(BusyTimeout.Milliseconds())}}.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", path)
	return err
}

// inspectBackup checks the SQLite file at path, opened read-only and
// immutable (no -wal or -shm beside it), and counts what it holds.
func inspectBackup(ctx context.Context, path string) (BackupInfo, error) {
	db, err := sql.Open("sqlite3", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&immutable=1")
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	var ok string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check(1)").Scan(&ok); err != nil {
		return BackupInfo{}, err
	}
	if ok != "ok" {
		return BackupInfo{}, fmt.Errorf("integrity check: %s", ok)
	}
	var info BackupInfo
	err = db.QueryRowContext(ctx, `SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM moves), (SELECT COUNT(*) FROM results)`).
		Scan(&info.SchemaVersion, &info.Tables, &info.Moves, &info.Results)
	if err != nil {
		return BackupInfo{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return BackupInfo{}, err
	}
	info.Bytes = fi.Size()
	return info, nil
}

// placeNew gives the file at tmp the name path, which must not exist: a
// hard link fails rather than replace a file made meanwhile. Where the
// file system has no hard links, a rename after a last look.
func placeNew(tmp, path string) error {
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("store: backup %s: %w", path, ErrBackupExists)
	}
	if _, serr := os.Lstat(path); serr == nil {
		return fmt.Errorf("store: backup %s: %w", path, ErrBackupExists)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("store: backup %s: %w", path, err)
	}
	return nil
}

// syncFile flushes the file or folder at path to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
