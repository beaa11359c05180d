package bot

import (
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// responder answers one interaction exactly once, within Discord's 3 s.
//
// If the work takes longer than the bot's deferAfter, it acknowledges the
// interaction with a deferral (type 5 for commands, type 6 for buttons) and
// the answer then goes out as an edit of the original response, or as an
// ephemeral follow-up for a private answer. A 429 is retried while the retry
// still fits before the deadline; discordgo's own endless retry is off.
type responder struct {
	s   *discordgo.Session
	i   *discordgo.Interaction
	log *slog.Logger

	mu       sync.Mutex
	timer    *time.Timer
	deferred bool
	done     bool
	deadline time.Time
}

// errAnswered means the interaction had already been answered.
var errAnswered = errors.New("interaction already answered")

// newResponder counts the 3 s from when Discord created the interaction (its
// id's timestamp), not from when the handler starts: under load, or after a
// gateway resume, an interaction may have waited a while already. A
// timestamp in the future or over a minute old says the clock is off, and
// is not trusted.
func newResponder(b *Bot, i *discordgo.Interaction) *responder {
	now := time.Now()
	created := now
	if ts, err := discordgo.SnowflakeTimestamp(i.ID); err == nil && !ts.After(now) && now.Sub(ts) < time.Minute {
		created = ts
	}
	r := &responder{s: b.s, i: i, log: b.log, deadline: created.Add(b.ackDeadline)}
	wait := time.Until(created.Add(b.deferAfter))
	if now.After(r.deadline) {
		wait = time.Hour // too late even to defer: the caller drops it
	}
	r.timer = time.AfterFunc(wait, r.deferNow)
	return r
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
}

// deferNow acknowledges the interaction without an answer yet.
func (r *responder) deferNow() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || r.deferred {
		return
	}
	typ := discordgo.InteractionResponseDeferredMessageUpdate
	if r.i.Type == discordgo.InteractionApplicationCommand {
		typ = discordgo.InteractionResponseDeferredChannelMessageWithSource
	}
	if err := r.retry(func() error {
		return r.s.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: typ}, discordgo.WithRetryOnRatelimit(false))
	}); err != nil {
		r.log.Warn("deferring interaction failed", "interaction", r.i.ID, "err", err)
		return
	}
	r.deferred = true
}

// send answers with resp: the whole message (discordgo sends every field, so
// a partial answer would wipe the rest).
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
		return r.retry(func() error {
			return r.s.InteractionRespond(r.i, resp, discordgo.WithRetryOnRatelimit(false))
		})
	}
	d := resp.Data
	if d.Flags&discordgo.MessageFlagsEphemeral != 0 && r.i.Type == discordgo.InteractionMessageComponent {
		// A private answer after a button's deferral is a follow-up.
		return r.retry(func() error {
			_, err := r.s.FollowupMessageCreate(r.i, true, &discordgo.WebhookParams{
				Content: d.Content, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: d.AllowedMentions,
			}, discordgo.WithRetryOnRatelimit(false))
			return err
		})
	}
	edit := &discordgo.WebhookEdit{
		Content:         &d.Content,
		Components:      &d.Components,
		Embeds:          &d.Embeds,
		Files:           d.Files,
		Attachments:     d.Attachments,
		AllowedMentions: d.AllowedMentions,
	}
	if edit.Attachments == nil {
		edit.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return r.retry(func() error {
		_, err := r.s.InteractionResponseEdit(r.i, edit, discordgo.WithRetryOnRatelimit(false))
		return err
	})
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
		r.log.Info("rate limited, retrying", "interaction", r.i.ID, "after", wait)
		time.Sleep(wait)
	}
}

// originalMessage reads the message an interaction's response created (to
// learn its id). discordgo's InteractionResponse puts every such read of
// the process in one rate-limit bucket, held for the whole round trip
// (discord.md, trap 4): under load, new tables queued there for seconds
// while holding their table's lock. The bucket here is the token's own.
func (b *Bot) originalMessage(i *discordgo.Interaction) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	body, err := b.s.RequestWithBucketID("GET", uri, nil, uri)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	return &m, nil
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
