package bot

import (
	"context"
	"hash/fnv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
)

// Daily deals: every player gets the same deal of the day of a game, one
// attempt each. The deal is chosen among deals the solver has won, so the
// day's deal can always be won, and it is recorded in the store so that a
// restart (or a second process) picks the same one.

// dailyBudget is the solver's time per candidate deal.
const dailyBudget = 1500 * time.Millisecond

// today is the day of daily deals: the UTC date.
func today(now time.Time) string { return now.UTC().Format(time.DateOnly) }

// dealHidden reports whether t's deal number is kept from the players:
// today's daily deal, until the day is over (a player who knew it could
// practise the deal first with /play, or at the terminal). t is locked.
func dealHidden(t *table, now time.Time) bool {
	return t.Row.Daily != "" && t.Row.Daily >= today(now)
}

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

// dailyBoard is /leaderboard by:daily: today's attempts in this server.
func (b *Bot) dailyBoard(i *discordgo.Interaction, info games.Info) *discordgo.InteractionResponse {
	day := today(time.Now())
	ctx, cancel := b.quick()
	defer cancel()
	rows, err := b.store.DailyBoard(ctx, i.GuildID, info.Name, day, 15)
	if err != nil {
		return b.unreadRecords(i, "daily board", err)
	}
	l := guildLang(i)
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s — daily deal of %s, this server**", info.Title, day))
	if len(rows) == 0 {
		sb.WriteString("\n" + words.T(l, "Nobody has played it yet: `/daily game:%s`.", info.Name))
	}
	for n, r := range rows {
		result := words.T(l, "playing")
		switch {
		case r.Won:
			result = words.N(l, r.Moves, "🏆 won in %d move, %s", "🏆 won in %d moves, %s", ShortDuration(r.Time))
		case r.Finished:
			result = words.T(l, "lost, score %d", r.Score)
		}
		sb.WriteString("\n" + words.T(l, "%d. %s — %s, %s", n+1, mention(r.UserID), result, words.N(l, r.Hints, "%d hint", "%d hints")))
	}
	return public(sb.String())
}
