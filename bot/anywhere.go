package bot

import (
	"context"
	"errors"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store/play"
)

// Play anywhere: a user may install the dealer to their account and use
// it in any DM or group DM, and in servers that never invited it. There
// the bot is no member: it may not post, edit or read the channel's
// messages. A table dealt there is interaction-only (store.TableRow's
// InteractionOnly, kept for its life): it lives on the answers to its
// players' clicks alone. Each click's answer updates the clicked message
// (type 7); My hand on the table answers with the table as it is now and
// follows up with the hand, privately; between clicks, the table and a
// player's hand are edited through the token of the latest answer that
// showed them while it lives (Discord's 15 minutes). Nothing goes by DM or
// to the channel; what computer players or the turn clock did after the
// tokens ran out shows at the next click, and the table says so.

// installedWhere sets who may use a command and where: a command for
// anywhere is offered to a server's install and a user's, in servers, in
// the DM with the bot and in other DMs and group DMs; any other, to a
// server's install alone, in the contexts its definition names.
func installedWhere(d *discordgo.ApplicationCommand, anywhere bool) {
	if !anywhere {
		d.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
		return
	}
	d.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{
		discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	d.Contexts = &[]discordgo.InteractionContextType{
		discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
}

// interactionOnly reports whether an interaction comes from where the bot
// may not post: no server install authorized it (a user's install alone:
// a DM between users, a group DM, a server that never invited the bot),
// or, in a server, the bot may not see or write in the channel. An
// interaction without the owners at all is an older payload, a server's.
// (In DMs app_permissions never holds SEND_MESSAGES, even in the bot's own
// DM, where it may post: there the owners decide.)
func interactionOnly(i *discordgo.Interaction) bool {
	if i.AuthorizingIntegrationOwners == nil {
		return false
	}
	if _, guild := i.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]; !guild {
		return true
	}
	const write = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	return i.Context == discordgo.InteractionContextGuild && i.AppPermissions&write != write
}

// tokenLife is how long an answer's token is used for edits: Discord's
// 15 minutes, less a margin for the clocks and the request's way.
const tokenLife = 14 * time.Minute

// reach is how an interaction-only table's messages are reached between
// clicks. It is kept in memory alone (a token is a credential): after a
// restart, or in another process, the table shows what changed at its
// next click.
type reach struct {
	table answered                // the table's message
	hands map[games.Seat]answered // each seat's latest private hand
}

// answered is a message an interaction's token may edit, and the table's
// version it shows.
type answered struct {
	interaction  string // its id, whose age is the token's
	appID, token string
	message      string // "@original", or a follow-up's id
	version      int    // store.TableRow.Version
}

// answeredBy is the message of i's answer at path, showing t as it is.
func answeredBy(i *discordgo.Interaction, message string, t *table) answered {
	return answered{interaction: i.ID, appID: i.AppID, token: i.Token, message: message, version: t.Row.Version}
}

// fresh reports whether a's token may still edit it.
func (b *Bot) fresh(a answered) bool {
	return a.token != "" && b.wire.Age(a.interaction) < tokenLife
}

// noteAnswer remembers, for an interaction-only table, the message an
// answer showed it in: a new table's message, the table updated, or a
// player's hand updated. t is locked.
func (b *Bot) noteAnswer(t *table, i *discordgo.Interaction, resp *discordgo.InteractionResponse) {
	if !t.Row.InteractionOnly || resp.Data == nil {
		return
	}
	switch {
	case resp.Type == discordgo.InteractionResponseChannelMessageWithSource && resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0:
		t.reach.table = answeredBy(i, "@original", t) // /play, /daily, a rematch: the table's new message
	case resp.Type != discordgo.InteractionResponseUpdateMessage || i.Message == nil:
	case i.Message.Flags&discordgo.MessageFlagsEphemeral != 0:
		if seat, ok := t.SeatOf(discord.UserOf(i).ID); ok {
			t.noteHand(seat, answeredBy(i, "@original", t))
		}
	case i.Message.ID == t.Row.MessageID || t.Row.MessageID == "":
		t.reach.table = answeredBy(i, "@original", t)
	}
}

// noteHand remembers where seat's latest hand is. t is locked.
func (t *table) noteHand(seat games.Seat, a answered) {
	if t.reach.hands == nil {
		t.reach.hands = map[games.Seat]answered{}
	}
	t.reach.hands[seat] = a
}

// tokenBucket is the rate-limit bucket of a token's requests: the wire's
// own (bot/discord's interactionBucket), so that edits between clicks
// queue behind the answers on the same token.
func tokenBucket(token string) string {
	h := fnv.New32a()
	h.Write([]byte(token))
	return "interaction/" + strconv.Itoa(int(h.Sum32()%256))
}

// editAnswered replaces a's message with data through a's token.
func (b *Bot) editAnswered(a answered, data *discordgo.InteractionResponseData) error {
	edit := &discordgo.WebhookEdit{Content: &data.Content, Components: &data.Components, Attachments: data.Attachments,
		AllowedMentions: discord.NoMentions}
	if edit.Attachments == nil {
		edit.Attachments = &[]*discordgo.MessageAttachment{}
	}
	_, err := b.wire.Request("PATCH", discordgo.EndpointWebhookMessage(a.appID, a.token, a.message), tokenBucket(a.token), edit, data.Files)
	return err
}

// redrawAnswered is redraw, and sendHand, for an interaction-only table:
// what its players last saw of it follows it through the latest answers,
// while their tokens live: its message, and every player's latest hand (a
// hand's buttons name the table's version: one left behind would be
// refused). Each is a letter of its own (a token's rate limit holds no
// other), which draws it as it is when its turn comes. t is locked.
func (b *Bot) redrawAnswered(t *table) {
	table, hands := b.behind(t)
	if table && !t.redrawQueued {
		t.redrawQueued = true
		b.postFollow(t, t.Row.ChannelID, "a table followed through its last answer", shown{table: true},
			func() (*discordgo.InteractionResponseData, error) { return b.message(t, "") },
			func() { t.redrawQueued = false })
	}
	for _, seat := range hands {
		if t.dmQueued[seat] {
			continue
		}
		if t.dmQueued == nil {
			t.dmQueued = map[games.Seat]bool{}
		}
		t.dmQueued[seat] = true
		b.postFollow(t, t.Player(seat).UserID, "a hand followed through its last answer", shown{seat: seat},
			func() (*discordgo.InteractionResponseData, error) {
				defer func() { t.lastHand = drawnHand{} }()
				return b.privateMessage(t, seat)
			},
			func() { t.dmQueued[seat] = false })
	}
}

// behind reports what shows t behind its version and may still be
// edited: its message, and the seats whose hands do. t is locked.
func (b *Bot) behind(t *table) (table bool, hands []games.Seat) {
	table = b.isBehind(t, t.reach.table)
	for seat, a := range t.reach.hands {
		if b.isBehind(t, a) && t.Game != nil {
			hands = append(hands, seat)
		}
	}
	return table, hands
}

// isBehind reports whether a shows t behind its version and may still be
// edited. t is locked.
func (b *Bot) isBehind(t *table, a answered) bool { return a.version != t.Row.Version && b.fresh(a) }

// shown names a message that shows a table: its own, or a seat's hand.
type shown struct {
	table bool
	seat  games.Seat
}

// at is where the message is reached. t is locked.
func (t *table) at(s shown) answered {
	if s.table {
		return t.reach.table
	}
	return t.reach.hands[s.seat]
}

// setAt remembers where the message is reached. t is locked.
func (t *table) setAt(s shown, a answered) {
	if s.table {
		t.reach.table = a
		return
	}
	t.noteHand(s.seat, a)
}

// postFollow queues a letter to recipient that edits the message s to
// what draw draws of t then, once its token's rate limit has passed (off
// the lock: discordgo would wait for it holding it; see redrawNow), and
// under the lock, as answers are sent. dequeued runs as it starts. A
// message its token no longer reaches is forgotten until the next click
// shows it.
func (b *Bot) postFollow(t *table, recipient, what string, s shown, draw func() (*discordgo.InteractionResponseData, error), dequeued func()) {
	b.wire.Post(recipient, discord.Letter{What: what, Send: func() error {
		t.mu.Lock()
		token := t.at(s).token
		t.mu.Unlock()
		if !b.wire.WaitBucket(tokenBucket(token)) {
			return nil
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		dequeued()
		ctx, cancel := b.background()
		err := t.Sync(ctx)
		cancel()
		if err != nil || !b.isBehind(t, t.at(s)) {
			return err
		}
		a, err := b.editTo(t, t.at(s), draw)
		t.setAt(s, a)
		return err
	}, Failed: func(err error) {
		b.log.Info("following a table through its last answers failed: it shows at the next click", "table", t.Row.ID, "err", err)
	}})
}

// editTo edits a's message to what draw draws of t now, and returns
// where it stands: at t's version; as it was when rate limited (the
// outbox sends it again later); forgotten when its token failed.
func (b *Bot) editTo(t *table, a answered, draw func() (*discordgo.InteractionResponseData, error)) (answered, error) {
	data, err := draw()
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		return a, nil
	}
	var rl *discordgo.RateLimitError
	if err := b.editAnswered(a, data); errors.As(err, &rl) {
		return a, err
	} else if err != nil {
		return answered{}, err
	}
	a.version = t.Row.Version
	return a, nil
}

// handByFollowUp answers My hand on an interaction-only table's message:
// the table as it is now (the click's token then reaches it for 15
// minutes), and the hand in a private follow-up (its one follow-up, of
// Discord's five).
func (b *Bot) handByFollowUp(c click) reply {
	t, seat := c.t, c.seat
	table, err := b.message(t, "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", t.Row.ID, "err", err)
		return c.refuse("I couldn't draw your hand: try again.")
	}
	hand, err := b.privateMessage(t, seat)
	if err != nil {
		b.log.Error("drawing a hand failed", "table", t.Row.ID, "err", err)
		return c.refuse("I couldn't draw your hand: try again.")
	}
	return reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: table},
		then: func(err error) {
			if err == nil {
				b.followUpHand(c.i, t, seat, hand)
			}
		},
	}
}

