package discord

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Discord's invalid-request limit: an IP address whose requests get more
// than 10,000 answers 401, 403 or 429 in 10 minutes is banned for a while,
// every process behind it with it (429s with X-RateLimit-Scope: shared,
// a resource's limit rather than the bot's, do not count). So every answer
// Discord gives the bot's REST requests is counted (invalidTransport sees
// each request once, whatever made it), in a sliding window; from half the
// limit on, the bot holds back what can wait — redraws of table messages,
// hands by DM, notices: the outbox's letters — until the window falls below
// it again. Interactions are still answered: a player's click is worth its
// request, and its answer redraws the table anyway.

// Discord's limit.
const (
	invalidWindow = 10 * time.Minute
	invalidLimit  = 10_000
)

// invalidSlots divide the window: the count moves on by a slot at a time.
const invalidSlots = 60

// invalidRequests counts the invalid requests of the last invalidWindow.
type invalidRequests struct {
	log   *slog.Logger
	total func(status int) // counts one into the metrics

	mu      sync.Mutex
	now     func() time.Time
	holdAt  int // letters wait while the window holds this many
	slots   [invalidSlots]invalidSlot
	holding bool          // the last look found the window at holdAt or more (for the log)
	wake    chan struct{} // closed and replaced when letters should look again

	waiting atomic.Int64 // letters held back now
}

// invalidSlot is the count of one slot of the window.
type invalidSlot struct {
	index int64 // the slot's number since the epoch: time / slot length
	n     int
}

// newInvalidRequests counts at Discord's limits on the real clock.
func newInvalidRequests(log *slog.Logger, total func(status int)) *invalidRequests {
	return &invalidRequests{log: log, total: total, now: time.Now, holdAt: invalidLimit / 2, wake: make(chan struct{})}
}

// slotLength is the length of a slot of the window.
const slotLength = invalidWindow / invalidSlots

// invalid reports whether Discord counts an answer against the limit.
func invalid(status int, scope string) bool {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return true
	case http.StatusTooManyRequests:
		return scope != "shared"
	}
	return false
}

// observe counts an answer of Discord's.
func (v *invalidRequests) observe(status int, scope string) {
	if !invalid(status, scope) {
		return
	}
	v.total(status)
	v.mu.Lock()
	defer v.mu.Unlock()
	i := v.now().UnixNano() / int64(slotLength)
	n := v.countLocked(i)
	v.noteLocked(n) // the window may have emptied unseen since the last look
	s := &v.slots[i%invalidSlots]
	if s.index != i {
		*s = invalidSlot{index: i}
	}
	s.n++
	v.noteLocked(n + 1)
}

// noteLocked logs when the window's count n crosses the threshold, either
// way. Caller holds v.mu.
func (v *invalidRequests) noteLocked(n int) {
	switch {
	case !v.holding && n >= v.holdAt:
		v.holding = true
		v.log.Warn("many of Discord's answers refuse requests: holding back redraws and DMs (answers to players still go) until fewer come",
			"invalid_requests", n, "window", invalidWindow, "discord_bans_at", invalidLimit)
	case v.holding && n < v.holdAt:
		v.holding = false
		v.log.Info("fewer of Discord's answers refuse requests: redraws and DMs go again", "invalid_requests", n)
	}
}

// countLocked is the count of the window ending in slot i. Caller holds v.mu.
func (v *invalidRequests) countLocked(i int64) int {
	n := 0
	for _, s := range v.slots {
		if s.index > i-invalidSlots && s.index <= i {
			n += s.n
		}
	}
	return n
}

// count is the window's count now.
func (v *invalidRequests) count() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.countLocked(v.now().UnixNano() / int64(slotLength))
}

// held reports whether letters wait now, and if so for how long at most
// before the window falls below holdAt (with no more invalid requests) and
// the channel that says to look sooner.
func (v *invalidRequests) held() (bool, time.Duration, <-chan struct{}) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.now()
	i := now.UnixNano() / int64(slotLength)
	n := v.countLocked(i)
	v.noteLocked(n)
	if n < v.holdAt {
		return false, 0, nil
	}
	// The oldest slots leave the window first.
	for k := i - invalidSlots + 1; k <= i; k++ {
		if s := v.slots[k%invalidSlots]; s.index == k {
			n -= s.n
		}
		if n < v.holdAt {
			return true, time.Unix(0, (k+invalidSlots)*int64(slotLength)).Sub(now), v.wake
		}
	}
	return true, invalidWindow, v.wake
}

// waitClear waits while letters are held back; false when ctx ended first.
func (v *invalidRequests) waitClear(ctx context.Context) bool {
	counted := false
	defer func() {
		if counted {
			v.waiting.Add(-1)
		}
	}()
	for {
		hold, d, wake := v.held()
		if !hold {
			return true
		}
		if !counted {
			counted = true
			v.waiting.Add(1)
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-wake:
		case <-ctx.Done():
			t.Stop()
			return false
		}
		t.Stop()
	}
}

// set changes the threshold and the clock (tests), and has waiting letters
// look again.
func (v *invalidRequests) set(holdAt int, now func() time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.holdAt, v.now = holdAt, now
	close(v.wake)
	v.wake = make(chan struct{})
}

// invalidTransport counts Discord's answers against the invalid-request
// limit: every request the session sends, once.
type invalidTransport struct {
	base     http.RoundTripper
	requests atomic.Pointer[invalidRequests]
}

// RoundTrip sends r and counts its answer.
func (t *invalidTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err == nil {
		t.requests.Load().observe(resp.StatusCode, resp.Header.Get("X-RateLimit-Scope"))
	}
	return resp, err
}

// watchInvalid has a client's answers counted by v: its transport wrapped
// once, a client already wrapped (a second bot on one session) counted by
// v from now on.
func watchInvalid(c *http.Client, v *invalidRequests) {
	for rt := c.Transport; ; {
		switch t := rt.(type) {
		case *invalidTransport:
			t.requests.Store(v)
			return
		case clockTransport:
			rt = t.base
			continue
		}
		break
	}
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	t := &invalidTransport{base: base}
	t.requests.Store(v)
	c.Transport = t
}

// Invalid is the invalid-request window's count now (Discord's answers
// 401, 403 and 429 but shared ones, in the last InvalidWindow).
func (w *Wire) Invalid() int { return w.metrics.invalid.count() }

// HoldBackAt makes the outbox hold its letters back from holdAt invalid
// requests in the window on, on the clock now (tests; Discord's limit is
// half of invalidLimit on the real clock); letters waiting look again.
// Call it again after moving the clock on.
func (w *Wire) HoldBackAt(holdAt int, now func() time.Time) { w.metrics.invalid.set(holdAt, now) }

// InvalidWindow is Discord's invalid-request window.
const InvalidWindow = invalidWindow
