package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// copyTables are the tables CopyTo copies, parents before children, each
// with every one of its columns (a test checks them against the schema).
var copyTables = []struct{ name, columns, order string }{
	{"sessions", "id, game, deal, seats, guild_id, channel_id, message_id, owner_id, status, moves, created_at, updated_at, finished_at, hints, daily, options, token, version, rules_version, broken, rematch_of, interaction_only", "id"},
	{"players", "session_id, seat, user_id, name, computer, level, stand_in, timeouts, timed_out", "session_id, seat"},
	{"moves", "session_id, seq, seat, move, at", "session_id, seq"},
	{"rounds", "session_id, round, seat, score", "session_id, round, seat"},
	{"results", "session_id, seat, user_id, name, computer, game, guild_id, score, won, duration, moves, finished_at, options, rules_version", "session_id, seat"},
	{"ratings", "guild_id, game, options, user_id, mu, sigma, ordinal, games, updated_at", "guild_id, game, options, user_id"},
	{"rating_history", "session_id, seat, user_id, guild_id, game, options, place, mu, sigma, ordinal, finished_at", "session_id, seat"},
	{"daily_deals", "game, day, deal", "game, day"},
	{"guild_settings", "guild_id, pages_off, lang, season_channel", "guild_id"},
	{"seasons_closed", "guild_id, season, closed_at", "guild_id, season"},
	{"season_boards", "guild_id, season, game, options, user_id, name, games, wins, rate, best, total, fastest, fewest, streak, mu, sigma", "guild_id, season, game, options, user_id"},
	{"timers", "session_id, kind, due_at, version, claimed_by, claimed_until, attempts", "session_id, kind"},
	{"player_settings", "user_id, four_colour, large_cards, lang", "user_id"},
	{"interactions", "id, seen_at", "id"},
	{"activities", "instance, session_id", "instance"},
}

// ErrNotEmpty is the error of CopyTo into a database that already holds
// data.
var ErrNotEmpty = errors.New("the target database is not empty")

// CopyCount is one table's rows in a copy: how many were read from the
// source, and how many the target holds once the copy is committed.
type CopyCount struct {
	Table         string
	Read, Written int64
}

// CopyTo copies every row of every SQL table of s into dst — the game
// tables with their players, move logs, rounds and results, the daily
// deals, the servers' and the players' settings — ids (and the tables'
// page tokens) kept, in one transaction of dst (all or nothing), and
// returns each SQL table's counts. The source is read from one snapshot,
// so a bot writing to it meanwhile cannot tear the copy. dst must be
// empty: ErrNotEmpty otherwise, and nothing is written. On PostgreSQL the
// sequence of the sessions SQL table's ids (the game tables') is set past
// the largest id copied.
func (s *Store) CopyTo(ctx context.Context, dst *Store) ([]CopyCount, error) {
	if s.d == dst.d && s.path == dst.path {
		return nil, errors.New("store: copy: the source and the target are the same database")
	}
	sv, err := s.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	dv, err := dst.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	if sv != dv {
		return nil, fmt.Errorf("store: copy: the source's schema is version %d, the target's %d", sv, dv)
	}
	var counts []CopyCount
	err = s.read(ctx, func(src *txn) error {
		return dst.write(ctx, func(tx *txn) error {
			counts = counts[:0] // the write may run again
			if err := checkEmpty(ctx, tx); err != nil {
				return err
			}
			for _, t := range copyTables {
				n, err := copyTable(ctx, src, tx, t.name, t.columns, t.order)
				if err != nil {
					return fmt.Errorf("store: copy %s: %w", t.name, err)
				}
				counts = append(counts, CopyCount{Table: t.name, Read: n})
			}
			if err := dst.d.copyFixups(ctx, tx); err != nil {
				return fmt.Errorf("store: copy: the id sequence: %w", err)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	for i, c := range counts {
		if err := dst.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+c.Table).Scan(&counts[i].Written); err != nil {
			return counts, fmt.Errorf("store: copy: counting %s: %w", c.Table, err)
		}
	}
	return counts, nil
}

// checkEmpty fails with ErrNotEmpty, naming what is there, if any table
// holds a row.
func checkEmpty(ctx context.Context, tx *txn) error {
	var held []string
	for _, t := range copyTables {
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&n); err != nil {
			return fmt.Errorf("store: copy: counting %s: %w", t.name, err)
		}
		if n > 0 {
			held = append(held, fmt.Sprintf("%d %s", n, strings.ReplaceAll(t.name, "_", " ")))
		}
	}
	if len(held) > 0 {
		return fmt.Errorf("%w: it holds %s", ErrNotEmpty, strings.Join(held, ", "))
	}
	return nil
}

// copyTable copies the rows of table from src into dst, many rows to an
// INSERT, and returns how many it read.
func copyTable(ctx context.Context, src, dst *txn, table, columns, order string) (int64, error) {
	ncol := len(strings.Split(columns, ","))
	// Within both engines' limits on parameters (SQLite 32766, PostgreSQL 65535).
	perInsert := min(500, 30000/ncol)
	rows, err := src.QueryContext(ctx, `SELECT `+columns+` FROM `+table+` ORDER BY `+order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var (
		read  int64
		batch []any
	)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n := len(batch) / ncol
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", ncol), ", ") + ")"
		q := `INSERT INTO ` + table + ` (` + columns + `) VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
		if _, err := dst.ExecContext(ctx, q, batch...); err != nil {
			return err
		}
		batch = batch[:0]
		return nil
	}
	for rows.Next() {
		vals := make([]any, ncol)
		ptrs := make([]any, ncol)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return read, err
		}
		batch = append(batch, vals...)
		read++
		if len(batch) == perInsert*ncol {
			if err := flush(); err != nil {
				return read, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return read, err
	}
	return read, flush()
}