// followUpHand sends seat's hand as a private follow-up of i and
// remembers it. t is locked.
func (b *Bot) followUpHand(i *discordgo.Interaction, t *table, seat games.Seat, hand *discordgo.InteractionResponseData) {
	params := &discordgo.WebhookParams{Content: hand.Content, Components: hand.Components, Flags: hand.Flags | discordgo.MessageFlagsEphemeral,
		AllowedMentions: discord.NoMentions}
	body, err := b.wire.Request("POST", discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", tokenBucket(i.Token), params, hand.Files)
	var m discord.MessageRef
	if err == nil {
		err = discordgo.Unmarshal(body, &m)
	}
	if err != nil || m.ID == "" {
		b.log.Warn("sending a hand as a follow-up failed", "table", t.Row.ID, "seat", seat, "err", err)
		return
	}
	t.noteHand(seat, answeredBy(i, m.ID, t))
}

// toPlayLine is a multiplayer table's line on who plays and how the
// seated players see their cards: by DM or My hand, or, at an
// interaction-only table, by My hand alone, the table changing only as
// its players click.
func toPlayLine(l lang.Lang, t *table, waiting, totals string) string {
	if t.Row.InteractionOnly {
		return words.T(l, "To play: %s. Totals: %s.\nSeated players: your cards are under **My hand**. This table changes as its players click: what the computer players and the turn clock play shows at the next click.", waiting, totals)
	}
	return words.T(l, "To play: %s. Totals: %s.\nSeated players: your cards are in your DMs, or under **My hand**.", waiting, totals)
}

// lastWordsAnswered is lastWords for an interaction-only table: its
// message says content alone, its buttons taken away, through its last
// answer while that lives. t is locked.
func (b *Bot) lastWordsAnswered(t *table, content string) {
	a := t.reach.table
	if !b.fresh(a) {
		return // its buttons answer that it was closed
	}
	data := &discordgo.InteractionResponseData{Content: content, Components: []discordgo.MessageComponent{}}
	b.wire.Post(t.Row.ChannelID, discord.Letter{What: "a closed lobby through its last answer", Send: func() error {
		return b.editAnswered(a, data)
	}})
}

// endAnswered answers a click on an interaction-only table's own message
// once its game is over with the table as it ended (type 7): no redraw may
// have reached it since (the last moves were a computer's or the clock's,
// or the tokens had run out). ok is false for any other click.
func (b *Bot) endAnswered(ctx context.Context, i *discordgo.Interaction, id int64) (reply, bool) {
	if i.Message == nil || i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return reply{}, false
	}
	row, err := b.store.TableRow(ctx, id)
	if err != nil || !row.InteractionOnly || row.MessageID != i.Message.ID || row.ChannelID != i.ChannelID || !row.Status.Finished() {
		return reply{}, false
	}
	st, err := play.Load(ctx, b.store, b.games.Engines(), id)
	if err != nil || st.Game == nil {
		return reply{}, false
	}
	data, err := b.message(b.newTable(st), "")
	if err != nil {
		b.log.Error("drawing a table failed", "table", id, "err", err)
		return reply{}, false
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}), true
}
