package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// A season's final boards are archived when it ends, one server at a
// time (migration 0013): each player's line on each board (game and house
// rules) with every figure a board ranks by, as it stood. A past season
// archived is read from the archive; one that ended before the archive
// existed (or in no server: the terminal's boards) is computed from the
// results. Why keep them rather than compute them again: the final board
// is what was posted in the server, and must stay what it was when a
// player is renamed, a rating is rebuilt with a corrected model, or the
// season's length changes. A forgotten player's line keeps its figures
// under the placeholder that stands for them in the results.

// SetSeasonChannel keeps the channel where guild's season-end boards are
// posted ("" for none).
func (s *Store) SetSeasonChannel(ctx context.Context, guild, channel string) error {
	return s.setGuildSetting(ctx, guild, "season_channel", "season channel", channel)
}

// SeasonChannel is the channel where guild's season-end boards are posted
// ("" for none, the default).
func (s *Store) SeasonChannel(ctx context.Context, guild string) (string, error) {
	var channel string
	err := s.guildSetting(ctx, guild, "season_channel", "season channel", &channel)
	return channel, err
}

// ClosedSeason is a server's season that CloseSeason archived.
type ClosedSeason struct {
	Guild string
	// Channel is where the server wants its final boards ("" for none).
	Channel string
}

// CloseSeason archives season's final boards in every server that has
// results in it and whose season is not archived yet, each server in a
// transaction of its own. It returns the servers this call archived: of
// several processes closing a season at once, each server is one's.
// Results that finish later with a time in the season (none should: call
// it once the season's last writes have landed) change no archive.
func (s *Store) CloseSeason(ctx context.Context, season Season) ([]ClosedSeason, error) {
	if season.AllTime() {
		return nil, fmt.Errorf("store: close season: all time is no season")
	}
	var guilds []string
	err := s.read(ctx, func(tx *txn) error {
		var err error
		guilds, err = queryColumn[string](ctx, tx, `SELECT DISTINCT guild_id FROM results
			WHERE computer = 0 AND user_id <> '' AND guild_id <> '' AND finished_at >= ? AND finished_at < ?
			AND guild_id NOT IN (SELECT guild_id FROM seasons_closed WHERE season = ?) ORDER BY guild_id`,
			season.Start.UnixNano(), season.End.UnixNano(), season.Key)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: close season %s: %w", season.Key, err)
	}
	var closed []ClosedSeason
	for _, g := range guilds {
		ok, err := s.closeGuildSeason(ctx, g, season)
		if err != nil {
			return closed, err
		}
		if ok {
			channel, err := s.SeasonChannel(ctx, g)
			if err != nil {
				return closed, err
			}
			closed = append(closed, ClosedSeason{Guild: g, Channel: channel})
		}
	}
	return closed, nil
}

// closeGuildSeason archives guild's boards of season, unless another
// process did: false then.
func (s *Store) closeGuildSeason(ctx context.Context, guild string, season Season) (bool, error) {
	var done bool
	err := s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO seasons_closed (guild_id, season, closed_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, guild, season.Key, s.now())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			done = false
			return nil
		}
		done = true
		from, to := season.Start.UnixNano(), season.End.UnixNano()
		if _, err := tx.ExecContext(ctx, `INSERT INTO season_boards
			(guild_id, season, game, options, user_id, name, games, wins, rate, best, total, fastest, fewest)
			SELECT ?, ?, game, options, user_id,
				(SELECT n.name FROM results n WHERE n.computer = 0 AND n.user_id = r.user_id AND n.guild_id = r.guild_id
					AND n.game = r.game AND n.options = r.options AND n.finished_at < ?
					ORDER BY n.finished_at DESC LIMIT 1),
				`+aggregates+`
			FROM results r WHERE computer = 0 AND user_id <> '' AND guild_id = ? AND finished_at >= ? AND finished_at < ?
			GROUP BY guild_id, game, options, user_id`,
			guild, season.Key, to, guild, from, to); err != nil {
			return err
		}
		if err := archiveStreaks(ctx, tx, guild, season); err != nil {
			return err
		}
		return archiveRatings(ctx, tx, guild, season)
	})
	if err != nil {
		return false, fmt.Errorf("store: close season %s: %w", season.Key, err)
	}
	return done, nil
}

