package web

import (
	"context"
	"fmt"
	"html/template"

	"github.com/dealer/dealer/store"
)

// Ratings on the pages: a multiplayer game's rating board (?by=rating),
// today's or a past season's at its end, and a player's rating at each
// multiplayer game, with its curve.

// byRating is the rating board's order parameter.
const byRating = "rating"

// ratingLines are the rows of b's rating board page: today's ratings (for
// the current season and all time: a rating goes on across seasons), or
// those kept at a past season's end; the count of players rated, whether
// the season kept its ratings, and what the games counted are.
func (s *Server) ratingLines(ctx context.Context, b boardPage) (lines []leaderLine, total int, kept bool, head string, err error) {
	var rows []store.RatingRow
	kept, head = true, "Rated games"
	if ratingWhen(b.season, s.seasons.Of(s.now())) == "today" {
		rows, err = s.st.Ratings(ctx, b.guild, b.g.Name, b.rules, 0)
	} else {
		rows, kept, err = s.st.SeasonRatings(ctx, b.guild, b.g.Name, b.rules, b.season, 0)
		head = "Games" // of the season
	}
	if err != nil {
		return nil, 0, false, "", err
	}
	from := min((b.page-1)*pageSize, len(rows))
	page := rows[from:min(from+pageSize, len(rows))]
	out := make([]leaderLine, 0, len(page))
	for _, r := range page {
		out = append(out, leaderLine{Rank: r.Rank, Name: displayName(r.Name, r.UserID), URL: s.p.player(b.guild, r.UserID),
			Games: r.Games, Metric: fmt.Sprintf("%.1f", r.Rating.Ordinal())})
	}
	return out, len(rows), kept, head, nil
}

// ratingWhen is when a rating board's ratings are from: today, for the
// current season and all time, or a past season's end.
func ratingWhen(season, current store.Season) string {
	if season.AllTime() || season.Key == current.Key {
		return "today"
	}
	return "at the end of " + season.Title()
}

// playerRating is a player's rating at one game of a server (standard
// rules): the number, their rank, the rated games and the curve.
type playerRating struct {
	Rating      string
	Rank, Games int
	Plot        template.HTML
}

// ratingOf is user's rating at game in guild, with its curve of up to
// historyLimit games; nil when unrated.
func (s *Server) ratingOf(ctx context.Context, guild, game, title, user string) (*playerRating, error) {
	r, err := s.st.RatingOf(ctx, guild, game, user)
	if err != nil || r.Games == 0 {
		return nil, err
	}
	hist, err := s.st.RatingHistory(ctx, guild, game, user, historyLimit)
	if err != nil {
		return nil, err
	}
	return &playerRating{Rating: fmt.Sprintf("%.1f", r.Rating.Ordinal()), Rank: r.Rank, Games: r.Games,
		Plot: plotRatings(title, hist)}, nil
}
