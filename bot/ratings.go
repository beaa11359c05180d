package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/rating"
)

// Ratings (store/rating): a multiplayer game's skill board, /leaderboard
// by:rating, and each player's rating in /stats. A rating is the
// server's, game's and house rules', and goes on across seasons: the
// board of a past season is the ratings as they stood at its end.

// ratingChange is how many of a player's last games /stats says the
// change of their rating over.
const ratingChange = 10

// byRating is /leaderboard's by:rating.
const byRating = "rating"

// ratingBoard answers /leaderboard by:rating: the server's ratings at a
// multiplayer game under house rules (as Table.Options holds them), today
// or at a past season's end.
func (b *Bot) ratingBoard(ctx context.Context, i *discordgo.Interaction, info render.Game, options string, season store.Season) *discordgo.InteractionResponse {
	l := guildLang(i)
	if info.Solitaire() {
		return private(words.T(userLang(i), "Ratings are for multiplayer games: rank a solitaire by wins or score."))
	}
	current := season.AllTime() || season.Key == b.seasons.Of(b.now()).Key
	var (
		rows     []store.RatingRow
		err      error
		archived = true
	)
	if current {
		rows, err = b.store.Ratings(ctx, i.GuildID, info.Name, options, 10)
	} else {
		rows, archived, err = b.store.SeasonRatings(ctx, i.GuildID, info.Name, options, season, 10)
	}
	if err != nil {
		return b.unreadRecords(i, "rating board", err)
	}
	var sb strings.Builder
	sb.WriteString(words.T(l, "**%s — ratings of this server**", info.Title))
	if options != "" {
		if house, err := info.ParseOptions(options); err == nil {
			sb.WriteString(" " + words.T(l, "(house rules: %s)", info.DescribeOptionsIn(l, house)))
		}
	}
	if current {
		sb.WriteString(" " + words.T(l, "(today)"))
	} else {
		sb.WriteString(" " + words.T(l, "(at the end of %s)", seasonName(l, season)))
	}
	switch {
	case !archived:
		sb.WriteString("\n" + words.T(l, "No ratings were kept from that season's end."))
	case len(rows) == 0:
		sb.WriteString("\n" + words.T(l, "No rated games: a game of two people or more rates them."))
	}
	for _, r := range rows {
		sb.WriteString("\n" + words.T(l, "%d. %s — rating %.1f, %s", r.Rank, mention(r.UserID), r.Rating.Ordinal(),
			words.N(l, r.Games, "%d game", "%d games")))
	}
	if b.links == nil {
		return public(sb.String())
	}
	return public(sb.String(), words.T(l, "Full leaderboard"), b.links.Leaderboard(i.GuildID, info.Name, byRating, options, seasonParam(season, current)))
}

// seasonParam is a season as the web's address says it.
func seasonParam(season store.Season, current bool) string {
	switch {
	case current:
		return ""
	case season.AllTime():
		return seasonAll
	}
	return season.Key
}

// ratingNote is what /stats says of user's rating at a multiplayer game
// in guild (standard rules): the rating, the rank in the server and the
// change over the last games; "" for one not rated there.
func (b *Bot) ratingNote(ctx context.Context, l lang.Lang, guild, game, user string) string {
	r, err := b.store.RatingOf(ctx, guild, game, user)
	if err != nil {
		b.log.Warn("reading a rating failed", "err", err)
		return ""
	}
	if r.Games == 0 {
		return ""
	}
	hist, err := b.store.RatingHistory(ctx, guild, game, user, ratingChange+1)
	if err != nil || len(hist) == 0 {
		return words.T(l, "rating %.1f (#%d in this server)", r.Rating.Ordinal(), r.Rank) + playsLike(l, game, r.Rating)
	}
	from, games := rating.New().Ordinal(), len(hist)
	if len(hist) > ratingChange {
		from, games = hist[0].Rating.Ordinal(), ratingChange
	}
	change := fmt.Sprintf("%+.1f", hist[len(hist)-1].Rating.Ordinal()-from)
	return words.T(l, "rating %.1f (#%d in this server, %s)", r.Rating.Ordinal(), r.Rank,
		words.N(l, games, "%[2]s over the last game", "%[2]s over the last %[1]d games", change)) + playsLike(l, game, r.Rating)
}

// playsLike says which computer level a rating reaches at game, by the
// levels' reference ratings ("plays like hard"), or nothing below them all.
func playsLike(l lang.Lang, game string, r rating.Rating) string {
	switch rating.PlaysLike(game, r.Ordinal()) {
	case "random":
		return words.T(l, ", plays like %s", words.T(l, "a random player"))
	case "easy":
		return words.T(l, ", plays like %s", levelWord(l, games.Easy))
	case "normal":
		return words.T(l, ", plays like %s", levelWord(l, games.Normal))
	case "hard":
		return words.T(l, ", plays like %s", levelWord(l, games.Hard))
	}
	return ""
}
