//go:build !unix

package store

import "os"

// lockPartial does nothing where there is no flock(2): RemovePartials
// removes nothing there.
func lockPartial(*os.File, string) error { return nil }

// removeUnlocked removes nothing: without locks, a running backup's file
// cannot be told from a stopped one's.
func removeUnlocked(string) bool { return false }
