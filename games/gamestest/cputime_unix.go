//go:build unix

package gamestest

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process has used, user and system: unlike
// the wall clock, it does not grow while other programs hold the cores.
// It is false where the system does not tell.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
