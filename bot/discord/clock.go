package discord

import (
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// clock is how far Discord's clock runs from this machine's. An
// interaction's 3 s are counted from its creation on Discord's clock (its
// id's timestamp): a host clock a few seconds off would otherwise have every
// interaction answered too late, or judged dead on arrival. Every answer
// from Discord carries a Date header; each one bounds the offset (the
// header is whole seconds, read between sending and receiving), and the
// bounds are intersected as answers come.
type clock struct {
	mu     sync.Mutex
	known  bool
	lo, hi time.Duration // Discord's clock minus ours lies between these
}

// observe takes a Date header read from an answer to a request sent at
// sent and received at got.
func (c *clock) observe(date, sent, got time.Time) {
	lo, hi := date.Sub(got), date.Add(time.Second).Sub(sent)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.known && lo <= c.hi && hi >= c.lo {
		c.lo, c.hi = max(c.lo, lo), min(c.hi, hi)
		return
	}
	// The first answer, or the clocks moved (one was set): start again.
	c.known, c.lo, c.hi = true, lo, hi
}

// offset is the best estimate of Discord's clock minus ours (0 before any
// answer).
func (c *clock) offset() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.known {
		return 0
	}
	return (c.lo + c.hi) / 2
}

// local turns a time on Discord's clock into ours.
func (c *clock) local(t time.Time) time.Time { return t.Add(-c.offset()) }

// clockTransport reads the Date header of every answer from Discord.
type clockTransport struct {
	base  http.RoundTripper
	clock *clock
}

// RoundTrip sends r and observes the answer's Date.
func (t clockTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	sent := time.Now()
	resp, err := t.base.RoundTrip(r)
	if err == nil {
		if d, perr := http.ParseTime(resp.Header.Get("Date")); perr == nil {
			t.clock.observe(d, sent, time.Now())
		}
	}
	return resp, err
}

// watchClock wraps a client's transport to observe Discord's clock.
func watchClock(c *http.Client, clock *clock) {
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	if _, done := base.(clockTransport); !done {
		c.Transport = clockTransport{base: base, clock: clock}
	}
}

// Age is how old a message is, from its id's timestamp on Discord's clock
// (0 for an id that is not a snowflake).
func (w *Wire) Age(messageID string) time.Duration {
	ts, err := discordgo.SnowflakeTimestamp(messageID)
	if err != nil {
		return 0
	}
	return time.Since(w.clock.local(ts))
}
