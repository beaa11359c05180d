package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// SetSeat records what a game in play keeps of a person's seat, p.Seat:
// whether a computer player stands in for them, and their turns in a row
// that ran out (Player.StandIn, Timeouts, TimedOut). It is written if the
// table is still at version seen (Table.Version), and returns its new
// version; a table that moved on since is ErrConflict, and nothing is
// written. Other processes see the change by the version, as any other.
func (s *Store) SetSeat(ctx context.Context, id int64, seen int, p Player) (int, error) {
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		// The table's row first, as SetPlayers: its lock orders writers.
		var one int
		err := tx.QueryRowContext(ctx, `UPDATE sessions SET updated_at = ?, version = version + 1
			WHERE id = ? AND `+playable+` AND version = ? RETURNING 1`, now, id, seen).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return stale(ctx, tx, id, "change a seat", seen)
		}
		if err != nil {
			return fmt.Errorf("store: session %d: %w", id, err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE players SET stand_in = ?, timeouts = ?, timed_out = ?
			WHERE session_id = ? AND seat = ? AND computer = 0`, boolInt(p.StandIn), p.Timeouts, p.TimedOut, id, p.Seat)
		if err != nil {
			return fmt.Errorf("store: session %d: seat %d: %w", id, p.Seat, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: session %d: no person sits at seat %d", id, p.Seat)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return seen + 1, nil
}
