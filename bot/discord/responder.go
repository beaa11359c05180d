package discord

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's deadlines for answering an interaction.
const (
	// AnswerWithin is how long Discord waits for an interaction's initial
	// response (an answer or a deferral), from its creation.
	AnswerWithin = 3 * time.Second
	// DeferredWithin is how long a deferred interaction's token lasts, from
	// its creation: its answer must be in by then.
	DeferredWithin = 15 * time.Minute
)

// Responder answers one interaction exactly once, within Discord's 3 s.
//
// If the work takes longer than the wire's DeferAfter, it acknowledges the
// interaction with a deferral and the answer then goes out later: a button's
// deferral (type 6) is followed by an edit of its message, or by a private
// follow-up with the picture and controls of a private answer; a command's
// deferral (type 5) is private or public as the command's answer will most
// likely be (Options.Private), decided before deferring, and an answer of
// the other kind replaces it (the deferral deleted, a follow-up sent), so a
// private answer never becomes public. A 429 is retried while the retry
// still fits before the answer's deadline; discordgo's own endless retry is
// off.
type Responder struct {
	w *Wire
	i *discordgo.Interaction
	// onInitial, when set, learns once whether the initial response (an
	// answer or a deferral) was accepted: an interaction received over
	// HTTP completes Discord's request then (see http.go).
	onInitial func(ok bool)
	created   time.Time
	deadline  answerDeadline

	mu       sync.Mutex
	timer    *time.Timer
	deferred bool
	private  bool // a command's deferral is private
	done     bool
	told     bool // the initial response's fate was told (metrics, onInitial)
	late     bool // it came past its 3 s: dropped unanswered
}

// errAnswered means the interaction had already been answered.
var errAnswered = errors.New("interaction already answered")

// newResponder counts the 3 s from when Discord created the interaction
// (its id's timestamp on Discord's clock, turned into ours), not from when
// the handler starts: under load, or after a gateway resume, an interaction
// may have waited a while already. A creation after now (clocks never
// quite agree) counts from now; one over a minute old says the estimate is
// off, and is not trusted. onInitial may be nil (see Responder).
func (w *Wire) newResponder(i *discordgo.Interaction, onInitial func(ok bool)) *Responder {
	now := time.Now()
	created := now
	if ts, err := discordgo.SnowflakeTimestamp(i.ID); err == nil {
		if local := w.clock.local(ts); !local.After(now) && now.Sub(local) < time.Minute {
			created = local
		}
	}
	r := &Responder{w: w, i: i, onInitial: onInitial, created: created, private: w.private(i)}
	r.deadline.start(created)
	wait := time.Until(created.Add(w.deferAfter))
	if r.deadline.passed(now) || i.Type == discordgo.InteractionApplicationCommandAutocomplete || entryPoint(i) {
		wait = time.Hour // too late even to defer (the caller drops it), or never deferred: an autocomplete or a launch is answered or not at all
	}
	r.timer = time.AfterFunc(wait, r.deferNow)
	if wait <= 0 && !r.deadline.passed(now) {
		r.deferNow() // it waited long already: defer before any work
	}
	return r
}

// serve answers one interaction, from the gateway or the HTTP endpoint:
// one path, the answers always sent over REST by its Responder, within the
// answer's context. onInitial, when set, learns once whether the initial
// response went out (see Responder).
func (w *Wire) serve(i *discordgo.Interaction, onInitial func(ok bool)) {
	defer w.Recover("interaction")
	r := w.newResponder(i, onInitial)
	defer r.settle()
	defer r.deadline.end()
	if r.Gone() {
		r.dropLate()
		w.log.Warn("an interaction came too late to answer", "interaction", i.ID, "user", UserOf(i).ID)
		return
	}
	w.handler(r.deadline.context(), r)
}

// Interaction is the interaction being answered.
func (r *Responder) Interaction() *discordgo.Interaction { return r.i }

// Created is when Discord created the interaction, on this machine's clock:
// its deadlines count from then.
func (r *Responder) Created() time.Time { return r.created }

