package store

// Which seats of a finished game its ratings count, and their places
// (issue 29): the people alone, each once, the computers' seats left
// out; a person whose seat a computer player stood in for at the end
// (two turns timed out, the seat not taken back) is last.

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dealer/dealer/store/rating"
)

// ratedSeat is a person's seat in a finished game, as the ratings count
// it.
type ratedSeat struct {
	Seat    int
	UserID  string
	Score   int
	Won     bool
	StandIn bool
	// Place is 1 for the best placed; equal places tie.
	Place int
}

// ratingKey is what a rating is kept per, besides the person: the server
// ("" for DMs and the terminal), the game and its house rules ("" the
// standard game), so that house-rules games are rated apart.
type ratingKey struct{ guild, game, options string }

// ratedSeats are the seats of results a game's ratings count, with their
// places, or none when fewer than two people played: computer players, a
// seat without a user id, and a person seated twice (playing against
// themselves) are not rated. The order is the game's final order
// (play.Standings'): the winners first, then by score; standIns, the
// seats a computer player stood in for at the end, come last, together.
func ratedSeats(results []Result, standIns map[int]bool) []ratedSeat {
	count := map[string]int{}
	for _, r := range results {
		count[r.UserID]++
	}
	var out []ratedSeat
	for _, r := range results {
		if r.Computer || r.UserID == "" || count[r.UserID] > 1 {
			continue
		}
		out = append(out, ratedSeat{Seat: r.Seat, UserID: r.UserID, Score: r.Score, Won: r.Won, StandIn: standIns[r.Seat]})
	}
	if len(out) < 2 {
		return nil
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seat < out[j].Seat })
	ahead := func(a, b ratedSeat) bool {
		switch {
		case a.StandIn != b.StandIn:
			return b.StandIn
		case a.StandIn:
			return false // stood in for: last, whatever the computer did
		case a.Won != b.Won:
			return a.Won
		}
		return a.Score > b.Score
	}
	for i, place := range rating.Rank(out, ahead) {
		out[i].Place = place
	}
	return out
}

// rate is the seats' new ratings, from before (theirs before the game,
// in the same order).
func rate(seats []ratedSeat, before []rating.Rating) []rating.Rating {
	places := make([]int, len(seats))
	for i, s := range seats {
		places[i] = s.Place
	}
	return rating.Rate(before, places)
}

