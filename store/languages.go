package store

import (
	"context"
	"errors"
	"fmt"
)

// Languages: what each player's and each server's Discord client last
// said its language is, as a BCP 47 tag the dealer speaks ("es", "pt-BR",
// "de"; "" for English or not known). The bot keeps them so that what it
// sends with no interaction to read the language from — a hand by DM
// after a timeout, a table redrawn on a timer — is said in it.

// PlayerLang is the language last seen for a player ("" if none).
func (s *Store) PlayerLang(ctx context.Context, userID string) (string, error) {
	st, err := s.Settings(ctx, userID)
	return st.Lang, err
}

// SetPlayerLang keeps a player's language, their other settings kept.
func (s *Store) SetPlayerLang(ctx context.Context, userID, lang string) error {
	if userID == "" {
		return errors.New("store: player language: no player")
	}
	return s.writeStmt(ctx, &stmtWrite{
		q: `INSERT INTO player_settings (user_id, lang) VALUES (?, ?)
			ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang`,
		args: []any{userID, lang},
		result: func(err error, _ int64) error {
			if err != nil {
				return fmt.Errorf("store: player language: %w", err)
			}
			return nil
		},
	})
}

// GuildLang is the language last seen for a server ("" if none).
func (s *Store) GuildLang(ctx context.Context, guild string) (string, error) {
	var l string
	if err := s.guildSetting(ctx, guild, "lang", "server language", &l); err != nil {
		return "", err
	}
	return l, nil
}

// SetGuildLang keeps a server's language, its other settings kept.
func (s *Store) SetGuildLang(ctx context.Context, guild, lang string) error {
	return s.setGuildSetting(ctx, guild, "lang", "server language", lang)
}
