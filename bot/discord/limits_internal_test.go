package discord

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// Discord's limits that the wire keeps: an interaction answered within its
// 3 s, counted from its creation, and the invalid-request budget of the
// address the bot calls from.

// offlineWire is a wire whose session is never opened and whose REST calls
// all fail at once (they go to a closed local port: nothing leaves the
// machine).
func offlineWire(t *testing.T) *Wire {
	t.Helper()
	sess, err := discordgo.New("Bot fake")
	require.NoError(t, err)
	require.NoError(t, discordtest.AttachURL(sess, "http://127.0.0.1:1"))
	w, err := New(Options{Session: sess, Handler: func(context.Context, *Responder) {}})
	require.NoError(t, err)
	t.Cleanup(func() { w.Close() })
	return w
}

// TestResponderCountsFromCreation: the 3 s are counted from when Discord
// created the interaction (its id's timestamp): one that waited past them is
// given up, not worked on, unless it was deferred; a clock that looks off is
// not trusted. (Regression: under overload, clicks past their deadline were
// still played and drawn, making every click queued behind them late too.)
func TestResponderCountsFromCreation(t *testing.T) {
	w := offlineWire(t)
	id := func(age time.Duration) string {
		ms := time.Now().Add(-age).UnixMilli() - 1420070400000
		return strconv.FormatInt(ms<<22, 10)
	}
	tests := []struct {
		name string
		age  time.Duration
		gone bool
	}{
		{"fresh", 0, false},
		{"two seconds old", 2 * time.Second, false},
		{"past its 3 s", 3500 * time.Millisecond, true},
		{"from a clock an hour off", time.Hour, false},
		{"from the future", -time.Hour, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}
			i.ID = id(tt.age)
			r := w.newResponder(i, nil)
			defer r.Drop()
			assert.Equal(t, tt.gone, r.Gone())
		})
	}
	// A deferred interaction has 15 minutes: it is never given up.
	i := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}
	i.ID = id(3500 * time.Millisecond)
	r := w.newResponder(i, nil)
	r.deferred = true
	defer r.Drop()
	assert.False(t, r.Gone())
}

func TestRouteOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://discord.com/api/v10/channels/123456789012345678/messages/223456789012345678":                                   "PATCH /channels/:id/messages/:id",
		"http://127.0.0.1:4000/api/v9/webhooks/123456789012345678/" + strings.Repeat("a", 70) + "/messages/@original?wait=true": "PATCH /webhooks/:id/:id/messages/@original",
	} {
		assert.Equal(t, want, routeOf("PATCH", in))
	}
}

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

// quietInvalid is an invalidRequests on clock now, logging nowhere.
func quietInvalid(now func() time.Time, holdAt int) *invalidRequests {
	log := slog.New(slog.DiscardHandler)
	v := newInvalidRequests(log, func(int) {})
	v.set(holdAt, now)
	return v
}

// TestInvalidTransportCounts: what Discord counts against the limit, as the
// transport sees it.
func TestInvalidTransportCounts(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if scope := r.URL.Query().Get("scope"); scope != "" {
			w.Header().Set("X-RateLimit-Scope", scope)
		}
		code, _ := strconv.Atoi(r.URL.Query().Get("status"))
		w.WriteHeader(code)
	}))
	defer srv.Close()
	tests := []struct {
		status  int
		scope   string
		counted bool
	}{
		{200, "", false},
		{204, "", false},
		{400, "", false},
		{401, "", true},
		{403, "", true},
		{404, "", false},
		{429, "user", true},
		{429, "global", true},
		{429, "", true},
		{429, "shared", false},
		{500, "", false},
		{502, "", false},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.status)+" "+tt.scope, func(t *testing.T) {
			now := time.Now()
			v := quietInvalid(func() time.Time { return now }, 100)
			c := &http.Client{}
			watchInvalid(c, v)
			watchInvalid(c, v) // wrapped once, however often
			resp, err := c.Get(srv.URL + "?status=" + strconv.Itoa(tt.status) + "&scope=" + tt.scope)
			require.NoError(t, err)
			resp.Body.Close()
			want := 0
			if tt.counted {
				want = 1
			}
			assert.Equal(t, want, v.count())
		})
	}
}

// TestInvalidWindowSlides: the window slides: counts leave it ten minutes
// on, and held letters learn how long until they may go.
func TestInvalidWindowSlides(t *testing.T) {
	start := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	now := start
	v := quietInvalid(func() time.Time { return now }, 3)
	steps := []struct {
		at      time.Duration // since start
		add     int           // invalid answers then
		count   int
		held    bool
		waitFor time.Duration // until the window falls below 3, when held
	}{
		{at: 0, add: 2, count: 2},
		{at: time.Minute, add: 1, count: 3, held: true, waitFor: invalidWindow - time.Minute},
		{at: 5 * time.Minute, count: 3, held: true, waitFor: invalidWindow - 5*time.Minute},
		{at: invalidWindow + 30*time.Second, count: 1},
		{at: invalidWindow + 30*time.Second, add: 2, count: 3, held: true, waitFor: 30 * time.Second},
		{at: invalidWindow + time.Minute, count: 2},
		{at: 3 * invalidWindow, count: 0},
	}
	for _, st := range steps {
		now = start.Add(st.at)
		for range st.add {
			v.observe(http.StatusForbidden, "")
		}
		assert.Equal(t, st.count, v.count(), "at %v", st.at)
		held, d, _ := v.held()
		assert.Equal(t, st.held, held, "at %v", st.at)
		if st.held {
			assert.Equal(t, st.waitFor, d, "at %v", st.at)
		}
	}
}

// TestWaitClear: a letter held back goes once the window falls below the
// threshold, and not at all once the bot closes.
func TestWaitClear(t *testing.T) {
	now := time.Now()
	var clock = func() time.Time { return now }
	v := quietInvalid(clock, 1)
	assert.True(t, v.waitClear(context.Background()), "nothing held")
	v.observe(http.StatusTooManyRequests, "user")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.False(t, v.waitClear(ctx), "the bot closed")
	done := make(chan bool)
	go func() { done <- v.waitClear(context.Background()) }()
	v.mu.Lock()
	now = now.Add(2 * invalidWindow)
	v.mu.Unlock()
	v.set(1, clock) // the clock moved: look again
	assert.True(t, <-done)
	assert.Zero(t, v.waiting.Load())
}

// TestInvalidLogsEachEpisode: the log says when holding back starts and
// ends, each time, even when the window emptied with no letter looking.
func TestInvalidLogsEachEpisode(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	v := newInvalidRequests(log, func(int) {})
	v.set(2, func() time.Time { return now })
	for range 2 {
		v.observe(http.StatusForbidden, "")
		v.observe(http.StatusForbidden, "")
		now = now.Add(2 * invalidWindow)
	}
	v.held()
	assert.Equal(t, 2, strings.Count(buf.String(), "holding back"), buf.String())
	assert.Equal(t, 2, strings.Count(buf.String(), "go again"), buf.String())
}
