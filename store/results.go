package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
)

// Result is how one seated player ended a table.
type Result struct {
	Seat     int
	UserID   string
	Name     string
	Computer bool
	Score    int
	Won      bool
}

// Finish ends the table, if it is still unfinished at version seen
// (Table.Version): it sets its status (won, lost, over or abandoned),
// records one Result per seated player, and returns the table's new
// version, in one transaction. A table that moved on since (a move, a
// change of players, an end: another writer got there first) is
// ErrConflict and nothing is written, so a stale copy never ends a game
// that went on, nor changes the results of one that ended. Only the
// results given count on the leaderboards: an abandoned table finished
// without results counts for nobody. A game not abandoned, with two
// people or more, moves their ratings in the same transaction (rated.go).
func (s *Store) Finish(ctx context.Context, id int64, seen int, status games.Status, results []Result) (int, error) {
	if !finishedStatus(status) {
		return 0, fmt.Errorf("store: session %d: finish with status %v (want won, lost, over or abandoned)", id, status)
	}
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		// The table's row first, locked (PostgreSQL) until the commit, so
		// that two processes finishing it at once take turns, and the
		// second finds it moved on.
		res, err := tx.ExecContext(ctx, `UPDATE sessions SET updated_at = ?, version = version + 1
			WHERE id = ? AND version = ? AND status IN ('lobby', 'playing') AND broken = ''`, now, id, seen)
		if err != nil {
			return fmt.Errorf("store: session %d: finish: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return stale(ctx, tx, id, "finish", seen)
		}
		var (
			game, guild, options string
			seats, rules, moves  int
			created              int64
		)
		err = tx.QueryRowContext(ctx,
			`SELECT game, guild_id, options, seats, created_at, moves, rules_version FROM sessions WHERE id = ?`, id).
			Scan(&game, &guild, &options, &seats, &created, &moves, &rules)
		if err != nil {
			return fmt.Errorf("store: session %d: finish: %w", id, err)
		}
		taken := map[int]bool{}
		for _, r := range results {
			if r.Seat < 0 || r.Seat >= seats {
				return fmt.Errorf("store: session %d: result for seat %d not in 0..%d", id, r.Seat, seats-1)
			}
			if taken[r.Seat] {
				return fmt.Errorf("store: session %d: two results for seat %d", id, r.Seat)
			}
			taken[r.Seat] = true
		}
		at := now
		duration := max(at-created, 0)
		for _, r := range results {
			if _, err := tx.ExecContext(ctx, `INSERT INTO results
				(session_id, seat, user_id, name, computer, game, guild_id, options, score, won, duration, moves, finished_at, rules_version)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, r.Seat, r.UserID, r.Name, boolInt(r.Computer), game, guild, options, r.Score, boolInt(r.Won),
				duration, moves, at, rules); err != nil {
				return fmt.Errorf("store: session %d: finish: seat %d: %w", id, r.Seat, err)
			}
		}
		if status != StatusAbandoned {
			if err := rateFinished(ctx, tx, id, ratingKey{guild, game, options}, at, results); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE sessions SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?`,
			status.String(), at, now, id); err != nil {
			return fmt.Errorf("store: session %d: finish: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return seen + 1, nil
}

// Results returns the recorded results of the table in seat order (empty
// until it is finished), or ErrNotFound.
func (s *Store) Results(ctx context.Context, id int64) ([]Result, error) {
	results := []Result{}
	err := s.read(ctx, func(tx *txn) error {
		var one int
		if err := sessionRow(ctx, tx, id, "results", `1`, &one); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT seat, user_id, name, computer, score, won
			FROM results WHERE session_id = ? ORDER BY seat`, id)
		if err != nil {
			return fmt.Errorf("store: session %d: results: %w", id, err)
		}
		defer rows.Close()
		for rows.Next() {
			var (
				r             Result
				computer, won int
			)
			if err := rows.Scan(&r.Seat, &r.UserID, &r.Name, &computer, &r.Score, &won); err != nil {
				return fmt.Errorf("store: session %d: results: %w", id, err)
			}
			r.Computer, r.Won = computer != 0, won != 0
			results = append(results, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// LeaderRow is one player's line on a leaderboard.
type LeaderRow struct {
	UserID string
	Name   string // the name of their latest result
	Games  int
	Wins   int
	// WinRate is Wins/Games, from 0 to 1.
	WinRate     float64
	BestScore   int
	TotalPoints int
	// FastestWin is the shortest time from a table's creation to its finish
	// among the games won; 0 if none.
	FastestWin time.Duration
	// FewestMoves is the fewest moves in a game won; 0 if none.
	FewestMoves int
}

// Leaderboard orders.
const (
	ByWins    = "wins"    // wins, then win rate, then fastest win (the default)
	ByPoints  = "points"  // total points, then wins
	ByScore   = "score"   // best score, then wins
	ByRate    = "rate"    // win rate, then wins
	ByFastest = "fastest" // fastest win (players without a win last), then wins
	ByMoves   = "moves"   // fewest moves in a win (players without a win last), then wins
)

var leaderOrders = map[string]string{
	ByWins:    `wins DESC, rate DESC, fastest NULLS LAST, games`,
	ByPoints:  `total DESC, wins DESC, rate DESC`,
	ByScore:   `best DESC, wins DESC, rate DESC`,
	ByRate:    `rate DESC, wins DESC, games DESC`,
	ByFastest: `fastest NULLS LAST, wins DESC`,
	ByMoves:   `fewest NULLS LAST, wins DESC`,
}

// filter builds the WHERE clause over results for human players, with
// guildID and game ("" for all) and any extra terms.
func filter(guildID, game string, extra ...string) (string, []any) {
	terms := []string{"computer = 0"}
	var args []any
	if guildID != "" {
		terms = append(terms, "guild_id = ?")
		args = append(args, guildID)
	}
	if game != "" {
		terms = append(terms, "game = ?")
		args = append(args, game)
	}
	terms = append(terms, extra...)
	return strings.Join(terms, " AND "), args
}

const aggregates = `COUNT(*) AS games,
	SUM(won) AS wins,
	CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS rate,
	MAX(score) AS best,
	SUM(score) AS total,
	MIN(CASE WHEN won = 1 THEN duration END) AS fastest,
	MIN(CASE WHEN won = 1 THEN moves END) AS fewest`

// Leaderboard ranks the human players (computer players and players
// without a user ID, such as the terminal's, are left out) over the finished
// standard-rules tables of guildID ("" for all guilds) and game ("" for
// all games), ordered by one of the By constants ("" is ByWins), at most
// limit rows (limit <= 0 for all). Ties fall back to the user ID, so the
// order is stable.
func (s *Store) Leaderboard(ctx context.Context, guildID, game, by string, limit int) ([]LeaderRow, error) {
	return s.HouseLeaderboard(ctx, guildID, game, "", by, limit)
}

// HouseLeaderboard is Leaderboard over the games played under house rules
// options (as Table.Options holds them; "" is the standard game), so that
// a game with eight free cells never ranks beside one with six.
func (s *Store) HouseLeaderboard(ctx context.Context, guildID, game, options, by string, limit int) ([]LeaderRow, error) {
	if by == "" {
		by = ByWins
	}
	order, ok := leaderOrders[by]
	if !ok {
		return nil, fmt.Errorf("store: leaderboard: unknown order %q", by)
	}
	where, args := filter(guildID, game, "user_id <> ''", "options = ?")
	args = append(args, options)
	q := `SELECT user_id,
		(SELECT n.name FROM results n WHERE n.computer = 0 AND n.user_id = r.user_id
			ORDER BY n.finished_at DESC LIMIT 1),
		` + aggregates + `
		FROM results r WHERE ` + where + `
		GROUP BY user_id
		ORDER BY ` + order + `, user_id`
	return queryLimited(ctx, s.q, "leaderboard", q, args, limit, scanLeaderRow)
}

// StatRow is one player's record at one game under one set of rules.
type StatRow struct {
	Game string
	// Options are the house rules ("" for the standard game): each set of
	// rules played is a row of its own.
	Options     string
	Games, Wins int
	WinRate     float64
	BestScore   int
	TotalPoints int
	FastestWin  time.Duration // 0 if no win
	FewestMoves int           // in a win; 0 if no win
}

// Stats returns userID's record in guildID ("" for all guilds), one row per
// game and house rules played, by game name (standard rules first). userID
// "" is the terminal player.
func (s *Store) Stats(ctx context.Context, guildID, userID string) ([]StatRow, error) {
	where, args := filter(guildID, "", "user_id = ?")
	rows, err := s.q.QueryContext(ctx, `SELECT game, options, `+aggregates+`
		FROM results WHERE `+where+` GROUP BY game, options ORDER BY game, options`, append(args, userID)...)
	if err != nil {
		return nil, fmt.Errorf("store: stats: %w", err)
	}
	defer rows.Close()
	stats := []StatRow{}
	for rows.Next() {
		var (
			row             StatRow
			fastest, fewest sql.NullInt64
		)
		if err := rows.Scan(&row.Game, &row.Options, &row.Games, &row.Wins, &row.WinRate, &row.BestScore,
			&row.TotalPoints, &fastest, &fewest); err != nil {
			return nil, fmt.Errorf("store: stats: %w", err)
		}
		row.FastestWin = time.Duration(fastest.Int64)
		row.FewestMoves = int(fewest.Int64)
		stats = append(stats, row)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: stats: %w", err)
	}
	return stats, nil
}
