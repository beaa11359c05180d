package bot

import (
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/bot/discord"
)

// A table's message in the channel is redrawn through the outbox, in the
// channel's order and off the table's lock: Discord lets a channel's
// messages be edited a few times in a few seconds, so a game whose moves
// come faster (computer players, a turn timeout) would otherwise have its
// table wait on Discord. A redraw queued while another waits is the same
// redraw: it draws the table as it is when its turn comes, so any number of
// changes make one edit, and the message is never left behind its log (a
// message behind would have every click refused as stale).

// oldMessage is the age past which Discord caps a message's edits (a few a
// minute for the channel, error 30046): such a table goes on in a fresh
// message instead.
const oldMessage = 55 * time.Minute

// redraw queues a redraw of t's message, unless one waits already; t is
// locked.
func (b *Bot) redraw(t *table) {
	if t.redrawQueued || t.Row.MessageID == "" || t.Game == nil || t.noEdits {
		return
	}
	t.redrawQueued = true
	b.wire.Post(t.Row.ChannelID, discord.Letter{
		What: "a table redraw",
		Send: func() error { return b.redrawNow(t) },
		Failed: func(err error) {
			t.mu.Lock()
			defer t.mu.Unlock()
			if code := discord.Code(err); code == discord.ErrCodeMissingAccess || code == discord.ErrCodeMissingPermissions {
				b.cannotWrite(t, err)
				return
			}
			b.log.Warn("redrawing a table failed", "table", t.Row.ID, "err", err)
		},
	})
}

// redrawNow draws the table as it is and sends it: an edit of its message,
// or a fresh message when the old one is too old to edit.
//
// The edit is drawn and sent under the table's lock, as answers are, so
// that an answer to a later click cannot reach Discord before it and be
// undone by it; the channel's rate limit is waited out first, off the
// lock (discordgo would otherwise wait for it between the drawing and the
// sending, the picture going stale meanwhile).
func (b *Bot) redrawNow(t *table) error {
	t.mu.Lock()
	channel := t.Row.ChannelID
	t.mu.Unlock()
	bucket := discordgo.EndpointChannelMessage(channel, "")
	if !b.wire.WaitBucket(bucket) {
		return nil
	}
	t.mu.Lock()
	t.redrawQueued = false
	ctx, cancel := b.background()
	err := t.Sync(ctx) // another process may have moved it on since: draw the store's table
	cancel()
	if err != nil {
		t.mu.Unlock()
		return err
	}
	if t.Row.MessageID == "" || t.Game == nil || t.noEdits {
		t.mu.Unlock()
		return nil
	}
	data, err := b.message(t, "")
	channel, message := t.Row.ChannelID, t.Row.MessageID
	if err != nil {
		t.mu.Unlock()
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		return nil
	}
	if b.wire.Age(message) > oldMessage {
		t.mu.Unlock()
		return b.freshMessage(t, data, channel, message)
	}
	edit := channelEdit(data) // with the V2 flag: a message from before the upgrade turns V2
	_, err = b.wire.Request("PATCH", discordgo.EndpointChannelMessage(channel, message), bucket, edit, data.Files)
	t.mu.Unlock()
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && strings.Contains(rl.Message, "older than 1 hour") {
		// Edits of old messages are capped (30046, a 429): waiting would
		// hold every later redraw of the channel.
		return b.freshMessage(t, data, channel, message)
	}
	return err
}

// freshMessage posts the table as a new message, which becomes the table's
// message, and deletes the old one.
func (b *Bot) freshMessage(t *table, data *discordgo.InteractionResponseData, channel, old string) error {
	send := &discordgo.MessageSend{Content: data.Content, Components: data.Components, Flags: data.Flags, AllowedMentions: discord.NoMentions}
	body, err := b.wire.Request("POST", discordgo.EndpointChannelMessages(channel), discordgo.EndpointChannelMessages(channel), send, data.Files)
	if err != nil {
		return err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(body, &m); err != nil {
		return err
	}
	b.log.Info("the table's message was too old to edit: the table goes on in a fresh message", "table", t.Row.ID, "channel", channel, "message", m.ID)
	t.mu.Lock()
	t.Row.MessageID = m.ID
	ctx, cancel := b.background()
	defer cancel()
	if err := b.store.SetMessage(ctx, t.Row.ID, channel, m.ID); err != nil {
		b.log.Warn("saving the table's message failed", "table", t.Row.ID, "err", err)
	}
	t.mu.Unlock()
	if _, err := b.wire.Request("DELETE", discordgo.EndpointChannelMessage(channel, old), discordgo.EndpointChannelMessage(channel, ""), nil, nil); err != nil {
		b.log.Info("deleting the old table message failed", "table", t.Row.ID, "err", err)
	}
	return nil
}

// cannotWrite notes, once per table, that the bot lacks a permission in the
// table's channel; t is locked.
func (b *Bot) cannotWrite(t *table, err error) {
	if t.noEdits {
		return
	}
	t.noEdits = true
	b.log.Error("the bot may not write in this channel: give it View Channel, Send Messages and Attach Files there; until then the table is updated only by the answers to players' clicks",
		"channel", t.Row.ChannelID, "guild", t.Row.GuildID, "table", t.Row.ID, "err", err)
}

// redrawLater queues a redraw of a table after wait, on a goroutine of the
// bot's (a failed answer may have left its message behind).
func (b *Bot) redrawLater(t *table, wait time.Duration) {
	ctx, cancel := b.background()
	defer cancel()
	b.setTimer(ctx, t, timerRedraw, wait)
}
