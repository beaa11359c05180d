package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/docs/rules"
	"github.com/dealer/dealer/store"
)

// leaderboardCommand is /leaderboard: a game, and what to rank by.
func (b *Bot) leaderboardCommand(g gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "The best players of a game in this server or chat", Contexts: guildOnly(),
		Options: []*discordgo.ApplicationCommandOption{
			gameOption(g.all),
			{Type: discordgo.ApplicationCommandOptionString, Name: "by", Description: "Rank by (default: wins)", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "wins", Value: "wins"}, {Name: "points", Value: "points"}, {Name: "best score", Value: "score"}, {Name: "today's daily deal", Value: "daily"},
				{Name: "rating (multiplayer games)", Value: byRating}, {Name: "daily deal streaks", Value: byStreak},
			}},
			{Type: discordgo.ApplicationCommandOptionString, Name: "rules", Description: "House rules: their own board (default: the standard game)",
				Autocomplete: true, MaxLength: 100},
			seasonOption(),
		},
	}
}

// statsCommand is /stats: whose statistics.
func (b *Bot) statsCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "Games, wins and bests of a player in this server", Contexts: serverOrDM(),
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose statistics (default: yours)"},
		},
	}
}

// rulesCommand is /rules: a game, usable anywhere.
func (b *Bot) rulesCommand(g gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "The rules of a game, in short",
		Options:     []*discordgo.ApplicationCommandOption{gameOption(g.all)},
	}
}

// leaderboard answers /leaderboard game:<name> [by:<wins|points|score>].
func (b *Bot) leaderboard(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	info, ok := b.games.Lookup(opts.str("game"))
	if !ok {
		return private(words.T(userLang(i), "I don't know that game. See /rules for the games I know."))
	}
	by := opts.str("by")
	switch by {
	case "daily":
		return b.dailyBoard(i, info.Info)
	case "", "wins", "points", "score", byRating, byStreak:
	default:
		return private(words.T(userLang(i), "Rank by wins, points, score, rating or streak."))
	}
	house, err := info.ParseOptions(opts.str("rules"))
	if err != nil && opts.str("rules") != standardRules {
		return private(words.T(userLang(i), "Choose house rules from the list: those played in this server."))
	}
	season, ok := b.seasonOf(opts.str("season"))
	if !ok {
		return private(words.T(userLang(i), "Choose a season from the list: this one, a past one or all time."))
	}
	if i.GuildID == "" && (by == byRating || by == byStreak) {
		return private(words.T(userLang(i), "Ratings and daily streaks are ranked in servers: here, rank by wins, points or score."))
	}
	switch by {
	case byRating:
		return b.ratingBoard(ctx, i, info, info.FormatOptions(house), season)
	case byStreak:
		return b.streakBoard(ctx, i, info, season)
	}
	q := store.LeaderQuery{Guild: i.GuildID, Game: info.Name, Options: info.FormatOptions(house), By: by, Limit: 10, Season: season}
	title := "**%s — leaderboard of this server**"
	if i.GuildID == "" { // a DM's or group DM's own board: the games played in it
		q.Channel, title = i.ChannelID, "**%s — leaderboard of this chat**"
	}
	page, err := b.store.LeaderboardPage(ctx, q)
	if err != nil {
		return b.unreadRecords(i, "leaderboard", err)
	}
	rows := page.Rows
	l := guildLang(i)
	var sb strings.Builder
	sb.WriteString(words.T(l, title, info.Title))
	if len(house) > 0 {
		sb.WriteString(" " + words.T(l, "(house rules: %s)", info.DescribeOptionsIn(l, house)))
	}
	switch by {
	case "points":
		sb.WriteString(" " + words.T(l, "(by points)"))
	case "score":
		sb.WriteString(" " + words.T(l, "(by best score)"))
	}
	sb.WriteString(" " + seasonHeader(l, season))
	switch {
	case len(rows) == 0 && !season.AllTime():
		sb.WriteString("\n" + words.T(l, "No finished games this season. `season:` shows the others and all time; `/play game:%s` starts this one.", info.Name))
	case len(rows) == 0:
		sb.WriteString("\n" + words.T(l, "No finished games yet. Be the first: `/play game:%s`.", info.Name))
	}
	for n, r := range rows {
		sb.WriteString("\n" + words.T(l, "%d. %s — %s, %s (%.0f%%), best score %d", n+1, mention(r.UserID),
			words.N(l, r.Games, "%d game", "%d games"), words.N(l, r.Wins, "%d win", "%d wins"), 100*r.WinRate, r.BestScore))
		if !info.Solitaire() {
			sb.WriteString(words.T(l, ", %d points", r.TotalPoints))
		}
		if r.FastestWin > 0 {
			sb.WriteString(words.T(l, ", fastest win %s", ShortDuration(r.FastestWin)))
		}
	}
	if b.links == nil || i.GuildID == "" { // the pages show servers' boards
		return public(sb.String())
	}
	return public(sb.String(), words.T(l, "Full leaderboard"), b.links.Leaderboard(i.GuildID, info.Name, by, info.FormatOptions(house), opts.str("season")))
}

