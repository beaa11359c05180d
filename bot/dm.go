package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
)

// Discord's answers that mean a DM cannot reach a player: their DMs are
// closed, or they share no server with the bot any more (they left).
const (
	errCodeDMsClosed      = discordgo.ErrCodeCannotSendMessagesToThisUser // 50007
	errCodeNoMutualGuilds = 50278
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
	b.post(user, letter{
		what: "a hand",
		send: func() error { return b.sendHandNow(t, seat, user) },
		failed: func(err error) {
			if !unreachable(err) {
				b.metrics.dmFailures.WithLabelValues("other").Inc()
				b.log.Warn("sending a hand by DM failed", "table", t.Sess.ID, "seat", seat, "err", err)
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
	if t.dmClosed[seat] || t.Game == nil || t.Game.Status().Finished() || !open(t.Sess) {
		t.lastHand = drawnHand{}
		t.mu.Unlock()
		return nil
	}
	data, err := b.privateMessage(t, seat)
	t.lastHand = drawnHand{} // sent: not kept while the table waits
	t.mu.Unlock()
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.Sess.ID, "err", err)
		return nil
	}
	chID, err := b.dmChannel(user)
	if err != nil {
		return err
	}
	msg := &discordgo.MessageSend{Content: data.Content, Components: data.Components, AllowedMentions: noMentions}
	_, err = b.request("POST", discordgo.EndpointChannelMessages(chID), discordgo.EndpointChannelMessages(chID), msg, data.Files)
	return err
}

// unreachable reports whether Discord refused a DM because the player
// cannot be reached that way.
func unreachable(err error) bool {
	code := restCode(err)
	return code == errCodeDMsClosed || code == errCodeNoMutualGuilds
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
	b.log.Info("a player cannot be reached by DM", "table", t.Sess.ID, "seat", seat)
	notice := &discordgo.MessageSend{
		Content:         T(b.serverLang(t.Sess.GuildID), "<@%s>, I can't send you direct messages, so your cards stay here: click **My hand** on the %s table to see them and play.", p.UserID, t.Info.Title),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{p.UserID}},
	}
	channel := t.Sess.ChannelID
	b.post(channel, letter{what: "a notice", send: func() error {
		_, err := b.request("POST", discordgo.EndpointChannelMessages(channel), discordgo.EndpointChannelMessages(channel), notice, nil)
		return err
	}})
}

// dmChannel returns the DM channel with a user, asking Discord once per
// user (every DM channel request shares one process-wide rate limit).
func (b *Bot) dmChannel(userID string) (string, error) {
	b.mu.Lock()
	id, ok := b.dms[userID]
	b.mu.Unlock()
	if ok {
		return id, nil
	}
	// One at a time, and the bucket's wait waited out here, where closing
	// the bot cuts it short: discordgo's own wait for the bucket cannot be
	// cut short, and with hundreds of new players queued behind one
	// process-wide bucket Close would wait minutes.
	select {
	case b.dmGate <- struct{}{}:
	case <-b.ctx.Done():
		return "", b.ctx.Err()
	}
	defer func() { <-b.dmGate }()
	bucket := b.s.Ratelimiter.GetBucket(discordgo.EndpointUserChannels(""))
	bucket.Lock()
	wait := b.s.Ratelimiter.GetWaitTime(bucket, 1)
	bucket.Unlock()
	if wait > 0 && !b.sleep(wait) {
		return "", b.ctx.Err()
	}
	ch, err := b.s.UserChannelCreate(userID, discordgo.WithRetryOnRatelimit(false))
	if err != nil {
		return "", err
	}
	b.mu.Lock()
	b.dms[userID] = ch.ID
	b.mu.Unlock()
	return ch.ID, nil
}
