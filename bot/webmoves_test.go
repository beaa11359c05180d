package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store/play"
)

// TestTableMovedRedraws: a move made away from Discord (the web pages,
// through store/play) and told to the bot (TableMoved) redraws the
// table's message, its buttons at the new version; the last move of a
// game shows its end there too.
func TestTableMovedRedraws(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: recipeGuild, Name: "Card Club", ChannelID: recipeChannel}}})
	fake.AddUser(discordtest.User{ID: owner, Name: "alice"})
	t.Cleanup(func() { require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse") })
	b := newTestBot(t, fake.NewSession(), recipeGuild)
	fake.Connect(t, b, recipeWait)
	table := discordtest.Final(t, recipeWait)(fake.SlashCommand(recipeGuild, recipeChannel, owner, "play", map[string]any{"game": "doublets"}))
	id, err := parseButtonID(discordtest.EnabledButton(t, table.Message, "").CustomID)
	require.NoError(t, err)

	ctx := context.Background()
	elsewhere, err := play.Load(ctx, b.store, b.games.Engines(), id.Table)
	require.NoError(t, err)
	shows := func(version int) bool {
		m, ok := fake.Message(table.ID)
		if !ok {
			return false
		}
		for _, btn := range m.Buttons() {
			if got, err := parseButtonID(btn.CustomID); err == nil && got.Version == version {
				return true
			}
		}
		return false
	}
	for _, move := range []string{"flip", "flip"} {
		require.NoError(t, elsewhere.Apply(ctx, 0, move))
		b.TableMoved(id.Table)
		version := elsewhere.Game.Moves()
		assert.True(t, fake.WaitUntil(recipeWait, func() bool { return shows(version) }), "the message shows move %d", version)
	}
	// The end, made elsewhere: the message says the game is over.
	require.NoError(t, elsewhere.Apply(ctx, 0, "resign"))
	require.NoError(t, elsewhere.Finish(ctx))
	b.TableMoved(id.Table)
	assert.True(t, fake.WaitUntil(recipeWait, func() bool {
		m, _ := fake.Message(table.ID)
		for _, btn := range m.Buttons() {
			if got, err := parseButtonID(btn.CustomID); err == nil && got.Action == actNewDeal {
				return true
			}
		}
		return false
	}), "the message shows the end: New deal")
	b.mu.Lock()
	defer b.mu.Unlock()
	assert.NotContains(t, b.tables, id.Table, "a game over is let go")
}
