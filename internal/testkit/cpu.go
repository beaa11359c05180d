package testkit

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time (user and system) the test process has used,
// all in it (the bot and the fake both, in a load test), for load tests and
// benchmarks to report; 0 where the system does not say.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
