package bot

import (
	"errors"
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

// letter is one message in the outbox.
type letter struct {
	what string       // for the log: "a hand", "a notice"
	send func() error // sends it once
	// failed is told of an error other than a rate limit (may be nil).
	failed func(error)
}

// post queues a letter for recipient (a user or a channel id).
func (b *Bot) post(recipient string, l letter) {
	b.mu.Lock()
	queue, running := b.outbox[recipient]
	b.outbox[recipient] = append(queue, l)
	b.mu.Unlock()
	if !running {
		b.goBackground("outbox", func() { b.drain(recipient) })
	}
}

// drain sends recipient's letters in order until none is left.
func (b *Bot) drain(recipient string) {
	for {
		b.mu.Lock()
		queue := b.outbox[recipient]
		if len(queue) == 0 {
			delete(b.outbox, recipient)
			b.mu.Unlock()
			return
		}
		l := queue[0]
		b.outbox[recipient] = queue[1:]
		b.mu.Unlock()
		b.deliver(l)
	}
}

// deliver sends one letter, waiting out rate limits, and while too many
// of Discord's answers refuse requests (invalid.go).
func (b *Bot) deliver(l letter) {
	if !b.metrics.invalid.waitClear(b.ctx) {
		b.log.Warn("the bot closed before a message could be sent", "what", l.what)
		return
	}
	giveUp := time.Now().Add(outboxPatience)
	for {
		err := l.send()
		var rl *discordgo.RateLimitError
		switch {
		case err == nil:
			return
		case errors.As(err, &rl) && time.Now().Add(rl.RetryAfter).Before(giveUp):
			b.log.Info("rate limited: sending later", "what", l.what, "after", rl.RetryAfter)
			if !b.sleep(rl.RetryAfter) || !b.metrics.invalid.waitClear(b.ctx) {
				b.log.Warn("the bot closed before a message could be sent", "what", l.what)
				return
			}
		case b.ctx.Err() != nil:
			b.log.Warn("the bot closed before a message could be sent", "what", l.what)
			return
		default:
			if l.failed != nil {
				l.failed(err)
			} else {
				b.log.Warn("sending a message failed", "what", l.what, "err", err)
			}
			return
		}
	}
}
