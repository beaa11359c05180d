//go:build !unix

package theagents

import "time"

var start = time.Now()

// cpuTime falls back on the wall clock where getrusage is missing.
func cpuTime() time.Duration { return time.Since(start) }
