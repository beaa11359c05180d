package bot

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
)

// Seasons: the boards show the current season unless asked for a past one
// or all time (/leaderboard season:). A season rolls over at midnight UTC
// of the first; a little later each server's final boards are archived
// (store.CloseSeason) and posted in the channel its admins chose with
// /season, by whichever process archives them.

// The season option's values besides a season's key.
const (
	seasonCurrent = "current"
	seasonAll     = "all"
)

// seasonGrace is how long after a season's end its boards are archived:
// every write that began before midnight has landed by then (writes give
// up after store.WriteTimeout).
const seasonGrace = time.Minute

// seasonPoll is how often a process looks whether a season ended.
const seasonPoll = time.Second

// seasonFinalRows is how many players of each game a season's final board
// posts.
const seasonFinalRows = 3

// now is the bot's clock: the store's (tests move it on).
func (b *Bot) now() time.Time {
	if b.store.Now != nil {
		return b.store.Now()
	}
	return time.Now()
}

// seasonOption is /leaderboard's season: this one, a past one, all time.
func seasonOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "season",
		Description: "Which season (default: this one)", Autocomplete: true, MaxLength: 20}
}

// seasonOf reads a season option: "" and "current" are the current season
// (all time without seasons), "all" all time, else a past season's key.
// A season yet to come, or a key that names none, is not ok.
func (b *Bot) seasonOf(value string) (store.Season, bool) {
	now := b.now()
	switch value {
	case "", seasonCurrent:
		return b.seasons.Of(now), true
	case seasonAll:
		return store.Season{}, true
	}
	s, err := store.ParseSeason(value)
	if err != nil || s.Start.After(now) {
		return store.Season{}, false
	}
	return s, true
}

// seasonName is a season as players say it: "November 2026", "Q4 2026",
// or "all time".
func seasonName(l lang.Lang, s store.Season) string {
	switch s.Length() {
	case store.SeasonsNone:
		return words.T(l, "all time")
	case store.SeasonsQuarter:
		return words.T(l, "Q%d %d", (int(s.Start.Month())+2)/3, s.Start.Year())
	}
	return monthName(l, s.Start.Month(), s.Start.Year())
}

// monthName is a month of a year in l.
func monthName(l lang.Lang, m time.Month, year int) string {
	switch m {
	case time.January:
		return words.T(l, "January %d", year)
	case time.February:
		return words.T(l, "February %d", year)
	case time.March:
		return words.T(l, "March %d", year)
	case time.April:
		return words.T(l, "April %d", year)
	case time.May:
		return words.T(l, "May %d", year)
	case time.June:
		return words.T(l, "June %d", year)
	case time.July:
		return words.T(l, "July %d", year)
	case time.August:
		return words.T(l, "August %d", year)
	case time.September:
		return words.T(l, "September %d", year)
	case time.October:
		return words.T(l, "October %d", year)
	case time.November:
		return words.T(l, "November %d", year)
	}
	return words.T(l, "December %d", year)
}

// seasonChoices are /leaderboard's seasons that contain typed: this
// season, all time, then the server's past seasons, newest first.
func (b *Bot) seasonChoices(ctx context.Context, i *discordgo.Interaction, typed string) []*discordgo.ApplicationCommandOptionChoice {
	l, now := userLang(i), b.now()
	want := strings.ToLower(typed)
	out := []*discordgo.ApplicationCommandOptionChoice{}
	offer := func(name, value string) {
		if len(out) < maxChoices && (strings.Contains(strings.ToLower(name), want) || strings.Contains(value, want)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, 100), Value: value})
		}
	}
	if b.seasons != store.SeasonsNone {
		offer(words.T(l, "this season (%s)", seasonName(l, b.seasons.Of(now))), seasonCurrent)
	}
	offer(seasonName(l, store.Season{}), seasonAll)
	past, err := b.store.PastSeasons(ctx, i.GuildID, b.seasons, now)
	if err != nil {
		b.log.Warn("reading the past seasons failed", "err", err)
		return out
	}
	for _, s := range past {
		offer(seasonName(l, s), s.Key)
	}
	return out
}