// stats answers /stats [user].
func (b *Bot) stats(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	user := discord.UserOf(i)
	// UserValue panics on an option of another type.
	if o := opts["user"]; o != nil && o.Type == discordgo.ApplicationCommandOptionUser {
		if u := o.UserValue(nil); u != nil && u.ID != "" {
			user = u
		}
	}
	return b.statsOf(ctx, i, user)
}

// statsUserCommand is the user command "Dealer stats": a member's /stats,
// from their context menu.
func (b *Bot) statsUserCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Type: discordgo.UserApplicationCommand, Contexts: guildOnly()}
}

// memberStats answers the user command "Dealer stats" on a member.
func (b *Bot) memberStats(ctx context.Context, i *discordgo.Interaction, _ options) *discordgo.InteractionResponse {
	d := i.ApplicationCommandData()
	user := &discordgo.User{ID: d.TargetID}
	if d.Resolved != nil && d.Resolved.Users[d.TargetID] != nil {
		user = d.Resolved.Users[d.TargetID]
	}
	if user.ID == "" {
		return private(words.T(userLang(i), "I couldn't tell who you are: try again."))
	}
	return b.statsOf(ctx, i, user)
}

// statsOf is user's statistics in the interaction's server, or in a DM
// everywhere (DM games included).
func (b *Bot) statsOf(ctx context.Context, i *discordgo.Interaction, user *discordgo.User) *discordgo.InteractionResponse {
	rows, err := b.store.Stats(ctx, i.GuildID, user.ID)
	if err != nil {
		return b.unreadRecords(i, "stats", err)
	}
	l := guildLang(i)
	var sb strings.Builder
	if i.GuildID == "" {
		sb.WriteString(words.T(l, "**Statistics of <@%s>, everywhere**", user.ID))
	} else {
		sb.WriteString(words.T(l, "**Statistics of <@%s> in this server**", user.ID))
	}
	if cur, best, err := b.store.Streak(ctx, user.ID, "", today(time.Now())); err == nil && best > 0 {
		sb.WriteString("\n" + words.N(l, cur, "Daily deals: a streak of %d day won (best %d).", "Daily deals: a streak of %d days won (best %d).", best))
	}
	if len(rows) == 0 {
		sb.WriteString("\n" + words.T(l, "No finished games yet."))
	}
	for _, r := range rows {
		title := r.Game
		if info, ok := b.games.Lookup(r.Game); ok {
			title = info.Title
			if o, err := info.ParseOptions(r.Options); err == nil && len(o) > 0 {
				title += " (" + info.DescribeOptionsIn(l, o) + ")"
			}
		}
		sb.WriteString("\n" + words.T(l, "**%s**: %s, %s, best score %d", title, words.N(l, r.Games, "%d game", "%d games"), words.N(l, r.Wins, "%d win", "%d wins"), r.BestScore))
		if r.FastestWin > 0 {
			sb.WriteString(words.T(l, ", fastest win %s", ShortDuration(r.FastestWin)))
		}
		if info, ok := b.games.Lookup(r.Game); ok && !info.Solitaire() && r.Options == "" && i.GuildID != "" {
			if note := b.ratingNote(ctx, l, i.GuildID, r.Game, user.ID); note != "" {
				sb.WriteString(", " + note)
			}
		}
	}
	if b.links == nil || i.GuildID == "" {
		return public(sb.String())
	}
	return public(sb.String(), words.T(l, "All statistics"), b.links.Player(i.GuildID, user.ID))
}

// rules answers /rules game:<name>, privately.
func (b *Bot) rules(_ context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	info, ok := b.games.Lookup(opts.str("game"))
	if !ok {
		return private(words.T(userLang(i), "I don't know that game."))
	}
	house := ""
	if len(info.Options) > 0 {
		house = "\n" + words.T(userLang(i), "**House rules**, options of /play: %s", info.OptionsHelp())
	}
	text, ok := rules.DiscordIn(info.Name, userLang(i))
	if !ok {
		text = fmt.Sprintf("**%s**\n%s", info.Title, info.Summary)
	}
	return private(truncate(text, rules.DiscordLimit-len(house)) + house)
}

// public returns a board everyone in the channel sees (a leaderboard,
// statistics): a V2 message of text, with a row of links (label and
// address pairs; an empty address: no link).
func public(text string, links ...string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: v2Message(accentWon, text, nil, linkRow(links...)),
	}
}

// ShortDuration writes a game's time as players say it: 4m05s, 1h02m. The
// terminal's records say it alike.
func ShortDuration(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d >= time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	case d >= time.Minute:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%ds", int(d.Seconds()))
}

// unreadRecords logs a read of the records that failed (what: "stats")
// and is the private answer that says so.
func (b *Bot) unreadRecords(i *discordgo.Interaction, what string, err error) *discordgo.InteractionResponse {
	b.log.Error(what+" failed", "err", err)
	return private(words.T(userLang(i), "I couldn't read the records just now: try again."))
}
