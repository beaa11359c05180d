package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Timer is something to do for a table at a time: a turn's timeout, a
// lobby's expiry, a redraw owed. Timers are rows, so any process may fire
// one and none is lost with the process that armed it. A table has at most
// one timer of a kind: arming again replaces it.
type Timer struct {
	Table int64
	Kind  string
	Due   time.Time
	// Version is the table's move count when the timer was armed: a timer
	// whose table has moved on since does nothing when it fires.
	Version int
	// Attempts counts the times it fired and failed (RetryTimer).
	Attempts int
}

// SetTimer arms t, and more in the same write (one statement), each
// replacing the table's timer of its kind (and any claim on it).
func (s *Store) SetTimer(ctx context.Context, t Timer, more ...Timer) error {
	return s.writeStmt(ctx, timerStmt(append([]Timer{t}, more...)...))
}

// timerStmt is SetTimer's write of ts (at least one).
func timerStmt(ts ...Timer) *stmtWrite {
	rows := make([]string, len(ts))
	args := make([]any, 0, 4*len(ts))
	for i, t := range ts {
		rows[i] = "(?, ?, ?, ?)"
		args = append(args, t.Table, t.Kind, t.Due.UnixNano(), t.Version)
	}
	return &stmtWrite{
		q: `INSERT INTO timers (session_id, kind, due_at, version) VALUES ` + strings.Join(rows, ", ") + `
			ON CONFLICT (session_id, kind) DO UPDATE SET due_at = excluded.due_at, version = excluded.version,
				claimed_by = '', claimed_until = 0, attempts = 0`,
		args: args,
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: session %d: set %s timer: %w", ts[0].Table, ts[0].Kind, err)
			}
			return nil
		},
	}
}

// ClearTimer disarms the table's timer of kind, if it has one.
func (s *Store) ClearTimer(ctx context.Context, session int64, kind string) error {
	return s.writeStmt(ctx, &stmtWrite{
		q:    `DELETE FROM timers WHERE session_id = ? AND kind = ?`,
		args: []any{session, kind},
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: session %d: clear %s timer: %w", session, kind, err)
			}
			return nil
		},
	})
}

// ClaimTimers takes up to limit timers due by now that no live claim
// holds, for owner, for lease: each is owner's to fire until the lease
// runs out, when another process may take it (its owner died). Processes
// claiming at once never get the same timer (on PostgreSQL, claimed rows
// are skipped, not waited for).
func (s *Store) ClaimTimers(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]Timer, error) {
	lock := ""
	if s.d.engine == EnginePostgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var out []Timer
	err := s.write(ctx, func(tx *txn) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, `UPDATE timers SET claimed_by = ?, claimed_until = ?
			WHERE (session_id, kind) IN (
				SELECT session_id, kind FROM timers WHERE due_at <= ? AND claimed_until < ?
				ORDER BY due_at LIMIT ?`+lock+`)
			RETURNING session_id, kind, due_at, version, attempts`,
			owner, now.Add(lease).UnixNano(), now.UnixNano(), now.UnixNano(), limit)
		if err != nil {
			return fmt.Errorf("store: claim timers: %w", err)
		}
		out, err = appendRows(out, rows, scanTimer)
		if err != nil {
			return fmt.Errorf("store: claim timers: %w", err)
		}
		return nil
	})
	return out, err
}

// DoneTimer removes a timer that fired, unless it was armed again
// meanwhile (its due time or version changed: that one is still to come).
func (s *Store) DoneTimer(ctx context.Context, t Timer) error {
	return s.writeStmt(ctx, &stmtWrite{
		q:    `DELETE FROM timers WHERE session_id = ? AND kind = ? AND due_at = ? AND version = ?`,
		args: []any{t.Table, t.Kind, t.Due.UnixNano(), t.Version},
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: session %d: %s timer done: %w", t.Table, t.Kind, err)
			}
			return nil
		},
	})
}

// RetryTimer puts off a timer whose firing failed (the store did not
// answer, the table could not be read) until due, counting the attempt
// and giving up its claim, unless it was armed again meanwhile (that one
// stands). It is never dropped: it fires again, whichever process claims
// it then.
func (s *Store) RetryTimer(ctx context.Context, t Timer, due time.Time) error {
	return s.write(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE timers SET due_at = ?, attempts = attempts + 1, claimed_by = '', claimed_until = 0
			WHERE session_id = ? AND kind = ? AND due_at = ? AND version = ?`,
			due.UnixNano(), t.Table, t.Kind, t.Due.UnixNano(), t.Version)
		if err != nil {
			return fmt.Errorf("store: session %d: retry %s timer: %w", t.Table, t.Kind, err)
		}
		return nil
	})
}

// NextTimer is when the next timer is due (claimed or not); false when
// none is armed.
func (s *Store) NextTimer(ctx context.Context) (time.Time, bool, error) {
	var due sql.NullInt64
	err := s.read(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `SELECT MIN(due_at) FROM timers`).Scan(&due)
	})
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, fmt.Errorf("store: next timer: %w", err)
	}
	return fromNanos(due.Int64), due.Valid, nil
}

// Timers lists the armed timers, by due time (for tests and the admin).
func (s *Store) Timers(ctx context.Context) ([]Timer, error) {
	var out []Timer
	err := s.read(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `SELECT session_id, kind, due_at, version, attempts FROM timers ORDER BY due_at, session_id, kind`)
		if err != nil {
			return err
		}
		out, err = appendRows(out, rows, scanTimer)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: timers: %w", err)
	}
	return out, nil
}
