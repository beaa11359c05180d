package bot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestEntryPointLaunchesTheActivity: with the Activity on, the bot
// registers the app's Entry Point command (answered by the app, wherever
// the app is installed or used) and answers it with LAUNCH_ACTIVITY, in a
// server and in its DM, posting nothing; without it, no Entry Point
// command is registered.
func TestEntryPointLaunchesTheActivity(t *testing.T) {
	h := newHarness(t)
	_, err := h.fake.EntryPoint(guildID, channelID, alice)
	require.Error(t, err, "no Entry Point command without the Activity")
	h.stop()

	h.activity, h.global = true, true // global: usable in DMs too
	h.start()
	cmds, err := h.fake.WaitCommands("", wait)
	require.NoError(t, err)
	var entry map[string]any
	for _, c := range cmds {
		if c["type"] == float64(discordtest.CommandEntryPoint) {
			entry = c
		}
	}
	require.NotNil(t, entry, "the Entry Point command is registered")
	assert.Equal(t, "launch", entry["name"])
	assert.Equal(t, float64(discordtest.HandlerApp), entry["handler"], "the bot answers it")
	assert.ElementsMatch(t, []any{0.0, 1.0, 2.0}, entry["contexts"], "servers, the bot's DM, DMs and group DMs")
	assert.ElementsMatch(t, []any{0.0, 1.0}, entry["integration_types"], "installed to a server or by a user")

	before := len(h.fake.ChannelMessages(channelID))
	for _, where := range []struct{ name, guild, channel string }{{"server", guildID, channelID}, {"DM", "", ""}} {
		t.Run(where.name, func(t *testing.T) {
			in, err := h.fake.EntryPoint(where.guild, where.channel, alice)
			require.NoError(t, err)
			r, err := in.WaitFinal(wait)
			require.NoError(t, err)
			assert.Equal(t, discordtest.CallbackLaunchActivity, r.Type, "LAUNCH_ACTIVITY, not deferred")
			a, ok := in.Activity()
			require.True(t, ok, "an instance runs")
			assert.Equal(t, []string{alice}, a.Users)
			assert.Equal(t, where.guild, a.GuildID)
		})
	}
	assert.Len(t, h.fake.ChannelMessages(channelID), before, "launching posts nothing")
}
