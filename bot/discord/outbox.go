package discord

import (
	"errors"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The outbox sends the bot's own messages that answer no interaction (hands
// by DM, notices in a channel): each in the order it was queued for its
// recipient, on a goroutine of the bot's, so a slow or rate-limited send
// holds up neither the table nor other recipients. A 429 delays a message
// until Discord's Retry-After has passed; it never loses it. Letters wait
// too while many of Discord's answers refuse requests (invalid.go). A
// message given up (the bot closing, or Discord refusing it for good) is
// logged.

// outboxPatience is how long a message may wait for rate limits to pass.
const outboxPatience = 10 * time.Minute

// closeGrace is how long Close lets the letters already queued go out
// first: a table redrawn or a hand dealt just before a stop (a rolling
// restart's SIGTERM) still reaches Discord, unless a rate limit holds it
// longer than this.
const closeGrace = 3 * time.Second

// Letter is one message in the outbox.
type Letter struct {
	What string       // for the log: "a hand", "a notice"
	Send func() error // sends it once
	// Failed is told of an error other than a rate limit (nil: it is
	// logged).
	Failed func(error)
}

// outbox is the letters waiting, by recipient; a recipient is present
// while one of its letters is being sent.
type outbox struct {
	mu      sync.Mutex
	letters map[string][]Letter
	// empty is closed while no letter waits, and replaced by an open one
	// when a letter is posted to an empty outbox.
	empty chan struct{}
}

// newOutbox is an empty outbox.
func newOutbox() outbox {
	empty := make(chan struct{})
	close(empty)
	return outbox{letters: map[string][]Letter{}, empty: empty}
}

// flush waits until no letter waits, or grace has passed.
func (o *outbox) flush(grace time.Duration) {
	o.mu.Lock()
	empty := o.empty
	o.mu.Unlock()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-empty:
	case <-t.C:
	}
}

// Post queues a letter for recipient (a user or a channel id).
func (w *Wire) Post(recipient string, l Letter) {
	w.outbox.mu.Lock()
	if len(w.outbox.letters) == 0 {
		w.outbox.empty = make(chan struct{})
	}
	queue, running := w.outbox.letters[recipient]
	w.outbox.letters[recipient] = append(queue, l)
	w.outbox.mu.Unlock()
	if !running {
		w.Go("outbox", func() { w.drain(recipient) })
	}
}

// drain sends recipient's letters in order until none is left.
func (w *Wire) drain(recipient string) {
	for {
		w.outbox.mu.Lock()
		queue := w.outbox.letters[recipient]
		if len(queue) == 0 {
			delete(w.outbox.letters, recipient)
			if len(w.outbox.letters) == 0 {
				close(w.outbox.empty)
			}
			w.outbox.mu.Unlock()
			return
		}
		l := queue[0]
		w.outbox.letters[recipient] = queue[1:]
		w.outbox.mu.Unlock()
		w.deliver(l)
	}
}

// deliver sends one letter, waiting out rate limits, and while too many
// of Discord's answers refuse requests (invalid.go).
func (w *Wire) deliver(l Letter) {
	ctx := w.Context()
	if !w.metrics.invalid.waitClear(ctx) {
		w.log.Warn("the bot closed before a message could be sent", "what", l.What)
		return
	}
	giveUp := time.Now().Add(outboxPatience)
	for {
		err := l.Send()
		var rl *discordgo.RateLimitError
		switch {
		case err == nil:
			return
		case errors.As(err, &rl) && time.Now().Add(rl.RetryAfter).Before(giveUp):
			w.log.Info("rate limited: sending later", "what", l.What, "after", rl.RetryAfter)
			if !w.Sleep(rl.RetryAfter) || !w.metrics.invalid.waitClear(ctx) {
				w.log.Warn("the bot closed before a message could be sent", "what", l.What)
				return
			}
		case ctx.Err() != nil:
			w.log.Warn("the bot closed before a message could be sent", "what", l.What)
			return
		case l.Failed != nil:
			l.Failed(err)
			return
		default:
			w.log.Warn("sending a message failed", "what", l.What, "err", err)
			return
		}
	}
}
