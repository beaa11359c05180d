package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/dealer/dealer/games"
)

// sessionRow reads columns of table id's row into dest: ErrNotFound when
// there is no such table, any other error named with what.
func sessionRow(ctx context.Context, tx *txn, id int64, what, columns string, dest ...any) error {
	err := tx.QueryRowContext(ctx, `SELECT `+columns+` FROM sessions WHERE id = ?`, id).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(id)
	}
	if err != nil {
		return fmt.Errorf("store: session %d: %s: %w", id, what, err)
	}
	return nil
}

// eachRow calls each for every row of rows and closes them: the loop and
// the check of rows.Err that every multi-row query repeats. The first
// error, of each or of the rows, is returned as it is; callers wrap it.
func eachRow(rows *sql.Rows, each func(row scanner) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// appendRows appends every row of rows, read by scan, to dst, and closes
// the rows.
func appendRows[T any](dst []T, rows *sql.Rows, scan func(scanner) (T, error)) ([]T, error) {
	err := eachRow(rows, func(row scanner) error {
		v, err := scan(row)
		if err == nil {
			dst = append(dst, v)
		}
		return err
	})
	return dst, err
}

// rowsQuerier is a txn or the read pool.
type rowsQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryColumn reads the one column of every row of query, with args, in
// order.
func queryColumn[T any](ctx context.Context, q rowsQuerier, query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return appendRows(nil, rows, func(row scanner) (T, error) {
		var v T
		err := row.Scan(&v)
		return v, err
	})
}

// queryLimited reads the rows of query, with args, by scan, at most limit
// of them (limit <= 0 for all; query ends where a LIMIT may follow), into
// a slice that is never nil; an error is named with what.
func queryLimited[T any](ctx context.Context, q rowsQuerier, what, query string, args []any, limit int, scan func(scanner) (T, error)) ([]T, error) {
	if limit > 0 {
		query += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	out, err := appendRows([]T{}, rows, scan)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return out, nil
}

// readByKeys reads the rows of query, whose one argument is keys (= ANY(?),
// PostgreSQL), into a map by scan's key: one query for a gatherer's batch.
func readByKeys[K comparable, V any](ctx context.Context, q pool, query string, keys []K, scan func(scanner) (K, V, error)) (map[K]V, error) {
	rows, err := q.QueryContext(ctx, query, keys)
	if err != nil {
		return nil, err
	}
	out := make(map[K]V, len(keys))
	err = eachRow(rows, func(row scanner) error {
		k, v, err := scan(row)
		if err == nil {
			out[k] = v
		}
		return err
	})
	return out, err
}

// scanMove reads a row of (session_id, seat, move).
func scanMove(row scanner) (int64, games.Entry, error) {
	var (
		id int64
		e  games.Entry
	)
	err := row.Scan(&id, &e.Seat, &e.Move)
	return id, e, err
}

// scanTimer reads a row of (session_id, kind, due_at, version, attempts).
func scanTimer(row scanner) (Timer, error) {
	var (
		t   Timer
		due int64
	)
	if err := row.Scan(&t.Table, &t.Kind, &due, &t.Version, &t.Attempts); err != nil {
		return Timer{}, err
	}
	t.Due = fromNanos(due)
	return t, nil
}

// scanLeaderRow reads a row of (user_id, name, aggregates).
func scanLeaderRow(row scanner) (LeaderRow, error) {
	var (
		r               LeaderRow
		fastest, fewest sql.NullInt64
	)
	if err := row.Scan(&r.UserID, &r.Name, &r.Games, &r.Wins, &r.WinRate,
		&r.BestScore, &r.TotalPoints, &fastest, &fewest); err != nil {
		return LeaderRow{}, err
	}
	r.FastestWin = time.Duration(fastest.Int64)
	r.FewestMoves = int(fewest.Int64)
	return r, nil
}