// Gone reports whether the interaction can no longer be answered: its 3 s
// have passed and it was not deferred. Work for it is wasted: under
// overload, doing it anyway makes every later click late too.
func (r *Responder) Gone() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.done && !r.deferred && time.Now().After(r.created.Add(AnswerWithin))
}

// Drop gives up an interaction that can no longer be answered.
func (r *Responder) Drop() {
	r.timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done = true
	r.tell(false)
}

// dropLate gives up an interaction that came too late to answer at all.
func (r *Responder) dropLate() {
	r.mu.Lock()
	r.late = true
	r.mu.Unlock()
	r.Drop()
}

// settle reports a failed initial response unless one was reported: the
// handler ended (or panicked) without an accepted answer.
func (r *Responder) settle() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tell(false)
}

// tell counts the initial response's fate once, and calls onInitial with
// it. Caller holds r.mu; onInitial must not block.
func (r *Responder) tell(ok bool) {
	if r.told {
		return
	}
	r.told = true
	r.w.metrics.initial(r.i, ok, r.deferred, r.late, time.Since(r.created))
	if r.onInitial != nil {
		r.onInitial(ok)
	}
}

// deferNow acknowledges the interaction without an answer yet, within the
// answer's context.
func (r *Responder) deferNow() {
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
	ctx := r.deadline.context()
	r.deadline.deferring()
	err := r.retry(ctx, func() error { return r.w.callback(ctx, r.i, resp) })
	if err != nil {
		r.deadline.deferFailed()
		r.w.log.Warn("deferring interaction failed", "interaction", r.i.ID, "err", err)
		return
	}
	r.deadline.deferred()
	r.deferred = true
	r.tell(true)
}

// Send answers with resp within ctx, the answer's context: the whole
// message (every field is sent, so a partial answer would wipe the rest).
func (r *Responder) Send(ctx context.Context, resp *discordgo.InteractionResponse) error {
	r.timer.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return errAnswered
	}
	r.done = true
	if resp.Data != nil && resp.Data.AllowedMentions == nil {
		resp.Data.AllowedMentions = NoMentions
	}
	if !r.deferred {
		err := r.retry(ctx, func() error { return r.w.callback(ctx, r.i, resp) })
		r.tell(err == nil)
		return err
	}
	return r.afterDeferral(ctx, resp)
}

// afterDeferral sends an answer to a deferred interaction.
func (r *Responder) afterDeferral(ctx context.Context, resp *discordgo.InteractionResponse) error {
	d := resp.Data
	private := d.Flags&discordgo.MessageFlagsEphemeral != 0
	switch {
	case r.i.Type == discordgo.InteractionMessageComponent && resp.Type == discordgo.InteractionResponseUpdateMessage:
		return r.retry(ctx, func() error { return r.w.editOriginal(ctx, r.i, d) })
	case r.i.Type == discordgo.InteractionMessageComponent:
		// A new message after a button's deferral is a follow-up, with its
		// picture and controls.
		return r.retry(ctx, func() error { return r.w.followUp(ctx, r.i, d) })
	case private == r.private:
		return r.retry(ctx, func() error { return r.w.editOriginal(ctx, r.i, d) })
	}
	// The deferral promised the other kind: replace it.
	if err := r.retry(ctx, func() error { return r.w.deleteOriginal(ctx, r.i) }); err != nil {
		r.w.log.Warn("deleting a deferral failed", "interaction", r.i.ID, "err", err)
	}
	return r.retry(ctx, func() error { return r.w.followUp(ctx, r.i, d) })
}

// retry runs call, waiting out a 429 while the wait still fits before
// ctx's deadline (the answer's: deferred answers have 15 minutes).
func (r *Responder) retry(ctx context.Context, call func() error) error {
	for {
		err := call()
		var rl *discordgo.RateLimitError
		if !errors.As(err, &rl) {
			return err
		}
		wait := rl.RetryAfter
		if deadline, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(deadline) {
			return err
		}
		r.w.log.Info("rate limited, retrying", "interaction", r.i.ID, "after", wait)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return err
		}
	}
}

// UserOf returns who made an interaction, in a server or a DM.
func UserOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}