// archiveStreaks writes each player's best run of daily deals won in the
// season, in guild, on their line of the game's standard board.
func archiveStreaks(ctx context.Context, tx *txn, guild string, season Season) error {
	runs, err := seasonStreaks(ctx, tx, guild, "", season)
	if err != nil {
		return err
	}
	for _, r := range runs {
		if _, err := tx.ExecContext(ctx, `UPDATE season_boards SET streak = ?
			WHERE guild_id = ? AND season = ? AND game = ? AND options = '' AND user_id = ?`,
			r.best, guild, season.Key, r.game, r.user); err != nil {
			return err
		}
	}
	return nil
}

// archiveRatings writes each player's rating as it stands (at the
// season's end) on their lines of the rated boards.
func archiveRatings(ctx context.Context, tx *txn, guild string, season Season) error {
	const of = `FROM ratings r WHERE r.guild_id = season_boards.guild_id AND r.game = season_boards.game
		AND r.options = season_boards.options AND r.user_id = season_boards.user_id AND r.games > 0`
	_, err := tx.ExecContext(ctx, `UPDATE season_boards SET mu = (SELECT r.mu `+of+`), sigma = (SELECT r.sigma `+of+`)
		WHERE guild_id = ? AND season = ?`, guild, season.Key)
	return err
}

// SeasonRatings is the rating board of guild's game under options as it
// stood when season ended, best first, at most limit rows (0 for all):
// the archived lines of the players rated then (Games: their games of
// the season). archived is false for a season not archived (it has no
// ratings kept).
func (s *Store) SeasonRatings(ctx context.Context, guild, game, options string, season Season, limit int) (rows []RatingRow, archived bool, err error) {
	if archived, err = s.SeasonArchived(ctx, guild, season.Key); err != nil || !archived {
		return nil, false, err
	}
	q := `SELECT user_id, name, mu, sigma, games, 0, RANK() OVER (ORDER BY mu - 3 * sigma DESC)
		FROM season_boards WHERE guild_id = ? AND season = ? AND game = ? AND options = ? AND mu IS NOT NULL
		ORDER BY mu - 3 * sigma DESC, user_id`
	rows, err = queryLimited(ctx, s.q, "season ratings", q, []any{guild, season.Key, game, options}, limit, scanRatingRow)
	if err != nil {
		return nil, true, err
	}
	return rows, true, nil
}

// streakRun is a player's best run of daily deals won at a game.
type streakRun struct {
	user, game string
	best       int
}

// seasonStreaks are the best runs of daily deals won in guild at game (""
// for every game) on the season's days (all days for all time), a run
// per player and game.
func seasonStreaks(ctx context.Context, tx *txn, guild, game string, season Season) ([]streakRun, error) {
	q := `SELECT DISTINCT s.owner_id, s.game, s.daily FROM sessions s
		JOIN results r ON r.session_id = s.id AND r.user_id = s.owner_id
		WHERE s.daily <> '' AND s.guild_id = ? AND r.won = 1 AND (CAST(? AS TEXT) = '' OR s.game = ?)`
	args := []any{guild, game, game}
	if !season.AllTime() {
		q += ` AND s.daily >= ? AND s.daily < ?`
		args = append(args, season.Start.Format(time.DateOnly), season.End.Format(time.DateOnly))
	}
	rows, err := tx.QueryContext(ctx, q+` ORDER BY s.owner_id, s.game, s.daily`, args...)
	if err != nil {
		return nil, err
	}
	days := map[[2]string][]string{}
	err = eachRow(rows, func(row scanner) error {
		var user, g, day string
		if err := row.Scan(&user, &g, &day); err != nil {
			return err
		}
		days[[2]string{user, g}] = append(days[[2]string{user, g}], day)
		return nil
	})
	if err != nil {
		return nil, err
	}
	runs := make([]streakRun, 0, len(days))
	for k, d := range days {
		_, best, err := streaks(d, d[len(d)-1])
		if err != nil {
			return nil, err
		}
		runs = append(runs, streakRun{user: k[0], game: k[1], best: best})
	}
	sort.Slice(runs, func(i, j int) bool {
		return runs[i].user < runs[j].user || runs[i].user == runs[j].user && runs[i].game < runs[j].game
	})
	return runs, nil
}

