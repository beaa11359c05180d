package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
)

// What the web pages read (package web), and the server settings they obey.
// Every function here but SetPagesOff only reads, so that `dealer web` may
// serve the pages from a read-only database user.

// tokenPattern is what a table's token looks like: 32 lowercase hex digits
// (migration 0005 makes them). Anything else is refused before a query.
var tokenPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ValidToken reports whether s has the shape of a table's token.
func ValidToken(s string) bool { return tokenPattern.MatchString(s) }

// TableToken returns table id's token: the random, unguessable part of
// its page's URL, given to every table when it is created. ErrNotFound if
// there is no such table.
func (s *Store) TableToken(ctx context.Context, id int64) (string, error) {
	var token string
	err := s.q.QueryRowContext(ctx, `SELECT token FROM sessions WHERE id = ?`, id).Scan(&token)
	if errors.Is(err, sql.ErrNoRows) {
		return "", notFound(id)
	}
	if err != nil {
		return "", fmt.Errorf("store: session %d: token: %w", id, err)
	}
	return token, nil
}

// TableByToken returns the table whose token is token, with its
// players; ErrNotFound if there is none (or token is not a token).
func (s *Store) TableByToken(ctx context.Context, token string) (TableRow, error) {
	if !ValidToken(token) {
		return TableRow{}, fmt.Errorf("store: no session with that token: %w", ErrNotFound)
	}
	var id int64
	err := s.q.QueryRowContext(ctx, `SELECT id FROM sessions WHERE token = ?`, token).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return TableRow{}, fmt.Errorf("store: no session with that token: %w", ErrNotFound)
	}
	if err != nil {
		return TableRow{}, fmt.Errorf("store: session by token: %w", err)
	}
	return s.TableRow(ctx, id)
}

// SetPagesOff turns guild's web pages off (off true) or on again. Pages of
// a server that turned them off show nothing of it.
func (s *Store) SetPagesOff(ctx context.Context, guild string, off bool) error {
	return s.setGuildSetting(ctx, guild, "pages_off", "pages off", boolInt(off))
}

// PagesOff reports whether guild turned its web pages off (false for a
// server that never said).
func (s *Store) PagesOff(ctx context.Context, guild string) (bool, error) {
	var off int
	if err := s.guildSetting(ctx, guild, "pages_off", "pages off", &off); err != nil {
		return false, err
	}
	return off != 0, nil
}

