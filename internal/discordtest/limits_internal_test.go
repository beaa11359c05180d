package discordtest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestWindow: a fixed window: N requests from the first one, then refusals
// saying how long until it resets, then a fresh window.
func TestWindow(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := Limit{N: 2, Per: time.Second}
	var w window
	for _, c := range []struct {
		at   time.Duration
		ok   bool
		wait time.Duration
	}{
		{0, true, 0},
		{10 * time.Millisecond, true, 0},
		{20 * time.Millisecond, false, 980 * time.Millisecond},
		{999 * time.Millisecond, false, time.Millisecond},
		{time.Second, true, 0}, // a new window starts here
		{1500 * time.Millisecond, true, 0},
		{1900 * time.Millisecond, false, 100 * time.Millisecond},
		{5 * time.Second, true, 0},
	} {
		ok, wait := w.take(l, t0.Add(c.at))
		assert.Equal(t, c.ok, ok, "at %v", c.at)
		assert.Equal(t, c.wait, wait, "at %v", c.at)
	}
}

// TestLimiterSharedOverride: overriding one route of a shared bucket sets
// the whole bucket.
func TestLimiterSharedOverride(t *testing.T) {
	l := newLimiter(RateLimits{Routes: map[string]Limit{RouteWebhookEdit: {N: 1, Per: time.Hour}}})
	for _, r := range []string{RouteFollowup, RouteWebhookEdit, RouteWebhookGet, RouteWebhookDelete} {
		assert.Equal(t, Limit{N: 1, Per: time.Hour}, l.routes[r].limit, r)
	}
	assert.Equal(t, defaultBuckets[RouteSendMessage].limit, l.routes[RouteSendMessage].limit)
	assert.Equal(t, DefaultGlobalLimit, l.global)
	assert.Equal(t, len(defaultBuckets), len(DefaultRouteLimits()))
}
