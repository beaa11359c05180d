package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// backupWriters is how many goroutines append moves, one table each,
// while a backup is taken.
const backupWriters = 8

// A backup taken while writers keep appending moves holds every move
// acknowledged before it began, each table's log whole (its move count
// matches its moves), and checks: integrity ok, this schema's version.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	s, _, _ := openTemp(t, engineNamed(EngineSQLite))
	ids := make([]int64, backupWriters)
	acked := make([]atomic.Int64, backupWriters)
	for i := range ids {
		ids[i] = mustCreate(t, s, TableRow{Game: "doublefreecell", Deal: uint64(i + 1), Seats: 1})
	}
	stop := make(chan struct{})
	started := make(chan struct{}, backupWriters)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			for seq := 0; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				if !assert.NoError(t, s.AppendMove(ctx, ids[i], seq, 0, fmt.Sprintf("m%d", seq))) {
					return
				}
				acked[i].Store(int64(seq + 1))
				if seq == 9 {
					started <- struct{}{} // ten moves in: the backup may begin
				}
			}
		})
	}
	for range ids {
		<-started
	}
	before := make([]int64, len(ids))
	for i := range acked {
		before[i] = acked[i].Load()
	}
	file := filepath.Join(t.TempDir(), "backup.db")
	info, err := s.Backup(ctx, file)
	close(stop)
	wg.Wait()
	require.NoError(t, err)

	want, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, BackupInfo{Path: file, Bytes: fileSize(t, file), SchemaVersion: want, Tables: int64(len(ids)),
		Moves: info.Moves, Results: 0}, info)
	fi, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(fileMode), fi.Mode().Perm(), "a backup is its owner's alone")

	assert.Equal(t, []string{"backup.db"}, dirNames(t, filepath.Dir(file)), "no temporary file left")

	b := openAgain(t, file)
	var total int64
	for i, id := range ids {
		row, moves, err := b.Table(ctx, id)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, int64(len(moves)), before[i], "table %d: every acknowledged move", id)
		assert.Equal(t, row.Moves, len(moves), "table %d: its count and its log agree", id)
		total += int64(len(moves))
	}
	assert.Equal(t, info.Moves, total)
}

// fileSize is the size of the file at path.
func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Size()
}

// dirNames are the names in the folder dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A backup never overwrites, never makes a folder, never names the
// database itself, and leaves nothing behind when it fails; PostgreSQL's
// is refused.
func TestBackupRefusals(t *testing.T) {
	ctx := context.Background()
	s, _, db := openTemp(t, engineNamed(EngineSQLite))
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.db")
	require.NoError(t, os.WriteFile(existing, []byte("an earlier backup"), 0o600))
	cases := []struct {
		name, path string
		is         error
		says       string
	}{
		{"an existing file", existing, ErrBackupExists, ""},
		{"the database itself", db, ErrBackupExists, "the database itself"},
		{"a folder that does not exist", filepath.Join(dir, "nowhere", "b.db"), nil, "no such file or directory"},
		{"a folder", dir, ErrBackupExists, ""},
		{"a URI", "file:b.db?mode=memory", nil, "need a file path"},
		{"empty", "", nil, "need a file path"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Backup(ctx, tc.path)
			require.Error(t, err)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
			assert.Contains(t, err.Error(), tc.says)
			assert.Equal(t, []string{"old.db"}, dirNames(t, dir))
			got, err := os.ReadFile(existing)
			require.NoError(t, err)
			assert.Equal(t, "an earlier backup", string(got))
		})
	}
	t.Run("postgres", func(t *testing.T) {
		pg, _, _ := openTemp(t, engineNamed(EnginePostgres))
		_, err := pg.Backup(ctx, filepath.Join(dir, "pg.db"))
		assert.ErrorIs(t, err, ErrBackupEngine)
		assert.Equal(t, []string{"old.db"}, dirNames(t, dir))
	})
}

// inspectBackup refuses a file that is not a sound database.
func TestInspectBackupRefusesDamage(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	forged := filepath.Join(dir, "forged.db")
	require.NoError(t, os.WriteFile(forged, []byte("SQLite format 3\x00 and then nothing"), 0o600))
	_, err := inspectBackup(ctx, forged)
	assert.Error(t, err)

	// A sound SQLite file that is not the dealer's.
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite3", other)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE notes (x TEXT)")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = inspectBackup(ctx, other)
	assert.ErrorContains(t, err, "no such table: sessions")
}
