package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeAged writes a file at dir/name, its time age ago.
func writeAged(t *testing.T, dir, name string, age time.Duration) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte("half a backup"), 0o600))
	at := time.Now().Add(-age)
	require.NoError(t, os.Chtimes(path, at, at))
	return path
}

// RemovePartials removes a stopped backup's temporary file of the
// backups it is asked about, and nothing else: not a running backup's
// (locked), nor a fresh one, nor another backup's, a backup, a link, a
// folder, or a file merely named alike.
func TestRemovePartials(t *testing.T) {
	dir := t.TempDir()
	outside := writeAged(t, t.TempDir(), "precious.db", time.Hour)
	running, err := os.Create(filepath.Join(dir, ".b.db.456.partial"))
	require.NoError(t, err)
	defer running.Close()
	require.NoError(t, lockPartial(running, running.Name()))
	at := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(running.Name(), at, at))

	cases := []struct {
		name    string
		make    func() // makes the file name in dir
		removed bool
	}{
		{".b.db.123.partial", func() { writeAged(t, dir, ".b.db.123.partial", time.Hour) }, true},
		{".b.db.456.partial", func() {}, false}, // running
		{".b.db.789.partial", func() { writeAged(t, dir, ".b.db.789.partial", 0) }, false},
		{"b.db", func() { writeAged(t, dir, "b.db", time.Hour) }, false},
		{".c.db.1.partial", func() { writeAged(t, dir, ".c.db.1.partial", time.Hour) }, false},
		{".b.db.12x.partial", func() { writeAged(t, dir, ".b.db.12x.partial", time.Hour) }, false},
		{"b.db.1.partial", func() { writeAged(t, dir, "b.db.1.partial", time.Hour) }, false},
		{".b.db.55.partial", func() { require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".b.db.55.partial"))) }, false},
		{".b.db.66.partial", func() { require.NoError(t, os.Mkdir(filepath.Join(dir, ".b.db.66.partial"), 0o700)) }, false},
	}
	var want, kept []string
	for _, tc := range cases {
		tc.make()
		if tc.removed {
			want = append(want, tc.name)
		} else {
			kept = append(kept, tc.name)
		}
	}
	removed, err := RemovePartials(dir, func(name string) bool { return name == "b.db" })
	require.NoError(t, err)
	assert.Equal(t, want, removed)
	assert.ElementsMatch(t, kept, dirNames(t, dir))
	got, err := os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "half a backup", string(got), "a link's target untouched")

	_, err = RemovePartials(filepath.Join(dir, "nowhere"), func(string) bool { return true })
	assert.Error(t, err)
}

// The next backup to a file removes the temporary file a stopped backup
// to it left, and says so; a backup finds its own file gone if it was
// taken for a stopped one's before it was locked.
func TestBackupRemovesAStoppedBackupsFile(t *testing.T) {
	s, _, _ := openTemp(t, engineNamed(EngineSQLite))
	dir := t.TempDir()
	writeAged(t, dir, ".backup.db.999.partial", 2*time.Hour)
	writeAged(t, dir, ".other.db.999.partial", 2*time.Hour)
	info, err := s.Backup(context.Background(), filepath.Join(dir, "backup.db"))
	require.NoError(t, err)
	assert.Equal(t, []string{".backup.db.999.partial"}, info.Removed)
	assert.ElementsMatch(t, []string{"backup.db", ".other.db.999.partial"}, dirNames(t, dir))

	f, err := os.Create(filepath.Join(dir, ".late.db.1.partial"))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, os.Remove(f.Name()))
	assert.Error(t, lockPartial(f, f.Name()))
}
