package store

import (
	"context"
	"fmt"

	"github.com/dealer/dealer/store/rating"
)

// RebuildRatings makes every rating and rating history row again from the
// stored results, the games taken in finish order, as Finish rated them:
// the same numbers (two games sharing a person that finished in the same
// instant on two processes excepted: their order is the finish times').
// It is one write transaction, all or nothing, bounded by ctx's deadline
// (WriteTimeout without one: give a large database more).
func (s *Store) RebuildRatings(ctx context.Context) error {
	return s.write(ctx, func(tx *txn) error { return rebuildRatings(ctx, tx) })
}

// rebuildRatings is RebuildRatings in tx. It is also migration 0012's
// second half (migrationFills): the ratings of the games played before.
func rebuildRatings(ctx context.Context, tx *txn) error {
	games, err := finishedGames(ctx, tx)
	if err != nil {
		return fmt.Errorf("store: rebuild ratings: %w", err)
	}
	for _, table := range []string{"rating_history", "ratings"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table); err != nil {
			return fmt.Errorf("store: rebuild ratings: %w", err)
		}
	}
	return replayRatings(ctx, tx, games)
}

// finishedGame is a finished table's results, as the ratings read them.
type finishedGame struct {
	id       int64
	key      ratingKey
	at       int64
	results  []Result
	standIns map[int]bool
}

// finishedGames reads the results of every finished multiplayer table not
// abandoned, in finish order, with the seats computer players stood in
// for at the end.
func finishedGames(ctx context.Context, tx *txn) ([]finishedGame, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.session_id, r.guild_id, r.game, r.options, r.finished_at,
			r.seat, r.user_id, r.computer, r.score, r.won, COALESCE(p.stand_in, 0)
		FROM results r JOIN sessions s ON s.id = r.session_id
		LEFT JOIN players p ON p.session_id = r.session_id AND p.seat = r.seat
		WHERE s.status <> 'abandoned' AND s.seats > 1
		ORDER BY r.finished_at, r.session_id, r.seat`)
	if err != nil {
		return nil, err
	}
	var out []finishedGame
	err = eachRow(rows, func(row scanner) error {
		var (
			g                      finishedGame
			r                      Result
			computer, won, standIn int
		)
		if err := row.Scan(&g.id, &g.key.guild, &g.key.game, &g.key.options, &g.at,
			&r.Seat, &r.UserID, &computer, &r.Score, &won, &standIn); err != nil {
			return err
		}
		r.Computer, r.Won = computer != 0, won != 0
		if len(out) == 0 || out[len(out)-1].id != g.id {
			g.standIns = map[int]bool{}
			out = append(out, g)
		}
		last := &out[len(out)-1]
		last.results = append(last.results, r)
		last.standIns[r.Seat] = standIn != 0
		return nil
	})
	return out, err
}

// replayRatings rates games in order, from the prior, and writes each
// person's rating and history.
func replayRatings(ctx context.Context, tx *txn, games []finishedGame) error {
	type who struct {
		key  ratingKey
		user string
	}
	held := map[who]*ratingRow{}
	var history []historyRow
	for _, g := range games {
		seats := ratedSeats(g.results, g.standIns)
		if seats == nil {
			continue
		}
		before := make([]rating.Rating, len(seats))
		for i, s := range seats {
			h := held[who{g.key, s.UserID}]
			if h == nil {
				h = &ratingRow{k: g.key, user: s.UserID, r: rating.New()}
				held[who{g.key, s.UserID}] = h
			}
			before[i] = h.r
		}
		for i, r := range rate(seats, before) {
			h := held[who{g.key, seats[i].UserID}]
			h.r, h.games, h.at = r, h.games+1, g.at
			history = append(history, historyRow{g.key, g.id, seats[i], r, g.at})
		}
	}
	ratings := make([]ratingRow, 0, len(held))
	for _, h := range held { // in any order: each row stands alone
		ratings = append(ratings, *h)
	}
	if err := saveRatings(ctx, tx, ratings); err != nil {
		return fmt.Errorf("store: rebuild ratings: %w", err)
	}
	if err := saveHistory(ctx, tx, history); err != nil {
		return fmt.Errorf("store: rebuild ratings: history: %w", err)
	}
	return nil
}
