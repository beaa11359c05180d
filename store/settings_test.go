package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

		again, err := Open(db)
		require.NoError(t, err)
		defer again.Close()
		got, err = again.Settings(ctx, "ann")
		require.NoError(t, err)
		assert.Equal(t, Settings{}, got, "set back to the defaults")
		got, err = again.Settings(ctx, "bob")
		require.NoError(t, err)
		assert.Equal(t, Settings{Large: true}, got)
	})
}
