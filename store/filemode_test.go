package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A new SQLite file, its -wal and its -shm are readable by their owner
// alone (0600), whatever the umask; an existing file keeps its mode.
func TestSQLiteFilesAreTheOwnersAlone(t *testing.T) {
	cases := []struct {
		name     string
		umask    int
		existing os.FileMode // 0: no file before Open
		want     os.FileMode
	}{
		{"umask 000", 0o000, 0, 0o600},
		{"umask 022", 0o022, 0, 0o600},
		{"umask 077", 0o077, 0, 0o600},
		{"umask 277", 0o277, 0, 0o600},
		{"an existing file, 0644", 0o022, 0o644, 0o644},
		{"an existing file, 0640", 0o000, 0o640, 0o640},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// The umask is the process's: no test of this package runs in
			// parallel with this one.
			old := syscall.Umask(tc.umask)
			defer syscall.Umask(old)

			db := filepath.Join(t.TempDir(), "sub", "dealer.db")
			if tc.existing != 0 {
				require.NoError(t, os.MkdirAll(filepath.Dir(db), 0o755))
				require.NoError(t, os.WriteFile(db, nil, tc.existing))
				require.NoError(t, os.Chmod(db, tc.existing))
			}
			s, err := Open(db)
			require.NoError(t, err)
			defer s.Close()
			_, err = s.CreateTable(context.Background(), TableRow{Game: "doublets", Seats: 1})
			require.NoError(t, err, "a write, so that the WAL is written")
			for _, suffix := range []string{"", "-wal", "-shm"} {
				fi, err := os.Stat(db + suffix)
				require.NoError(t, err, suffix)
				assert.Equal(t, fmt.Sprintf("%o", tc.want), fmt.Sprintf("%o", fi.Mode().Perm()), "dealer.db%s", suffix)
			}
		})
	}
}
