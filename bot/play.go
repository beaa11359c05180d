package bot

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/store"
)

// playCommand is /play: a game, a deal number, and the games' house rules.
func (b *Bot) playCommand(g gameChoices) *discordgo.ApplicationCommand {
	minDeal := 1.0
	return &discordgo.ApplicationCommand{
		Description: "Deal a new game at this table", Contexts: serverOrDM(),
		Options: append([]*discordgo.ApplicationCommandOption{
			gameOption(g.all),
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "deal", Description: "A deal number, to replay a deal (default: a random one)", MinValue: &minDeal, MaxValue: 1e15},
		}, houseRuleOptions(b.games.All())...),
	}
}

// play opens a new table: /play game:<name> [deal:<n>] [house rules]. A
// solitaire starts at once; a multiplayer game opens a lobby.
func (b *Bot) play(ctx context.Context, i *discordgo.Interaction, opts options) reply {
	if i.ChannelID == "" { // a table lives in a channel (a DM's too): a terminal game has none
		return respond(private(words.T(userLang(i), "I can't tell where to deal: use /play in a server's channel or in our DM.")))
	}
	g, ok := b.games.Lookup(opts.str("game"))
	if !ok {
		return respond(private(words.T(userLang(i), "I can't deal that game here. See /rules for the games I know.")))
	}
	deal := b.newDeal()
	if o := opts["deal"]; o != nil {
		// Options are read by their type: discordgo's IntValue panics on an
		// option of another type (an out-of-date command list), and the
		// interaction would go unanswered.
		n, isInt := o.Value.(float64)
		if o.Type != discordgo.ApplicationCommandOptionInteger || !isInt || n < 1 || n > 1e15 || n != float64(int64(n)) {
			return respond(private(words.T(userLang(i), "A deal number is a whole number from 1.")))
		}
		deal = uint64(n)
	}
	rules, err := houseRules(g.Info, opts)
	if err != nil {
		return respond(private(g.Refusal(userLang(i), err) + "."))
	}
	sess := b.newTableRow(i, g.Name, deal)
	sess.Options = g.FormatOptions(rules)
	if !g.Solitaire() {
		sess.Seats, sess.Status = g.MaxSeats, store.StatusLobby
	}
	rep, err := b.openTable(ctx, i, sess)
	if err != nil {
		b.log.Error("creating a table failed", "err", err)
		return respond(private(words.T(userLang(i), "I couldn't open a table just now (the records are busy): try again.")))
	}
	return rep
}

// newTableRow is a new one-seat table for the user of i in i's channel.
func (b *Bot) newTableRow(i *discordgo.Interaction, game string, deal uint64) store.TableRow {
	user := discord.UserOf(i)
	return store.TableRow{
		Game: game, Deal: deal, Seats: 1, GuildID: i.GuildID, ChannelID: i.ChannelID, OwnerID: user.ID,
		Players: []store.Player{{Seat: 0, UserID: user.ID, Name: displayName(i)}}, Status: store.StatusPlaying,
		InteractionOnly: interactionOnly(i),
	}
}

// dailyCommand is /daily: a game that has daily deals.
func (b *Bot) dailyCommand(g gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "Today's deal: the same for everyone, one attempt each", Contexts: serverOrDM(),
		Options: []*discordgo.ApplicationCommandOption{gameOption(g.daily)},
	}
}

// daily answers /daily game:<name>: today's deal, one attempt a player.
func (b *Bot) daily(ctx context.Context, i *discordgo.Interaction, opts options) reply {
	if i.ChannelID == "" {
		return respond(private(words.T(userLang(i), "I can't tell where to deal: use /play in a server's channel or in our DM.")))
	}
	g, ok := b.games.Lookup(opts.str("game"))
	if !ok || g.Solve == nil {
		return respond(private(words.T(userLang(i), "There is no daily deal of that game.")))
	}
	day := today(time.Now())
	deal, err := b.dailyDeal(ctx, g.Info, day)
	if err != nil {
		b.log.Error("choosing the daily deal failed", "game", g.Name, "err", err)
		return respond(private(words.T(userLang(i), "I couldn't pick today's deal just now: try again.")))
	}
	sess := b.newTableRow(i, g.Name, deal)
	sess.Daily = day
	rep, err := b.openTable(ctx, i, sess)
	switch {
	case errors.Is(err, store.ErrAttempted):
		return respond(private(words.T(userLang(i), "You have had today's %s attempt. A new deal comes at midnight UTC; see how everyone did with `/leaderboard game:%s by:daily`.", g.Title, g.Name)))
	case err != nil:
		b.log.Error("creating a daily table failed", "err", err)
		return respond(private(words.T(userLang(i), "I couldn't open a table just now (the records are busy): try again.")))
	}
	return rep
}
