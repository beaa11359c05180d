package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Settings are a player's own choices of how the cards in the pictures
// drawn for them look: their solitaire tables and their hands. The zero
// Settings are the defaults, which a player who never chose has.
type Settings struct {
	FourColour bool // a four-colour deck: ♦ blue, ♣ green
	Large      bool // large cards: bigger indices, for phones
	// Lang is the language the player's Discord client last said ("es";
	// "" for English or not known): see SetPlayerLang. SetSettings keeps
	// it as it is.
	Lang string
}

// Settings returns a player's settings: the defaults for one who never
// chose.
func (s *Store) Settings(ctx context.Context, userID string) (Settings, error) {
	if s.settings != nil {
		st, _, err := s.settings.get(ctx, userID)
		if err != nil {
			return Settings{}, fmt.Errorf("store: settings: %w", err)
		}
		return st, nil // the defaults when not found
	}
	var four, large int
	var lang string
	// one statement, outside a transaction: it is read for every picture
	err := s.q.QueryRowContext(ctx, `SELECT four_colour, large_cards, lang FROM player_settings WHERE user_id = ?`, userID).Scan(&four, &large, &lang)
	if errors.Is(err, sql.ErrNoRows) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("store: settings: %w", err)
	}
	return Settings{FourColour: four != 0, Large: large != 0, Lang: lang}, nil
}

// readSettings is the settings of the players of ids who chose any, in
// one query (Settings' gatherer, PostgreSQL).
func (s *Store) readSettings(ctx context.Context, ids []string) (map[string]Settings, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT user_id, four_colour, large_cards, lang FROM player_settings WHERE user_id = ANY(?)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[string]Settings, len(ids))
	for rows.Next() {
		var (
			id          string
			four, large int
			lang        string
		)
		if err := rows.Scan(&id, &four, &large, &lang); err != nil {
			return nil, err
		}
		out[id] = Settings{FourColour: four != 0, Large: large != 0, Lang: lang}
	}
	return out, rows.Err()
}

// SetSettings keeps a player's settings, replacing the ones they had.
func (s *Store) SetSettings(ctx context.Context, userID string, st Settings) error {
	if userID == "" {
		return errors.New("store: settings: no player")
	}
	return s.write(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO player_settings (user_id, four_colour, large_cards) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour, large_cards = excluded.large_cards`,
			userID, boolInt(st.FourColour), boolInt(st.Large))
		if err != nil {
			return fmt.Errorf("store: settings: %w", err)
		}
		return nil
	})
}
