package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A server's settings (guild_settings) are one row of columns set apart:
// setting one keeps the others. what names the setting in errors.

// setGuildSetting keeps value in guild's column.
func (s *Store) setGuildSetting(ctx context.Context, guild, column, what string, value any) error {
	if guild == "" {
		return fmt.Errorf("store: %s: no server", what)
	}
	return s.writeStmt(ctx, &stmtWrite{
		q: `INSERT INTO guild_settings (guild_id, ` + column + `) VALUES (?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET ` + column + ` = excluded.` + column,
		args: []any{guild, value},
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: %s: %w", what, err)
			}
			return nil
		},
	})
}

// guildSetting reads guild's column into dest; a server that never said
// leaves dest as it is.
func (s *Store) guildSetting(ctx context.Context, guild, column, what string, dest any) error {
	err := s.q.QueryRowContext(ctx, `SELECT `+column+` FROM guild_settings WHERE guild_id = ?`, guild).Scan(dest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	return nil
}
