package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// TestLobbyExpires: a lobby nobody starts is closed when its time runs out,
// and says so; joining it starts its time again. The wait is a timer in the
// store, so it survives a restart of the bot.
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
	sess, err := h.st.TableRow(context.Background(), tableOf(t, lobby.Message))
	require.NoError(t, err)
	assert.Equal(t, "abandoned", sess.Status.String())
	timers, err = h.st.Timers(context.Background())
	require.NoError(t, err)
	assert.Empty(t, timers, "the fired timer is gone")
}

// TestStaleTurnClockArmsTheNext: a process that moves a table on and dies
// before arming the next turn's clock leaves the old clock in the store,
// armed at a move the table has passed. When it fires, it arms the clock of
// the turn now, which plays for the absent player in time: the table does
// not wait for ever.
func TestStaleTurnClockArmsTheNext(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = time.Hour // nothing fires while the scene is set
	h.restart()
	table := h.startSecretAgent()
	id := tableOf(t, table)
	ctx := context.Background()
	var err error
	var timers []store.Timer
	for end := time.Now().Add(wait); len(timers) == 0 && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		timers, err = h.st.Timers(ctx) // armed once the table is shown
		require.NoError(t, err)
	}
	require.Len(t, timers, 1)
	armed := timers[0]
	h.stop()

	// The dying process: Alice's move and the computers' after it are
	// saved, the next clock is not armed.
	st, err := store.Open(h.dbPath)
	require.NoError(t, err)
	tb, err := play.Load(ctx, st, catalog.Registry().Engines(), id)
	require.NoError(t, err)
	require.Equal(t, armed.Version, tb.Game.Moves())
	require.NoError(t, tb.Apply(ctx, 0, tb.Game.Legal(0)[0].String()))
	require.NoError(t, tb.PlayComputers(ctx, nil))
	moved := tb.Game.Moves()
	armed.Due = time.Now() // and its old clock has come due
	require.NoError(t, st.SetTimer(ctx, armed))
	require.NoError(t, st.Close())

	h.turnTimeout = 300 * time.Millisecond
	h.start()
	m, err := h.fake.WaitMessage(table.ID, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "took too long") })
	require.NoError(t, err, "the absent player is played for")
	assert.Contains(t, m.Content, "alice")
	assert.Greater(t, len(h.storedMoves(id)), moved)
}
