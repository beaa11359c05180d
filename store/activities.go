package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// An Activity instance (the web table Discord runs inside a channel) is
// one table: the first participant to choose a game opens it and binds it
// to the instance (migration 0015); the others find it there.

// ActivityTable returns the id of instance's table; ErrNotFound if none
// was opened in it yet.
func (s *Store) ActivityTable(ctx context.Context, instance string) (int64, error) {
	var id int64
	err := s.q.QueryRowContext(ctx, `SELECT session_id FROM activities WHERE instance = ?`, instance).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: no table in that activity: %w", ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("store: activity table: %w", err)
	}
	return id, nil
}

// BindActivity makes table id instance's table, unless one is already:
// it returns instance's table, id or the one bound first (of two opened
// at once, in any processes, the first bound is the instance's).
func (s *Store) BindActivity(ctx context.Context, instance string, id int64) (int64, error) {
	if instance == "" {
		return 0, errors.New("store: bind activity: no instance")
	}
	err := s.writeStmt(ctx, &stmtWrite{
		q:    `INSERT INTO activities (instance, session_id) VALUES (?, ?) ON CONFLICT (instance) DO NOTHING`,
		args: []any{instance, id},
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: bind activity: %w", err)
			}
			return nil
		},
	})
	if err != nil {
		return 0, err
	}
	return s.ActivityTable(ctx, instance)
}
