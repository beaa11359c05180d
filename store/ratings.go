package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/dealer/dealer/store/rating"
)

// RatingRow is one person's skill rating at one game in one server.
type RatingRow struct {
	UserID string
	// Name is the name of their latest result.
	Name string
	// Rating is the model's mean and uncertainty; Rating.Ordinal() is the
	// number shown, and the boards' order.
	Rating rating.Rating
	// Games are the rated games they played: 0 for a person never rated,
	// whose Rating is the prior (rating.New).
	Games int
	// Rank is their place on the board, 1 the best (equal ordinals share
	// it); 0 for a person never rated.
	Rank int
	// Updated is when their last rated game finished.
	Updated time.Time
}

// RatingPoint is a person's rating after one rated game.
type RatingPoint struct {
	Table int64
	At    time.Time // the game's finish
	// Place is theirs among the people of that game (1 the best).
	Place  int
	Rating rating.Rating
}

// ratingName is the name of a person's latest result.
const ratingName = `COALESCE((SELECT n.name FROM results n WHERE n.computer = 0 AND n.user_id = r.user_id
	ORDER BY n.finished_at DESC LIMIT 1), '')`

// Ratings is a rating board: the people rated at game in guild ("" for
// DMs and the terminal) under house rules options ("" the standard
// game), best ordinal first (ties by user id), at most limit rows (limit
// <= 0 for all).
func (s *Store) Ratings(ctx context.Context, guild, game, options string, limit int) ([]RatingRow, error) {
	q := `SELECT user_id, ` + ratingName + `, mu, sigma, games, updated_at,
		RANK() OVER (ORDER BY ordinal DESC)
		FROM ratings r WHERE guild_id = ? AND game = ? AND options = ? AND games > 0
		ORDER BY ordinal DESC, user_id`
	return queryLimited(ctx, s.q, "ratings", q, []any{guild, game, options}, limit, scanRatingRow)
}

func scanRatingRow(row scanner) (RatingRow, error) {
	var (
		r       RatingRow
		updated int64
	)
	err := row.Scan(&r.UserID, &r.Name, &r.Rating.Mu, &r.Rating.Sigma, &r.Games, &updated, &r.Rank)
	r.Updated = time.Unix(0, updated).UTC()
	return r, err
}

// RatingOf is user's rating at game in guild, standard rules, with their
// rank on that board; a person never rated there has the prior, no
// games and rank 0.
func (s *Store) RatingOf(ctx context.Context, guild, game, user string) (RatingRow, error) {
	r, err := scanRatingRow(s.q.QueryRowContext(ctx, `SELECT user_id, `+ratingName+`, mu, sigma, games, updated_at,
		1 + (SELECT COUNT(*) FROM ratings a WHERE a.guild_id = r.guild_id AND a.game = r.game AND a.options = r.options
			AND a.games > 0 AND a.ordinal > r.ordinal)
		FROM ratings r WHERE guild_id = ? AND game = ? AND options = '' AND user_id = ? AND games > 0`, guild, game, user))
	if errors.Is(err, sql.ErrNoRows) {
		return RatingRow{UserID: user, Rating: rating.New()}, nil
	}
	if err != nil {
		return RatingRow{}, fmt.Errorf("store: rating: %w", err)
	}
	return r, nil
}

// RatingHistory is user's rating after each of their latest limit rated
// games (limit <= 0 for all) at game in guild, standard rules, oldest
// first: the curve, and the change over those games (ask one more game
// than the change spans, for the rating before it).
func (s *Store) RatingHistory(ctx context.Context, guild, game, user string, limit int) ([]RatingPoint, error) {
	q := `SELECT session_id, finished_at, place, mu, sigma FROM rating_history
		WHERE guild_id = ? AND game = ? AND options = '' AND user_id = ?
		ORDER BY finished_at DESC, session_id DESC`
	points, err := queryLimited(ctx, s.q, "rating history", q, []any{guild, game, user}, limit, func(row scanner) (RatingPoint, error) {
		var (
			p  RatingPoint
			at int64
		)
		err := row.Scan(&p.Table, &at, &p.Place, &p.Rating.Mu, &p.Rating.Sigma)
		p.At = time.Unix(0, at).UTC()
		return p, err
	})
	if err != nil {
		return nil, err
	}
	slices.Reverse(points)
	return points, nil
}
