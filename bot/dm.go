package bot

import (
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
)

// sendHand sends seat its private message by DM. If the player's DMs are
// closed, the channel is told (without a card in it) to use My hand.
func (b *Bot) sendHand(t *table, seat games.Seat) {
	p := t.Player(seat)
	if t.dmClosed[seat] {
		return
	}
	data, err := b.privateMessage(t, seat)
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.Sess.ID, "err", err)
		return
	}
	chID, err := b.dmChannel(p.UserID)
	if err == nil {
		_, err = b.s.ChannelMessageSendComplex(chID, &discordgo.MessageSend{
			Content: data.Content, Components: data.Components, Files: data.Files, AllowedMentions: noMentions,
		}, discordgo.WithRetryOnRatelimit(false))
	}
	var rest *discordgo.RESTError
	switch {
	case err == nil:
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		b.dmsClosed(t, seat)
	default:
		b.log.Warn("sending a hand by DM failed", "table", t.Sess.ID, "seat", seat, "err", err)
	}
}

// dmsClosed remembers that a player's DMs are closed and tells them, in the
// channel and without a card, to use My hand.
func (b *Bot) dmsClosed(t *table, seat games.Seat) {
	p := t.Player(seat)
	if t.dmClosed == nil {
		t.dmClosed = map[games.Seat]bool{}
	}
	t.dmClosed[seat] = true
	b.log.Info("a player's DMs are closed", "table", t.Sess.ID, "seat", seat)
	_, err := b.s.ChannelMessageSendComplex(t.Sess.ChannelID, &discordgo.MessageSend{
		Content:         fmt.Sprintf("<@%s>, I can't send you direct messages, so your cards stay here: click **My hand** on the %s table to see them and play.", p.UserID, t.Info.Title),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{p.UserID}},
	})
	if err != nil {
		b.log.Warn("telling a player about closed DMs failed", "table", t.Sess.ID, "err", err)
	}
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
	ch, err := b.s.UserChannelCreate(userID)
	if err != nil {
		return "", err
	}
	b.mu.Lock()
	b.dms[userID] = ch.ID
	b.mu.Unlock()
	return ch.ID, nil
}
