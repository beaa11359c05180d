//go:build !unix

package gamestest

import "time"

// CPUTime is unknown here: always false.
func CPUTime() (time.Duration, bool) { return 0, false }
