package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// A player's settings: the defaults until set, then what was set, each
// player's own, kept across a reopening.
func TestSettings(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, db := openTemp(t, e)
		got, err := s.Settings(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Settings{}, got, "the defaults for a player who never chose")

		require.NoError(t, s.SetSettings(ctx, "ann", Settings{FourColour: true}))
		require.NoError(t, s.SetSettings(ctx, "bob", Settings{Large: true}))
		require.NoError(t, s.SetSettings(ctx, "ann", Settings{FourColour: true, Large: true}))
		for user, want := range map[string]Settings{"ann": {FourColour: true, Large: true}, "bob": {Large: true}, "cy": {}} {
			got, err := s.Settings(ctx, user)
			require.NoError(t, err)
			assert.Equal(t, want, got, user)
		}
		require.NoError(t, s.SetSettings(ctx, "ann", Settings{}))
		require.Error(t, s.SetSettings(ctx, "", Settings{Large: true}))
		require.NoError(t, s.Close())

		again := openAgain(t, db)
		got, err = again.Settings(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Settings{}, got, "set back to the defaults")
		got, err = again.Settings(ctx, "bob")
		require.NoError(t, err)
		assert.Equal(t, Settings{Large: true}, got)
	})
}

// Languages: none until seen, then the last seen, beside the other
// settings and unchanged by them; each server's own.
func TestLanguages(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		l, err := s.PlayerLang(ctx, "ann")
		require.NoError(t, err)
		assert.Empty(t, l)

		require.NoError(t, s.SetSettings(ctx, "ann", Settings{Large: true}))
		require.NoError(t, s.SetPlayerLang(ctx, "ann", "es"))
		require.NoError(t, s.SetPlayerLang(ctx, "bob", "de"))
		got, err := s.Settings(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Settings{Large: true, Lang: "es"}, got, "the language sits beside the deck")
		require.NoError(t, s.SetSettings(ctx, "ann", Settings{FourColour: true}))
		l, err = s.PlayerLang(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, "es", l, "saving the deck keeps the language")
		l, err = s.PlayerLang(ctx, "bob")
		require.NoError(t, err)
		assert.Equal(t, "de", l)
		require.Error(t, s.SetPlayerLang(ctx, "", "es"))

		l, err = s.GuildLang(ctx, "g1")
		require.NoError(t, err)
		assert.Empty(t, l)
		require.NoError(t, s.SetPagesOff(ctx, "g1", true))
		require.NoError(t, s.SetGuildLang(ctx, "g1", "pt-BR"))
		require.NoError(t, s.SetGuildLang(ctx, "g2", "de"))
		l, err = s.GuildLang(ctx, "g1")
		require.NoError(t, err)
		assert.Equal(t, "pt-BR", l)
		off, err := s.PagesOff(ctx, "g1")
		require.NoError(t, err)
		assert.True(t, off, "the language keeps the pages' setting")
		require.NoError(t, s.SetPagesOff(ctx, "g1", false))
		l, err = s.GuildLang(ctx, "g1")
		require.NoError(t, err)
		assert.Equal(t, "pt-BR", l, "the pages' setting keeps the language")
		require.Error(t, s.SetGuildLang(ctx, "", "de"))
	})
}
