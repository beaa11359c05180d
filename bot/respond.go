package bot

import (
	"errors"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// responder answers one interaction exactly once, within Discord's 3 s.
//
// If the work takes longer than the bot's deferAfter, it acknowledges the
// interaction with a deferral and the answer then goes out later: a button's
// deferral (type 6) is followed by an edit of its message, or by a private
// follow-up with the picture and controls of a private answer; a command's
// deferral (type 5) is private or public as the command's answer will most
// likely be, decided before deferring, and an answer of the other kind
// replaces it (the deferral deleted, a follow-up sent), so a private answer
// never becomes public. A 429 is retried while the retry still fits before
// the deadline; discordgo's own endless retry is off.
type responder struct {
	b *Bot
	i *discordgo.Interaction
	// onInitial, when set, learns once whether the initial response (an
	// answer or a deferral) was accepted: an interaction received over
	// HTTP completes Discord's request then (see httpinteractions.go).
	onInitial func(ok bool)

	mu       sync.Mutex
	timer    *time.Timer
	deferred bool
	private  bool // a command's deferral is private
	done     bool
	told     bool // the initial response's fate was told (metrics, onInitial)
	late     bool // it came past its 3 s: dropped unanswered
	created  time.Time
	deadline time.Time
}

// errAnswered means the interaction had already been answered.
var errAnswered = errors.New("interaction already answered")

// newResponder counts the 3 s from when Discord created the interaction
// (its id's timestamp on Discord's clock, turned into ours), not from when
// the handler starts: under load, or after a gateway resume, an interaction
// may have waited a while already. A creation after now (clocks never
// quite agree) counts from now; one over a minute old says the estimate is
// off, and is not trusted. onInitial may be nil (see responder).
func newResponder(b *Bot, i *discordgo.Interaction, onInitial func(ok bool)) *responder {
	now := time.Now()
	created := now
	if ts, err := discordgo.SnowflakeTimestamp(i.ID); err == nil {
		if local := b.clock.local(ts); !local.After(now) && now.Sub(local) < time.Minute {
			created = local
		}
	}
	r := &responder{b: b, i: i, onInitial: onInitial, created: created, deadline: created.Add(b.ackDeadline), private: privateCommand(i)}
	wait := time.Until(created.Add(b.deferAfter))
	if now.After(r.deadline) {
		wait = time.Hour // too late even to defer: the caller drops it
	}
	r.timer = time.AfterFunc(wait, r.deferNow)
	if wait <= 0 && !now.After(r.deadline) {
		r.deferNow() // it waited long already: defer before any work
	}
	return r
}

// privateCommand reports whether a command's answer is private (so is its
// deferral).
func privateCommand(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	name := i.ApplicationCommandData().Name
	return name == "rules" || name == "settings"
}

// gone reports whether the interaction can no longer be answered: its 3 s
// have passed and it was not deferred. Work for it is wasted: under
// overload, doing it anyway makes every later click late too.
func (r *responder) gone() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.done && !r.deferred && time.Now().After(r.deadline)
}

// drop gives up an interaction that can no longer be answered.
func (r *responder) drop() {
	r.timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done = true
	r.tell(false)
}

// dropLate gives up an interaction that came too late to answer at all.
func (r *responder) dropLate() {
	r.mu.Lock()
	r.late = true
	r.mu.Unlock()
	r.drop()
}

// settle reports a failed initial response unless one was reported: the
// handler ended (or panicked) without an accepted answer.
func (r *responder) settle() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tell(false)
}

// tell counts the initial response's fate once, and calls onInitial with
// it. Caller holds r.mu; onInitial must not block.
func (r *responder) tell(ok bool) {
	if r.told {
		return
	}
	r.told = true
	r.b.metrics.initial(r.i, ok, r.deferred, r.late, time.Since(r.created))
	if r.onInitial != nil {
		r.onInitial(ok)
	}
}

// deferNow acknowledges the interaction without an answer yet.
func (r *responder) deferNow() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || r.deferred {
		return
	}
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	if r.i.Type == discordgo.InteractionApplicationCommand {
		resp.Type = discordgo.InteractionResponseDeferredChannelMessageWithSource
		if r.private {
			resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		}
	}
	if err := r.retry(func() error { return r.b.callback(r.i, resp) }); err != nil {
		r.b.log.Warn("deferring interaction failed", "interaction", r.i.ID, "err", err)
		return
	}
	r.deferred = true
	r.tell(true)
}

// send answers with resp: the whole message (every field is sent, so a
// partial answer would wipe the rest).
func (r *responder) send(resp *discordgo.InteractionResponse) error {
	r.timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return errAnswered
	}
	r.done = true
	if resp.Data != nil && resp.Data.AllowedMentions == nil {
		resp.Data.AllowedMentions = noMentions
	}
	if !r.deferred {
		err := r.retry(func() error { return r.b.callback(r.i, resp) })
		r.tell(err == nil)
		return err
	}
	return r.afterDeferral(resp)
}

// afterDeferral sends an answer to a deferred interaction.
func (r *responder) afterDeferral(resp *discordgo.InteractionResponse) error {
	d := resp.Data
	private := d.Flags&discordgo.MessageFlagsEphemeral != 0
	switch {
	case r.i.Type == discordgo.InteractionMessageComponent && resp.Type == discordgo.InteractionResponseUpdateMessage:
		return r.retry(func() error { return r.b.editOriginal(r.i, d) })
	case r.i.Type == discordgo.InteractionMessageComponent:
		// A new message after a button's deferral is a follow-up, with its
		// picture and controls.
		return r.retry(func() error { return r.b.followUp(r.i, d) })
	case private == r.private:
		return r.retry(func() error { return r.b.editOriginal(r.i, d) })
	}
	// The deferral promised the other kind: replace it.
	if err := r.retry(func() error { return r.b.deleteOriginal(r.i) }); err != nil {
		r.b.log.Warn("deleting a deferral failed", "interaction", r.i.ID, "err", err)
	}
	return r.retry(func() error { return r.b.followUp(r.i, d) })
}

// retry runs call, waiting out a 429 while the wait still fits before the
// interaction's deadline (deferred answers have 15 minutes).
func (r *responder) retry(call func() error) error {
	for {
		err := call()
		var rl *discordgo.RateLimitError
		if !errors.As(err, &rl) {
			return err
		}
		wait := rl.RetryAfter
		deadline := r.deadline
		if r.deferred {
			deadline = deadline.Add(14 * time.Minute)
		}
		if time.Now().Add(wait).After(deadline) {
			return err
		}
		r.b.log.Info("rate limited, retrying", "interaction", r.i.ID, "after", wait)
		time.Sleep(wait)
	}
}

// noMentions keeps the bot's messages from pinging anyone they name.
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// private returns an ephemeral text answer.
func private(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral},
	}
}