// GuildPlayed reports whether anyone has a result in guild: the web's
// test for a server it knows.
func (s *Store) GuildPlayed(ctx context.Context, guild string) (bool, error) {
	var n int
	err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM results
		WHERE computer = 0 AND guild_id = ? LIMIT 1) AS one`, guild).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: guild played: %w", err)
	}
	return n > 0, nil
}

// LeaderQuery asks for one page of a leaderboard.
type LeaderQuery struct {
	// Guild and Game: "" for all.
	Guild, Game string
	// Channel, when set, keeps the results of the tables played in that
	// channel alone: a DM's or a group DM's own board (Guild "").
	Channel string
	// Options are the house rules ("" for the standard game).
	Options string
	// By is one of the By constants ("" is ByWins).
	By string
	// Offset skips that many rows; Limit bounds the rows (0 for all).
	Offset, Limit int
	// Season keeps the results finished in it (the zero Season: all
	// time). A server's past season that was archived is read from the
	// archive, as it stood when the season ended.
	Season Season
}

// LeaderPage is one page of a leaderboard.
type LeaderPage struct {
	Rows []LeaderRow
	// Total counts the players ranked on every page.
	Total int
}

// LeaderboardPage is HouseLeaderboard a page at a time, with the count of
// every player ranked, from one snapshot. A row's Name is the name the
// player had at their latest game of the board's server and game: a
// player is shown as they showed themselves there.
func (s *Store) LeaderboardPage(ctx context.Context, q LeaderQuery) (LeaderPage, error) {
	if q.By == "" {
		q.By = ByWins
	}
	order, ok := leaderOrders[q.By]
	if !ok {
		return LeaderPage{}, fmt.Errorf("store: leaderboard: unknown order %q", q.By)
	}
	if q.Offset < 0 || q.Limit < 0 {
		return LeaderPage{}, fmt.Errorf("store: leaderboard: offset %d, limit %d", q.Offset, q.Limit)
	}
	page := LeaderPage{Rows: []LeaderRow{}}
	err := s.read(ctx, func(tx *txn) error {
		lq, err := boardQuery(ctx, tx, q, order)
		if err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, lq.count, lq.countArgs...).Scan(&page.Total); err != nil {
			return err
		}
		query, all := lq.rows, lq.rowsArgs
		if q.Limit > 0 {
			query += ` LIMIT ? OFFSET ?`
			all = append(all, q.Limit, q.Offset)
		} else if q.Offset > 0 {
			// Both engines read LIMIT -1 / LIMIT ALL differently; a limit
			// no board reaches serves both.
			query += ` LIMIT ? OFFSET ?`
			all = append(all, int64(1)<<62, q.Offset)
		}
		rows, err := tx.QueryContext(ctx, query, all...)
		if err != nil {
			return err
		}
		page.Rows, err = appendRows(page.Rows, rows, scanLeaderRow)
		return err
	})
	if err != nil {
		return LeaderPage{}, fmt.Errorf("store: leaderboard: %w", err)
	}
	return page, nil
}

// HouseRulesPlayed lists the house rules (as Table.Options holds them)
// under which people finished games of game in guild ("" for all), the
// standard game left out, in order.
func (s *Store) HouseRulesPlayed(ctx context.Context, guild, game string) ([]string, error) {
	where, args := filter(guild, game, "user_id <> ''", "options <> ''")
	rows, err := s.q.QueryContext(ctx, `SELECT DISTINCT options FROM results WHERE `+where+` ORDER BY options`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: house rules played: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, fmt.Errorf("store: house rules played: %w", err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: house rules played: %w", err)
	}
	return out, nil
}

// DailyBoardPage is DailyBoard a page at a time: the attempts from offset
// on, at most limit (0 for all), and how many attempts there are.
func (s *Store) DailyBoardPage(ctx context.Context, guild, game, day string, limit, offset int) ([]DailyRow, int, error) {
	if limit < 0 || offset < 0 {
		return nil, 0, fmt.Errorf("store: daily board: offset %d, limit %d", offset, limit)
	}
	// A day's attempts in one server are few (one a player): the ranking
	// is DailyBoard's, one query, cut here.
	all, err := s.DailyBoard(ctx, guild, game, day, 0)
	if err != nil {
		return nil, 0, err
	}
	rows := []DailyRow{}
	if offset < len(all) {
		rows = all[offset:]
	}
	if limit > 0 && len(rows) > limit {
		rows = rows[:limit]
	}
	return rows, len(all), nil
}

// DailyDeal is one day's deal of a game.
type DailyDeal struct {
	Day  string // "2026-11-22"
	Deal uint64
}

// DailyDeals lists the days a game had a deal of the day, newest first,
// from offset on, at most limit (0 for all), and how many there are.
func (s *Store) DailyDeals(ctx context.Context, game string, limit, offset int) ([]DailyDeal, int, error) {
	if limit < 0 || offset < 0 {
		return nil, 0, fmt.Errorf("store: daily deals: offset %d, limit %d", offset, limit)
	}
	out := []DailyDeal{}
	var total int
	err := s.read(ctx, func(tx *txn) error {
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM daily_deals WHERE game = ?`, game).Scan(&total); err != nil {
			return err
		}
		if limit == 0 {
			limit = total
		}
		rows, err := tx.QueryContext(ctx, `SELECT day, deal FROM daily_deals WHERE game = ?
			ORDER BY day DESC LIMIT ? OFFSET ?`, game, limit, offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				d    DailyDeal
				deal int64
			)
			if err := rows.Scan(&d.Day, &deal); err != nil {
				return err
			}
			d.Deal = uint64(deal)
			out = append(out, d)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, 0, fmt.Errorf("store: daily deals: %w", err)
	}
	return out, total, nil
}

