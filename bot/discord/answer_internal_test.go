package discord

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnswerContext: an answer's context has the answer's deadline — 3 s
// from the interaction's creation, 15 minutes once deferred — ends when
// it passes (a deferral on its way holds it until the deferral settles),
// and ends when the handling is over.
func TestAnswerContext(t *testing.T) {
	tests := []struct {
		name   string
		age    time.Duration // how long ago Discord created the interaction
		before func(d *answerDeadline)
		after  func(d *answerDeadline)
		want   time.Duration // the deadline, from the creation
		ends   error         // nil: still open
	}{
		{name: "fresh", age: 0, want: AnswerWithin},
		{name: "deferred", age: 0, after: func(d *answerDeadline) { d.deferring(); d.deferred() }, want: DeferredWithin},
		{name: "its 3 s passed", age: AnswerWithin + time.Second, want: AnswerWithin, ends: context.DeadlineExceeded},
		{name: "past its 3 s, deferred while the deferral was on its way", age: AnswerWithin + time.Second,
			before: func(d *answerDeadline) { d.deferring() }, after: func(d *answerDeadline) { d.deferred() }, want: DeferredWithin},
		{name: "past its 3 s, the deferral failed", age: AnswerWithin + time.Second,
			before: func(d *answerDeadline) { d.deferring() }, after: func(d *answerDeadline) { d.deferFailed() }, want: AnswerWithin, ends: context.DeadlineExceeded},
		{name: "handled", age: 0, after: func(d *answerDeadline) { d.end() }, want: AnswerWithin, ends: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			created := time.Now().Add(-tt.age)
			var d answerDeadline
			if tt.before != nil {
				tt.before(&d)
			}
			d.start(created)
			defer d.end()
			if tt.after != nil {
				tt.after(&d)
			}
			ctx := d.context()
			deadline, ok := ctx.Deadline()
			require.True(t, ok)
			assert.Equal(t, created.Add(tt.want).UnixNano(), deadline.UnixNano())
			if tt.ends == nil {
				assert.NoError(t, ctx.Err())
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(time.Minute): // a safety net, not a measure
				require.Fail(t, "the context did not end")
			}
			assert.ErrorIs(t, ctx.Err(), tt.ends)
		})
	}
}

// TestAnswerContextBoundsItsChildren: a child with an earlier deadline (the
// work's) ends at its own; a child of an answer that ends ends with it.
func TestAnswerContextBoundsItsChildren(t *testing.T) {
	var d answerDeadline
	d.start(time.Now())
	work, cancel := context.WithDeadline(d.context(), time.Now().Add(-time.Millisecond))
	defer cancel()
	<-work.Done()
	assert.ErrorIs(t, work.Err(), context.DeadlineExceeded)
	later, cancel2 := context.WithCancel(d.context())
	defer cancel2()
	require.NoError(t, later.Err())
	d.end()
	select {
	case <-later.Done():
	case <-time.After(time.Minute): // a safety net, not a measure
		require.Fail(t, "the child did not end with its answer")
	}
	assert.ErrorIs(t, later.Err(), context.Canceled)
}
