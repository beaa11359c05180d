package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// A lobby nobody starts is closed when its time runs out, and says so;
// joining it starts its time again. The wait is a timer in the store, so
// it survives a restart of the bot.
func TestLobbyExpires(t *testing.T) {
	h := newHarness(t)
	h.lobbyTimeout = 1500 * time.Millisecond
	h.restart()
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	require.False(t, lobby.Ephemeral, lobby.Content)
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, r.Content, "<@"+bob+">")
	timers, err := h.st.Timers(context.Background())
	require.NoError(t, err)
	require.Len(t, timers, 1)
	assert.Equal(t, "lobby", timers[0].Kind)

	h.restart() // the timer is in the store: it fires in the new process
	closed, err := h.fake.WaitMessage(lobby.ID, time.Minute, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "nobody started it")
	})
	require.NoError(t, err)
	assert.Empty(t, closed.Components, "a closed lobby has no buttons")
	sess, err := h.st.Session(context.Background(), tableOf(t, lobby.Message))
	require.NoError(t, err)
	assert.Equal(t, "abandoned", sess.Status.String())
	timers, err = h.st.Timers(context.Background())
	require.NoError(t, err)
	assert.Empty(t, timers, "the fired timer is gone")
}
