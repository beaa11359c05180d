//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// lockPartial holds an exclusive lock on the backup's temporary file f
// until unlock (or the process's end): RemovePartials leaves it alone.
// The lock is flock(2)'s, which SQLite's own (fcntl) locks ignore. It
// fails if f is no longer at path: removed as stale in the instant
// before the lock.
func lockPartial(f *os.File, path string) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return err
	}
	held, err := f.Stat()
	if err != nil {
		return err
	}
	now, err := os.Lstat(path)
	if err != nil || !os.SameFile(held, now) {
		return errors.New("the temporary file was removed meanwhile")
	}
	return nil
}

// removeUnlocked removes the file at path if no backup holds its lock
// (lockPartial), holding the lock itself meanwhile; it reports whether
// it did.
func removeUnlocked(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return false // a backup is writing it
	}
	held, err := f.Stat()
	if err != nil {
		return false
	}
	if now, err := os.Lstat(path); err != nil || !os.SameFile(held, now) {
		return false
	}
	return os.Remove(path) == nil
}
