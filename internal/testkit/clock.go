// Package testkit holds the few test helpers that the store's, the bot's,
// the web's and the command line's tests share word for word: a clock
// the test moves on and a log that many goroutines write to. It imports
// nothing of the dealer's, so the store's own tests can use it (web/webtest
// cannot be, as it imports the store); like every test kit, it is never
// linked into the program.
package testkit

import (
	"sync"
	"time"
)

// Clock is a clock that a test moves on, safe for many goroutines: given
// as a store's Now, games last minutes and happen over days, as they would.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a Clock at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
