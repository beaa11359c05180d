package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// Daily deals: every player gets the same deal of the day of a game, one
// attempt each. The deal is chosen among deals the solver has won, so the
// day's deal can always be won, and it is recorded in the store so that a
// restart (or a second process) picks the same one.

// dailyBudget is the solver's time per candidate deal.
const dailyBudget = 1500 * time.Millisecond

// today is the day of daily deals: the UTC date.
func today(now time.Time) string { return now.UTC().Format(time.DateOnly) }

// dailyDeal returns the deal of the day of a game, choosing it if needed.
func (b *Bot) dailyDeal(ctx context.Context, info games.Info, day string) (uint64, error) {
	if deal, ok, err := b.store.DailyDeal(ctx, info.Name, day); err != nil || ok {
		return deal, err
	}
	return b.store.SetDailyDeal(ctx, info.Name, day, chooseDaily(info, day))
}

// chooseDaily picks the day's deal: candidates follow from the game and the
// date, and the first one the solver wins is taken (the first candidate if
// none is won within the tries).
func chooseDaily(info games.Info, day string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(info.Name + "/" + day))
	seed := h.Sum64()
	candidate := func(k uint64) uint64 { return (seed+k*7919)%1_000_000 + 1 }
	for k := uint64(0); k < 8; k++ {
		g, err := info.New(candidate(k), 1)
		if err != nil {
			break
		}
		if info.Solve(g, dailyBudget).Verdict == games.Solvable {
			return candidate(k)
		}
	}
	return candidate(0)
}

// daily answers /daily game:<name>.
func (b *Bot) daily(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) (*discordgo.InteractionResponse, func(error)) {
	ctx := context.Background()
	if i.GuildID == "" {
		return private("Daily deals are played in a server's channels."), nil
	}
	info, ok := b.games.Lookup(optString(opts, "game"))
	if !ok || info.Solve == nil || !hosted(info.Name) {
		return private("There is no daily deal of that game."), nil
	}
	day := today(time.Now())
	deal, err := b.dailyDeal(ctx, info, day)
	if err != nil {
		b.log.Error("choosing the daily deal failed", "game", info.Name, "err", err)
		return private("I couldn't pick today's deal just now: try again."), nil
	}
	user := userOf(i)
	g, err := b.games.New(info.Name, deal, 1)
	if err != nil {
		return private("I couldn't deal that: " + err.Error()), nil
	}
	sess := store.Session{
		Game: info.Name, Deal: deal, Seats: 1, GuildID: i.GuildID, ChannelID: i.ChannelID, OwnerID: user.ID,
		Players: []store.Player{{Seat: 0, UserID: user.ID, Name: displayName(i)}}, Status: store.StatusPlaying, Daily: day,
	}
	id, err := b.store.CreateDaily(ctx, sess, day)
	if errors.Is(err, store.ErrAttempted) {
		return private(fmt.Sprintf("You have had today's %s attempt. A new deal comes at midnight UTC; see how everyone did with `/leaderboard game:%s by:daily`.", info.Title, info.Name)), nil
	}
	if err != nil {
		b.log.Error("creating a daily table failed", "err", err)
		return private("I couldn't open a table just now (the records are busy): try again."), nil
	}
	sess.ID = id
	t := &table{sess: sess, info: info, game: g, daily: day}
	t.mu.Lock()
	b.mu.Lock()
	b.tables[id] = t
	b.mu.Unlock()
	data, err := b.tableMessage(t, "")
	if err != nil {
		t.mu.Unlock()
		return private("I couldn't draw the table: try again."), nil
	}
	b.log.Info("daily table opened", "table", id, "game", info.Name, "day", day, "deal", deal, "user", user.ID)
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, b.rememberMessage(i, t)
}

// dailyBoard is /leaderboard by:daily: today's attempts in this server.
func (b *Bot) dailyBoard(i *discordgo.Interaction, info games.Info) *discordgo.InteractionResponse {
	day := today(time.Now())
	rows, err := b.store.DailyBoard(context.Background(), i.GuildID, info.Name, day, 15)
	if err != nil {
		b.log.Error("daily board failed", "err", err)
		return private("I couldn't read the records just now: try again.")
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s — daily deal of %s, this server**", info.Title, day)
	if len(rows) == 0 {
		fmt.Fprintf(&sb, "\nNobody has played it yet: `/daily game:%s`.", info.Name)
	}
	for n, r := range rows {
		result := "playing"
		switch {
		case r.Won:
			result = fmt.Sprintf("🏆 won in %d moves, %s", r.Moves, shortDuration(r.Time))
		case r.Finished:
			result = fmt.Sprintf("lost, score %d", r.Score)
		}
		fmt.Fprintf(&sb, "\n%d. <@%s> — %s, %d %s", n+1, r.UserID, result, r.Hints, plural(r.Hints, "hint", "hints"))
	}
	return public(sb.String())
}