// rateFinished moves the ratings of the people of table id, which
// finished at at with results, in tx, and keeps a history row for each.
// A game with fewer than two people changes nothing.
func rateFinished(ctx context.Context, tx *txn, id int64, k ratingKey, at int64, results []Result) error {
	if ratedSeats(results, nil) == nil {
		return nil // a solitaire, or one person: no query
	}
	standIns := map[int]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT seat FROM players WHERE session_id = ? AND stand_in = 1`, id)
	if err != nil {
		return fmt.Errorf("store: session %d: ratings: %w", id, err)
	}
	err = eachRow(rows, func(row scanner) error {
		var seat int
		err := row.Scan(&seat)
		standIns[seat] = true
		return err
	})
	if err != nil {
		return fmt.Errorf("store: session %d: ratings: %w", id, err)
	}
	seats := ratedSeats(results, standIns)
	before, games, err := lockRatings(ctx, tx, k, seats, at)
	if err != nil {
		return fmt.Errorf("store: session %d: ratings: %w", id, err)
	}
	var (
		ratings []ratingRow
		history []historyRow
	)
	for i, r := range rate(seats, before) {
		ratings = append(ratings, ratingRow{k, seats[i].UserID, r, games[i] + 1, at})
		history = append(history, historyRow{k, id, seats[i], r, at})
	}
	if err := saveRatings(ctx, tx, ratings); err != nil {
		return fmt.Errorf("store: session %d: ratings: %w", id, err)
	}
	if err := saveHistory(ctx, tx, history); err != nil {
		return fmt.Errorf("store: session %d: rating history: %w", id, err)
	}
	return nil
}

// lockRatings reads the seats' ratings and rated games so far (a new
// player's the prior, and none), their rows made if need be and, on
// PostgreSQL, locked in user order to the commit, so that two processes
// rating one person at once take turns.
func lockRatings(ctx context.Context, tx *txn, k ratingKey, seats []ratedSeat, at int64) ([]rating.Rating, []int, error) {
	users := make([]string, len(seats))
	for i, s := range seats {
		users[i] = s.UserID
	}
	slices.Sort(users)
	prior := rating.New()
	values := strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, 0, ?), ", len(users)), ", ")
	var args []any
	for _, u := range users {
		args = append(args, k.guild, k.game, k.options, u, prior.Mu, prior.Sigma, prior.Ordinal(), at)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (guild_id, game, options, user_id, mu, sigma, ordinal, games, updated_at)
		VALUES `+values+` ON CONFLICT DO NOTHING`, args...); err != nil {
		return nil, nil, err
	}
	lock := ""
	if tx.d.engine == EnginePostgres {
		lock = " FOR UPDATE"
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(users)), ", ")
	args = []any{k.guild, k.game, k.options}
	for _, u := range users {
		args = append(args, u)
	}
	rows, err := tx.QueryContext(ctx, `SELECT user_id, mu, sigma, games FROM ratings
		WHERE guild_id = ? AND game = ? AND options = ? AND user_id IN (`+marks+`) ORDER BY user_id`+lock, args...)
	if err != nil {
		return nil, nil, err
	}
	type held struct {
		r     rating.Rating
		games int
	}
	got := map[string]held{}
	err = eachRow(rows, func(row scanner) error {
		var (
			u string
			h held
		)
		err := row.Scan(&u, &h.r.Mu, &h.r.Sigma, &h.games)
		got[u] = h
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	before, games := make([]rating.Rating, len(seats)), make([]int, len(seats))
	for i, s := range seats {
		h, ok := got[s.UserID]
		if !ok {
			return nil, nil, fmt.Errorf("no rating row for a player")
		}
		before[i], games[i] = h.r, h.games
	}
	return before, games, nil
}

// ratingRow is a person's rating to save: after games rated games, the
// last finished at at.
type ratingRow struct {
	k     ratingKey
	user  string
	r     rating.Rating
	games int
	at    int64
}

// historyRow is seat's rating after table id, finished at at.
type historyRow struct {
	k    ratingKey
	id   int64
	seat ratedSeat
	r    rating.Rating
	at   int64
}

// saveRatings writes rows over the ratings they replace.
func saveRatings(ctx context.Context, tx *txn, rows []ratingRow) error {
	values := make([][]any, len(rows))
	for i, w := range rows {
		values[i] = []any{w.k.guild, w.k.game, w.k.options, w.user, w.r.Mu, w.r.Sigma, w.r.Ordinal(), w.games, w.at}
	}
	return insertRows(ctx, tx, `INSERT INTO ratings (guild_id, game, options, user_id, mu, sigma, ordinal, games, updated_at) VALUES `,
		` ON CONFLICT (guild_id, game, options, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
			ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at`, values)
}

// saveHistory keeps rows in the rating history.
func saveHistory(ctx context.Context, tx *txn, rows []historyRow) error {
	values := make([][]any, len(rows))
	for i, h := range rows {
		values[i] = []any{h.id, h.seat.Seat, h.seat.UserID, h.k.guild, h.k.game, h.k.options, h.seat.Place,
			h.r.Mu, h.r.Sigma, h.r.Ordinal(), h.at}
	}
	return insertRows(ctx, tx, `INSERT INTO rating_history
		(session_id, seat, user_id, guild_id, game, options, place, mu, sigma, ordinal, finished_at) VALUES `, ``, values)
}

// insertRows runs head VALUES tail with values, many rows a statement
// (one round trip for a game's people; a rebuild's in batches, within
// both engines' limits on parameters).
func insertRows(ctx context.Context, tx *txn, head, tail string, values [][]any) error {
	const perInsert = 500
	for len(values) > 0 {
		batch := values[:min(perInsert, len(values))]
		values = values[len(batch):]
		row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(batch[0])), ", ") + ")"
		var args []any
		for _, v := range batch {
			args = append(args, v...)
		}
		if _, err := tx.ExecContext(ctx, head+strings.TrimSuffix(strings.Repeat(row+", ", len(batch)), ", ")+tail, args...); err != nil {
			return err
		}
	}
	return nil
}