// seasonCommand is /season: when the season ends, and (admins) where its
// final boards are posted.
func (b *Bot) seasonCommand(gameChoices) *discordgo.ApplicationCommand {
	text := []discordgo.ChannelType{discordgo.ChannelTypeGuildText}
	return &discordgo.ApplicationCommand{
		Description: "This season, and (admins) the channel for its final boards",
		Contexts:    guildOnly(),
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel", Description: "Admins: post each season's final boards here",
				ChannelTypes: text},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "off", Description: "Admins: post the final boards nowhere"},
		},
	}
}

// season answers /season [channel] [off].
func (b *Bot) season(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	l := userLang(i)
	if i.GuildID == "" {
		return private(words.T(l, "Seasons are a server's: use /season in one."))
	}
	channel, off := "", false
	if o := opts["channel"]; o != nil && o.Type == discordgo.ApplicationCommandOptionChannel {
		channel, _ = o.Value.(string)
	}
	if o := opts["off"]; o != nil && o.Type == discordgo.ApplicationCommandOptionBoolean {
		off = o.BoolValue()
	}
	if channel != "" || off {
		return b.setSeasonChannel(ctx, i, channel, off)
	}
	current, err := b.store.SeasonChannel(ctx, i.GuildID)
	if err != nil {
		return b.unreadRecords(i, "season channel", err)
	}
	return private(b.seasonText(l, current))
}

// seasonText says the season, its end and where its final boards go.
func (b *Bot) seasonText(l lang.Lang, channel string) string {
	if b.seasons == store.SeasonsNone {
		return words.T(l, "This bot keeps no seasons: its boards are all time.")
	}
	s := b.seasons.Of(b.now())
	text := words.T(l, "The season is **%s**; it ends at midnight UTC on %s (<t:%d:R>).", seasonName(l, s),
		s.End.Format(time.DateOnly), s.End.Unix())
	if channel == "" {
		return text + "\n" + words.T(l, "Its final boards are posted nowhere: an admin can choose a channel with `/season channel:`.")
	}
	return text + "\n" + words.T(l, "Its final boards are posted in <#%s>.", channel)
}

// setSeasonChannel is /season channel: or off:, for a server's admins.
func (b *Bot) setSeasonChannel(ctx context.Context, i *discordgo.Interaction, channel string, off bool) *discordgo.InteractionResponse {
	l := userLang(i)
	if i.Member == nil || i.Member.Permissions&manageServer == 0 {
		return private(words.T(l, "Only a member who may manage this server can choose where the final boards go."))
	}
	if off {
		channel = ""
	} else if !validSnowflake(channel) {
		return private(words.T(l, "Choose a text channel of this server."))
	}
	if err := b.store.SetSeasonChannel(ctx, i.GuildID, channel); err != nil {
		b.log.Error("saving the season channel failed", "guild", i.GuildID, "err", err)
		return private(words.T(l, "I couldn't save that just now: try again."))
	}
	b.log.Info("season channel set", "guild", i.GuildID, "channel", channel, "by", discord.UserOf(i).ID)
	return private(words.T(l, "**Saved.**") + "\n" + b.seasonText(l, channel))
}

// validSnowflake reports whether s looks like a Discord id: 1 to 20
// digits.
func validSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// runSeasons closes each season once it has ended (seasonGrace after
// midnight), until the bot closes: at start-up the last one too, if no
// process closed it (the bot was down then).
func (b *Bot) runSeasons() {
	if b.seasons == store.SeasonsNone {
		return
	}
	tick := time.NewTicker(seasonPoll)
	defer tick.Stop()
	closed, retry := "", time.Time{}
	for {
		ended := b.seasons.Of(b.now().Add(-seasonGrace)).Previous()
		if ended.Key != closed && !time.Now().Before(retry) {
			if err := b.closeSeason(ended); err != nil {
				if b.wire.Context().Err() == nil {
					b.log.Warn("archiving the season failed: tried again in a minute", "season", ended.Key, "err", err)
				}
				retry = time.Now().Add(time.Minute)
			} else {
				closed = ended.Key
			}
		}
		select {
		case <-b.wire.Context().Done():
			return
		case <-tick.C:
		}
	}
}

