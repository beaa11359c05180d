package bot

import (
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"
)

// redraw replaces a table's message in the channel with the table as it is
// now; t is locked. A rate limit is waited out and the redraw tried again
// (redrawLater), so a table message never stays behind its log: a message
// behind would have every click refused as stale.
func (b *Bot) redraw(t *table) {
	if t.Sess.MessageID == "" || t.Game == nil {
		return
	}
	data, err := b.message(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Sess.ID, "err", err)
		return
	}
	_, err = b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: t.Sess.MessageID, Channel: t.Sess.ChannelID,
		Content: &data.Content, Components: &data.Components, Files: data.Files, Attachments: data.Attachments,
		AllowedMentions: noMentions,
	}, discordgo.WithRetryOnRatelimit(false))
	var rl *discordgo.RateLimitError
	switch {
	case errors.As(err, &rl):
		b.redrawLater(t, rl.RetryAfter)
	case err != nil:
		b.log.Warn("redrawing a table failed", "table", t.Sess.ID, "err", err)
	}
}

// redrawLater redraws a table after wait, on a goroutine of the bot's.
func (b *Bot) redrawLater(t *table, wait time.Duration) {
	b.goBackground("redraw", func() {
		if !b.sleep(wait) {
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		b.redraw(t)
	})
}