// SeasonArchived reports whether guild's season key was archived.
func (s *Store) SeasonArchived(ctx context.Context, guild, key string) (bool, error) {
	var n int
	err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM seasons_closed WHERE guild_id = ? AND season = ?`, guild, key).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: season archived: %w", err)
	}
	return n > 0, nil
}

// maxSeasons bounds the past seasons PastSeasons lists.
const maxSeasons = 120

// PastSeasons lists the seasons before now's (of length l) in which guild
// has results, and the seasons archived there (of any length), newest
// first, at most 120.
func (s *Store) PastSeasons(ctx context.Context, guild string, l SeasonLength, now time.Time) ([]Season, error) {
	var first *int64
	var keys []string
	err := s.read(ctx, func(tx *txn) error {
		if err := tx.QueryRowContext(ctx, `SELECT MIN(finished_at) FROM results WHERE computer = 0 AND user_id <> '' AND guild_id = ?`,
			guild).Scan(&first); err != nil {
			return err
		}
		var err error
		keys, err = queryColumn[string](ctx, tx, `SELECT season FROM seasons_closed WHERE guild_id = ?`, guild)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: past seasons: %w", err)
	}
	seen := map[string]bool{}
	var out []Season
	if first != nil && l != SeasonsNone {
		start := fromNanos(*first)
		for se := l.Of(now).Previous(); !se.End.Before(start) && !se.End.Equal(start) && len(out) < maxSeasons; se = se.Previous() {
			out, seen[se.Key] = append(out, se), true
		}
	}
	for _, k := range keys {
		if se, err := ParseSeason(k); err == nil && !seen[k] && se.End.Before(now.Add(time.Nanosecond)) {
			out, seen[k] = append(out, se), true
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Start.After(out[j].Start) || out[i].Start.Equal(out[j].Start) && strings.Contains(out[i].Key, "Q")
	})
	return out[:min(len(out), maxSeasons)], nil
}

// leaderSQL is a board's two queries: the count of its players and its
// rows in order (to which a LIMIT may be added), with their arguments.
type leaderSQL struct {
	count, rows         string
	countArgs, rowsArgs []any
}

// boardQuery is the queries of q's board, ordered by order: from the
// archive when q is a server's archived season, from the results
// otherwise.
func boardQuery(ctx context.Context, tx *txn, q LeaderQuery, order string) (leaderSQL, error) {
	if !q.Season.AllTime() && q.Guild != "" {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seasons_closed WHERE guild_id = ? AND season = ?`,
			q.Guild, q.Season.Key).Scan(&n); err != nil {
			return leaderSQL{}, err
		}
		if n > 0 {
			where := `guild_id = ? AND season = ? AND game = ? AND options = ?`
			args := []any{q.Guild, q.Season.Key, q.Game, q.Options}
			return leaderSQL{
				count: `SELECT COUNT(*) FROM season_boards WHERE ` + where, countArgs: args,
				rows: `SELECT user_id, name, games, wins, rate, best, total, fastest, fewest FROM season_boards
					WHERE ` + where + ` ORDER BY ` + order + `, user_id`,
				rowsArgs: args,
			}, nil
		}
	}
	terms, seasonArgs := seasonTerms(q.Season, "")
	extra, extraArgs := []string{"user_id <> ''", "options = ?"}, []any{q.Options}
	nameExtra := []string{"n.user_id = r.user_id", "options = ?"}
	if q.Channel != "" { // a chat's own board: its tables' results
		extra, extraArgs = append(extra, inChannel), append(extraArgs, q.Channel)
		nameExtra = append(nameExtra, "n."+inChannel)
	}
	where, args := filter(q.Guild, q.Game, append(extra, terms...)...)
	args = append(append(args, extraArgs...), seasonArgs...)
	nameWhere, nameArgs := filter(q.Guild, q.Game, nameExtra...)
	nameArgs = append(nameArgs, extraArgs...)
	return leaderSQL{
		count: `SELECT COUNT(DISTINCT user_id) FROM results WHERE ` + where, countArgs: args,
		rows: `SELECT user_id,
			(SELECT n.name FROM results n WHERE ` + nameWhere + ` ORDER BY n.finished_at DESC LIMIT 1),
			` + aggregates + `
			FROM results r WHERE ` + where + `
			GROUP BY user_id
			ORDER BY ` + order + `, user_id`,
		rowsArgs: append(append([]any{}, nameArgs...), args...),
	}, nil
}

