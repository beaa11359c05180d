package discord

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quietInvalid is an invalidRequests on clock now, logging nowhere.
func quietInvalid(now func() time.Time, holdAt int) *invalidRequests {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
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
