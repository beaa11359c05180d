package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
)

// sendHand queues seat's private message by DM, unless one waits already;
// t is locked. The hand is drawn when its turn in the outbox comes, so a
// quick run of moves makes one DM of the latest hand. A player whose DMs
// cannot be reached is told in the channel (without a card in it) to use
// My hand.
func (b *Bot) sendHand(t *table, seat games.Seat) {
	if t.dmClosed[seat] || t.dmQueued[seat] {
		return
	}
	if t.dmQueued == nil {
		t.dmQueued = map[games.Seat]bool{}
	}
	t.dmQueued[seat] = true
	user := t.Player(seat).UserID
	b.wire.Post(user, discord.Letter{
		What: "a hand",
		Send: func() error { return b.sendHandNow(t, seat, user) },
		Failed: func(err error) {
			if !unreachable(err) {
				b.metrics.dmFailures.WithLabelValues("other").Inc()
				b.log.Warn("sending a hand by DM failed", "table", t.Row.ID, "seat", seat, "err", err)
				return
			}
			b.metrics.dmFailures.WithLabelValues("closed").Inc()
			t.mu.Lock()
			defer t.mu.Unlock()
			b.dmsClosed(t, seat)
		},
	})
}

// sendHandNow draws seat's hand as it is and sends it.
func (b *Bot) sendHandNow(t *table, seat games.Seat, user string) error {
	t.mu.Lock()
	t.dmQueued[seat] = false
	ctx, cancel := b.background()
	err := t.Sync(ctx) // another process may have moved it on since: the store's hand
	cancel()
	if err != nil {
		t.mu.Unlock()
		return err
	}
	if t.dmClosed[seat] || t.Game == nil || t.Game.Status().Finished() || !open(t.Row) {
		t.lastHand = drawnHand{}
		t.mu.Unlock()
		return nil
	}
	data, err := b.privateMessage(t, seat)
	t.lastHand = drawnHand{} // sent: not kept while the table waits
	t.mu.Unlock()
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.Row.ID, "err", err)
		return nil
	}
	chID, err := b.wire.DMChannel(user)
	if err != nil {
		return err
	}
	msg := &discordgo.MessageSend{Content: data.Content, Components: data.Components, Flags: data.Flags, AllowedMentions: discord.NoMentions}
	_, err = b.wire.Request("POST", discordgo.EndpointChannelMessages(chID), discordgo.EndpointChannelMessages(chID), msg, data.Files)
	return err
}

// unreachable reports whether Discord refused a DM because the player
// cannot be reached that way: their DMs are closed, or they share no
// server with the bot any more (they left).
func unreachable(err error) bool {
	code := discord.Code(err)
	return code == discord.ErrCodeDMsClosed || code == discord.ErrCodeNoMutualGuilds
}

// dmsClosed remembers that a player cannot be reached by DM and tells them,
// in the channel and without a card, to use My hand; t is locked.
func (b *Bot) dmsClosed(t *table, seat games.Seat) {
	if t.dmClosed[seat] {
		return
	}
	p := t.Player(seat)
	if t.dmClosed == nil {
		t.dmClosed = map[games.Seat]bool{}
	}
	t.dmClosed[seat] = true
	b.log.Info("a player cannot be reached by DM", "table", t.Row.ID, "seat", seat)
	notice := &discordgo.MessageSend{
		Content:         words.T(b.tableLang(t.Row), "<@%s>, I can't send you direct messages, so your cards stay here: click **My hand** on the %s table to see them and play.", p.UserID, t.Info.Title),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{p.UserID}},
	}
	channel := t.Row.ChannelID
	b.wire.Post(channel, discord.Letter{What: "a notice", Send: func() error {
		_, err := b.wire.Request("POST", discordgo.EndpointChannelMessages(channel), discordgo.EndpointChannelMessages(channel), notice, nil)
		return err
	}})
}
