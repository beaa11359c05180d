package store

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// A backup is written under a temporary name beside its file,
// ".NAME.<digits>.partial" (Backup), and given its name once checked. A
// backup stopped mid-way (a crash, a kill, a full disk) leaves that file
// behind: the next backup removes it (RemovePartials).

// partialName matches a temporary name: the backup's file name between a
// "." and the digits os.CreateTemp puts for its "*".
var partialName = regexp.MustCompile(`^\.(.+)\.[0-9]+\.partial$`)

// partialMinAge is how old a temporary file must be to be removed: a
// backup locks its file at once (lockPartial), but between its creation
// and the lock another backup could otherwise take it for a stopped one.
const partialMinAge = time.Minute

// RemovePartials removes the temporary files in dir left by backups that
// were stopped mid-way, of the backups whose file names ours accepts: a
// regular file named as Backup names them, a minute old or more, that no
// running backup holds (each holds a lock on its own, released when its
// process ends, however it ends). Other files are never touched, nor the
// backups themselves. It returns the names removed; where the system has
// no such locks (not Unix), it removes none.
func RemovePartials(dir string, ours func(name string) bool) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("store: backups' temporary files in %s: %w", dir, err)
	}
	var removed []string
	for _, e := range entries {
		m := partialName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() || !ours(m[1]) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() || time.Since(fi.ModTime()) < partialMinAge {
			continue
		}
		if removeUnlocked(path) {
			removed = append(removed, e.Name())
		}
	}
	return removed, nil
}
