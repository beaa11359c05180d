package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"
)

// ErrAttempted means the player has already had the day's attempt.
var ErrAttempted = errors.New("store: the daily deal was already played")

// AddHint counts one more hint used in a table and returns the count.
func (s *Store) AddHint(ctx context.Context, id int64) (int, error) {
	var n int
	err := s.write(ctx, func(tx *txn) error {
		if err := tx.QueryRowContext(ctx, `UPDATE sessions SET hints = hints + 1 WHERE id = ? RETURNING hints`, id).Scan(&n); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return notFound(id)
			}
			return fmt.Errorf("store: session %d: %w", id, err)
		}
		return nil
	})
	return n, err
}

// Hints returns how many hints a table has used.
func (s *Store) Hints(ctx context.Context, id int64) (int, error) {
	var n int
	err := s.read(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `SELECT hints FROM sessions WHERE id = ?`, id).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(id)
		}
		return err
	})
	return n, err
}

// DailyDeal returns the deal of the day of a game, if it was chosen.
func (s *Store) DailyDeal(ctx context.Context, game, day string) (uint64, bool, error) {
	var deal int64
	err := s.read(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `SELECT deal FROM daily_deals WHERE game = ? AND day = ?`, game, day).Scan(&deal)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("store: daily deal: %w", err)
	}
	return uint64(deal), true, nil
}

// SetDailyDeal records the deal of the day of a game. The first record
// stands: it returns the deal that is the day's deal.
func (s *Store) SetDailyDeal(ctx context.Context, game, day string, deal uint64) (uint64, error) {
	var got int64
	err := s.write(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO daily_deals (game, day, deal) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, game, day, int64(deal)); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT deal FROM daily_deals WHERE game = ? AND day = ?`, game, day).Scan(&got)
	})
	if err != nil {
		return 0, fmt.Errorf("store: daily deal: %w", err)
	}
	return uint64(got), nil
}

// CreateDaily creates a table that is sess.OwnerID's attempt at the daily
// deal of day, or returns ErrAttempted if that player has had it (in any
// server). Checking and creating are one transaction, so two requests at
// once cannot both get an attempt.
func (s *Store) CreateDaily(ctx context.Context, sess TableRow, day string) (int64, error) {
	if !validStatus(sess.Status) || sess.Game == "" || sess.Seats < 1 || sess.OwnerID == "" || day == "" {
		return 0, errors.New("store: create daily: a game, seats, an owner and a day are needed")
	}
	if err := checkPlayers(sess.Seats, sess.Players); err != nil {
		return 0, err
	}
	now := s.now()
	var id int64
	err := s.write(ctx, func(tx *txn) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE daily = ? AND game = ? AND owner_id = ? AND daily != ''`,
			day, sess.Game, sess.OwnerID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrAttempted
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO sessions
			(game, deal, seats, guild_id, channel_id, message_id, owner_id, status, moves, created_at, updated_at, daily, rules_version, interaction_only)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?) RETURNING id`,
			sess.Game, int64(sess.Deal), sess.Seats, sess.GuildID, sess.ChannelID, sess.MessageID,
			sess.OwnerID, sess.Status.String(), now, now, day, max(sess.Rules, 1), boolInt(sess.InteractionOnly)).Scan(&id)
		if s.d.uniqueViolation(err) {
			// Another process made the attempt since the count above
			// (PostgreSQL: the unique index sessions_daily decides).
			return ErrAttempted
		}
		if err != nil {
			return err
		}
		return insertPlayers(ctx, tx, id, sess.Players)
	})
	if errors.Is(err, ErrAttempted) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("store: create daily: %w", err)
	}
	return id, nil
}

// DailyRow is one player's attempt on a daily leaderboard.
type DailyRow struct {
	UserID, Name string
	Won          bool
	Score        int
	Moves        int
	Hints        int
	Time         time.Duration
	Finished     bool
}

// DailyBoard ranks the day's attempts at a game in a guild ("" = all):
// wins first, then fewer moves, less time, fewer hints.
func (s *Store) DailyBoard(ctx context.Context, guildID, game, day string, limit int) ([]DailyRow, error) {
	var out []DailyRow
	err := s.read(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `
			SELECT s.owner_id, COALESCE(r.name, p.name, ''), COALESCE(r.won, 0), COALESCE(r.score, 0), s.moves, s.hints,
			       COALESCE(r.duration, 0), s.finished_at IS NOT NULL
			FROM sessions s
			LEFT JOIN results r ON r.session_id = s.id AND r.seat = 0
			LEFT JOIN players p ON p.session_id = s.id AND p.seat = 0
			WHERE s.daily = ? AND s.game = ? AND s.daily != '' AND (CAST(? AS TEXT) = '' OR s.guild_id = ?)
			ORDER BY COALESCE(r.won, 0) DESC, COALESCE(r.score, 0) DESC, s.moves, COALESCE(r.duration, 0), s.hints, s.owner_id`,
			day, game, guildID, guildID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r DailyRow
			var dur int64
			if err := rows.Scan(&r.UserID, &r.Name, &r.Won, &r.Score, &r.Moves, &r.Hints, &dur, &r.Finished); err != nil {
				return err
			}
			r.Time = time.Duration(dur)
			out = append(out, r)
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: daily board: %w", err)
	}
	return out, nil
}

// Streak returns a player's daily streaks at a game ("" = any game): the
// current run of consecutive days won up to today (or yesterday, while
// today is still open) and the best run ever. Days are "2006-01-02".
func (s *Store) Streak(ctx context.Context, userID, game, today string) (current, best int, err error) {
	return s.streak(ctx, "streak", "", userID, game, today)
}

// wonDays selects the days a player (the first argument) won a daily deal
// at a game (the second and third: "" for any game).
const wonDays = `SELECT DISTINCT s.daily FROM sessions s JOIN results r ON r.session_id = s.id AND r.user_id = s.owner_id
	WHERE s.daily != '' AND s.owner_id = ? AND (CAST(? AS TEXT) = '' OR s.game = ?) AND r.won = 1`

// streak is Streak over the days wonDays selects, and only those where
// also holds (" AND …"; "" for all); what names it in errors.
func (s *Store) streak(ctx context.Context, what, where, userID, game, today string) (current, best int, err error) {
	var days []string
	err = s.read(ctx, func(tx *txn) error {
		var err error
		days, err = queryColumn[string](ctx, tx, wonDays+where, userID, game, game)
		return err
	})
	if err != nil {
		return 0, 0, fmt.Errorf("store: %s: %w", what, err)
	}
	return streaks(days, today)
}

// streaks computes the current and best runs of consecutive days.
func streaks(days []string, today string) (current, best int, err error) {
	var ts []time.Time
	for _, d := range days {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return 0, 0, fmt.Errorf("store: streak: bad day %q", d)
		}
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Before(ts[j]) })
	run := 0
	for i, t := range ts {
		if i > 0 && t.Sub(ts[i-1]) == 24*time.Hour {
			run++
		} else {
			run = 1
		}
		best = max(best, run)
	}
	now, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return 0, 0, fmt.Errorf("store: streak: bad day %q", today)
	}
	if n := len(ts); n > 0 && (ts[n-1].Equal(now) || ts[n-1].Equal(now.Add(-24*time.Hour))) {
		current = run
	}
	return current, best, nil
}
