//go:build !unix

package rendertest

import "time"

// cpuTime is unknown here: no cpu-ns/op.
func cpuTime() (time.Duration, bool) { return 0, false }
