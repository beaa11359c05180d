package discord

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// answerDeadline is an interaction's answer's deadline and the context that
// ends at it: AnswerWithin from the interaction's creation, moved on to
// DeferredWithin once the answer is deferred, and ended early when the
// handling is over. A context cannot be given a later deadline, so this one
// is its own: a timer that, when it fires, ends the context unless the
// deadline moved on meanwhile.
type answerDeadline struct {
	created time.Time
	at      atomic.Int64    // the deadline now, in Unix nanoseconds
	state   atomic.Int32    // answering, deferring or deferred
	ctx     context.Context // ended by cancel; read through answerContext
	cancel  context.CancelCauseFunc

	mu    sync.Mutex // guards timer, which may fire as it is made
	timer *time.Timer
}

// The states of an answer's deadline.
const (
	answering int32 = iota // AnswerWithin holds
	deferring              // a deferral is on its way: it decides
	deferred               // DeferredWithin holds
)

// deferralSettles is how often an answer whose deferral is on its way
// looks again at its deadline.
const deferralSettles = 50 * time.Millisecond

// start counts the deadline from created.
func (d *answerDeadline) start(created time.Time) {
	d.created = created
	d.at.Store(created.Add(AnswerWithin).UnixNano())
	d.ctx, d.cancel = context.WithCancelCause(context.Background())
	d.mu.Lock()
	defer d.mu.Unlock()
	d.timer = time.AfterFunc(time.Until(created.Add(AnswerWithin)), d.expire)
}

// reset has the timer fire after wait.
func (d *answerDeadline) reset(wait time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.timer.Reset(wait)
}

// expire ends the context if its deadline has come and no deferral is on
// its way; else it looks again later.
func (d *answerDeadline) expire() {
	if d.state.Load() == deferring {
		d.reset(deferralSettles)
		return
	}
	if left := time.Until(time.Unix(0, d.at.Load())); left > 0 {
		d.reset(left)
		return
	}
	d.cancel(context.DeadlineExceeded)
}

// passed reports whether the first deadline (AnswerWithin) had passed at now.
func (d *answerDeadline) passed(now time.Time) bool {
	return now.After(d.created.Add(AnswerWithin))
}

// deferring says a deferral is on its way.
func (d *answerDeadline) deferring() { d.state.Store(deferring) }

// deferFailed says the deferral failed: AnswerWithin holds.
func (d *answerDeadline) deferFailed() { d.state.Store(answering) }

// deferred moves the deadline on to DeferredWithin.
func (d *answerDeadline) deferred() {
	d.at.Store(d.created.Add(DeferredWithin).UnixNano())
	d.state.Store(deferred)
	d.reset(time.Until(d.created.Add(DeferredWithin)))
}

// end ends the context: the handling is over.
func (d *answerDeadline) end() {
	d.mu.Lock()
	d.timer.Stop()
	d.mu.Unlock()
	d.cancel(context.Canceled)
}

// context is the answer's context.
func (d *answerDeadline) context() context.Context { return answerContext{d.ctx, d} }

// answerContext is an answer's context: its deadline is the answer's as it
// is now, and it ends at it. Its Done, Value and cancellation are its inner
// context's, so contexts derived from it need no goroutine to follow it.
type answerContext struct {
	context.Context
	d *answerDeadline
}

// Deadline is the answer's deadline now.
func (c answerContext) Deadline() (time.Time, bool) { return time.Unix(0, c.d.at.Load()), true }

// Err is context.DeadlineExceeded once the deadline passed, Canceled once
// the handling is over, nil before.
func (c answerContext) Err() error {
	if c.Context.Err() == nil {
		return nil
	}
	return context.Cause(c.Context)
}
