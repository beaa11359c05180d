package bot_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayWithHouseRules: house rules chosen at /play: registered from the
// games' options, kept with the table, said on its message, and the same
// after a restart.
func TestPlayWithHouseRules(t *testing.T) {
	h := newHarness(t)
	cmds, err := h.fake.WaitCommands(guildID, wait)
	require.NoError(t, err)
	var names []string
	for _, c := range cmds {
		if c["name"] == "play" {
			for _, o := range c["options"].([]any) {
				names = append(names, o.(map[string]any)["name"].(string))
			}
		}
	}
	assert.Subset(t, names, []string{"game", "deal", "cells", "autoplay", "passes", "deals", "goal"})

	r := h.command(alice, "play", map[string]any{"game": "doublets", "passes": 1})
	require.False(t, r.Ephemeral, r.Text())
	assert.Contains(t, r.Text(), "house rules: passes through the stock 1")
	sess, err := h.st.TableRow(context.Background(), 1)
	require.NoError(t, err)
	assert.Equal(t, "passes=1", sess.Options)

	h.restart()
	flip := h.click(r.ID, alice, button(t, r.Message, "Flip").CustomID)
	require.False(t, flip.Ephemeral, flip.Text())
	assert.Contains(t, flip.Text(), "house rules: passes through the stock 1", "the rules survive a restart")

	lobby := h.command(alice, "play", map[string]any{"game": "secretagent", "deals": 2})
	require.False(t, lobby.Ephemeral, lobby.Text())
	assert.Contains(t, lobby.Text(), "house rules: deals 2")

	wrong := h.command(alice, "play", map[string]any{"game": "doublets", "deals": 2})
	assert.True(t, wrong.Ephemeral)
	assert.Contains(t, wrong.Text(), `Doublets has no option "deals" (passes=1–3 (default 3))`)
}