// inChannel keeps the results of the tables played in one channel.
const inChannel = "session_id IN (SELECT id FROM sessions WHERE channel_id = ?)"

// StreakRow is a player's line on a daily-streak board.
type StreakRow struct {
	UserID, Name string
	// Best is their longest run of days won at the game's daily deal.
	Best int
}

// StreakBoard ranks guild's players ("" the terminal's) at game by their
// best run of daily deals won on season's days (all time: every day),
// best first, ties by user id, at most limit rows (0 for all). A past
// season archived is read from its archive.
func (s *Store) StreakBoard(ctx context.Context, guild, game string, season Season, limit int) ([]StreakRow, error) {
	out := []StreakRow{}
	err := s.read(ctx, func(tx *txn) error {
		var archived int
		if !season.AllTime() && guild != "" {
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM seasons_closed WHERE guild_id = ? AND season = ?`,
				guild, season.Key).Scan(&archived); err != nil {
				return err
			}
		}
		if archived > 0 {
			rows, err := tx.QueryContext(ctx, `SELECT user_id, name, streak FROM season_boards
				WHERE guild_id = ? AND season = ? AND game = ? AND options = '' AND streak > 0 ORDER BY streak DESC, user_id`,
				guild, season.Key, game)
			if err != nil {
				return err
			}
			out, err = appendRows(out, rows, func(row scanner) (StreakRow, error) {
				var r StreakRow
				return r, row.Scan(&r.UserID, &r.Name, &r.Best)
			})
			return err
		}
		runs, err := seasonStreaks(ctx, tx, guild, game, season)
		if err != nil {
			return err
		}
		sort.SliceStable(runs, func(i, j int) bool { return runs[i].best > runs[j].best })
		if limit > 0 && len(runs) > limit {
			runs = runs[:limit]
		}
		for _, r := range runs {
			var name string
			if err := tx.QueryRowContext(ctx, `SELECT name FROM results WHERE guild_id = ? AND user_id = ? AND computer = 0
				ORDER BY finished_at DESC LIMIT 1`, guild, r.user).Scan(&name); err != nil {
				return err
			}
			out = append(out, StreakRow{UserID: r.user, Name: name, Best: r.best})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: streak board: %w", err)
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// PlayerSeason is a player's line on a past season's final board of one
// game (under house rules, "" the standard game) in one server.
type PlayerSeason struct {
	GuildID string `json:"guild_id"`
	Season  string `json:"season"`
	Game    string `json:"game"`
	Options string `json:"house_rules"`
	Name    string `json:"name"`
	Games   int    `json:"games"`
	Wins    int    `json:"wins"`
	Best    int    `json:"best_score"`
	Points  int    `json:"points"`
	Streak  int    `json:"daily_streak"`
	// Rating is the rating shown at the season's end; nil if unrated.
	Rating *float64 `json:"rating"`
}

// readPlayerSeasons reads the player's lines on archived season boards
// (PlayerData).
func readPlayerSeasons(ctx context.Context, tx *txn, d *PlayerData) error {
	rows, err := tx.QueryContext(ctx, `SELECT guild_id, season, game, options, name, games, wins, best, total, streak,
		mu - 3 * sigma FROM season_boards WHERE user_id = ? ORDER BY guild_id, season, game, options`, d.UserID)
	if err != nil {
		return err
	}
	return eachRow(rows, func(row scanner) error {
		var p PlayerSeason
		if err := row.Scan(&p.GuildID, &p.Season, &p.Game, &p.Options, &p.Name, &p.Games, &p.Wins, &p.Best, &p.Points,
			&p.Streak, &p.Rating); err != nil {
			return err
		}
		d.Seasons = append(d.Seasons, p)
		return nil
	})
}