// HistoryRow is one finished game of a player.
type HistoryRow struct {
	Game    string
	Options string
	// Name is the player's name at that game.
	Name     string
	Score    int
	Won      bool
	Duration time.Duration
	Moves    int
	Finished time.Time
}

// History returns userID's last limit results in guild ("" for all), the
// oldest first: a player's games over time. userID "" has none (the
// terminal's player is nobody's page).
func (s *Store) History(ctx context.Context, guild, userID string, limit int) ([]HistoryRow, error) {
	out := []HistoryRow{}
	if userID == "" || limit <= 0 {
		return out, nil
	}
	where, args := filter(guild, "", "user_id = ?")
	rows, err := s.q.QueryContext(ctx, `SELECT game, options, name, score, won, duration, moves, finished_at
		FROM results WHERE `+where+` ORDER BY finished_at DESC, session_id DESC LIMIT ?`, append(args, userID, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: history: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			h             HistoryRow
			won           int
			dur, finished int64
		)
		if err := rows.Scan(&h.Game, &h.Options, &h.Name, &h.Score, &won, &dur, &h.Moves, &finished); err != nil {
			return nil, fmt.Errorf("store: history: %w", err)
		}
		h.Won, h.Duration, h.Finished = won != 0, time.Duration(dur), fromNanos(finished)
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: history: %w", err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// TableVersion is what changes when a table's page changes: its move
// count, its status, when it was last written (a lobby's seats change it
// too), and whether its server turned its pages off.
type TableVersion struct {
	Moves     int
	Status    games.Status
	UpdatedAt time.Time
	PagesOff  bool
}

// maxVersionIDs bounds the ids of one query of TableVersions.
const maxVersionIDs = 500

// TableVersions returns the version of each of the tables ids that
// exists: one cheap query a few hundred ids at a time, for a watcher
// that pushes changes made by another process.
func (s *Store) TableVersions(ctx context.Context, ids []int64) (map[int64]TableVersion, error) {
	out := make(map[int64]TableVersion, len(ids))
	for start := 0; start < len(ids); start += maxVersionIDs {
		chunk := ids[start:min(start+maxVersionIDs, len(ids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(chunk)), ", ")
		rows, err := s.q.QueryContext(ctx, `SELECT s.id, s.moves, s.status, s.updated_at, COALESCE(g.pages_off, 0)
			FROM sessions s LEFT JOIN guild_settings g ON g.guild_id = s.guild_id AND s.guild_id <> ''
			WHERE s.id IN (`+marks+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: table versions: %w", err)
		}
		err = func() error {
			defer rows.Close()
			for rows.Next() {
				var (
					id      int64
					v       TableVersion
					status  string
					updated int64
					off     int
				)
				if err := rows.Scan(&id, &v.Moves, &status, &updated, &off); err != nil {
					return err
				}
				if err := v.Status.UnmarshalText([]byte(status)); err != nil {
					return err
				}
				v.UpdatedAt, v.PagesOff = fromNanos(updated), off != 0
				out[id] = v
			}
			return rows.Err()
		}()
		if err != nil {
			return nil, fmt.Errorf("store: table versions: %w", err)
		}
	}
	return out, nil
}

// PageStreak is Streak as the web pages may show it: only the days won in
// servers whose pages are on. A server that turned its pages off shows
// nothing of its players, not even a day of their streaks; a game outside
// any server (a DM, the terminal) belongs to no server's pages.
func (s *Store) PageStreak(ctx context.Context, userID, game, today string) (current, best int, err error) {
	return s.streak(ctx, "page streak", ` AND s.guild_id <> ''
		AND NOT EXISTS (SELECT 1 FROM guild_settings g WHERE g.guild_id = s.guild_id AND g.pages_off <> 0)`, userID, game, today)
}