// closeSeason archives season's boards in every server not yet archived
// and posts each one this process archived where its server asked.
func (b *Bot) closeSeason(season store.Season) error {
	ctx, cancel := b.background()
	defer cancel()
	closed, err := b.store.CloseSeason(ctx, season)
	for _, c := range closed {
		b.log.Info("season archived", "guild", c.Guild, "season", season.Key)
		if c.Channel != "" {
			b.postFinalBoards(ctx, c, season)
		}
	}
	return err
}

// postFinalBoards posts a server's final boards of season in its channel:
// each game's first players, as the board ranks them (wins).
func (b *Bot) postFinalBoards(ctx context.Context, c store.ClosedSeason, season store.Season) {
	l := b.serverLang(c.Guild)
	var sb strings.Builder
	sb.WriteString(words.T(l, "🏁 **The %s season is over.** The final boards of this server:", seasonName(l, season)))
	for _, g := range b.games.All() {
		lp, err := b.store.LeaderboardPage(ctx, store.LeaderQuery{Guild: c.Guild, Game: g.Name, Season: season, Limit: seasonFinalRows})
		if err != nil {
			b.log.Warn("reading a final board failed", "guild", c.Guild, "season", season.Key, "err", err)
			return
		}
		if len(lp.Rows) == 0 {
			continue
		}
		sb.WriteString("\n**" + g.Title + "**")
		for n, r := range lp.Rows {
			sb.WriteString("\n" + words.T(l, "%d. %s — %s, %s", n+1, mention(r.UserID),
				words.N(l, r.Wins, "%d win", "%d wins"), words.N(l, r.Games, "%d game", "%d games")))
		}
	}
	sb.WriteString("\n" + words.T(l, "A new season has begun: `/leaderboard season:` shows this one and the last."))
	msg := &discordgo.MessageSend{Content: truncate(sb.String(), 1990), AllowedMentions: discord.NoMentions}
	channel := c.Channel
	b.wire.Post(channel, discord.Letter{What: "a season's final boards", Send: func() error {
		_, err := b.wire.Request("POST", discordgo.EndpointChannelMessages(channel), discordgo.EndpointChannelMessages(channel), msg, nil)
		if code := discord.Code(err); code == discordgo.ErrCodeUnknownChannel || code == discord.ErrCodeMissingAccess || code == discord.ErrCodeMissingPermissions {
			b.log.Warn("the season channel is gone or closed to the bot", "guild", c.Guild, "channel", channel)
			return nil
		}
		return err
	}})
}

// seasonHeader is what a board's header says of its season.
func seasonHeader(l lang.Lang, s store.Season) string {
	if s.AllTime() {
		return words.T(l, "(all time)")
	}
	return words.T(l, "(season: %s)", seasonName(l, s))
}

// byStreak is /leaderboard's by:streak: the daily deals' best runs.
const byStreak = "streak"

// streakBoard answers /leaderboard by:streak: the server's best runs of
// daily deals won at a game, over the season.
func (b *Bot) streakBoard(ctx context.Context, i *discordgo.Interaction, info render.Game, season store.Season) *discordgo.InteractionResponse {
	if info.Solve == nil {
		return private(words.T(userLang(i), "%s has no daily deal: rank it by wins or points.", info.Title))
	}
	rows, err := b.store.StreakBoard(ctx, i.GuildID, info.Name, season, 10)
	if err != nil {
		return b.unreadRecords(i, "streak board", err)
	}
	l := guildLang(i)
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s — daily deal streaks of this server**", info.Title) + " " + seasonHeader(l, season))
	if len(rows) == 0 {
		sb.WriteString("\n" + words.T(l, "Nobody has won a daily deal here: `/daily game:%s`.", info.Name))
	}
	for n, r := range rows {
		sb.WriteString("\n" + words.T(l, "%d. %s — %s", n+1, mention(r.UserID),
			words.N(l, r.Best, "%d day won in a row", "%d days won in a row")))
	}
	return public(sb.String())
}
