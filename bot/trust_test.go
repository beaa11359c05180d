package bot_test

import (
	"context"
	"database/sql"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
)

// onProxy moves a harness's bot to a fresh PostgreSQL database reached
// through a proxy the test can freeze, and restarts it there.
func (h *harness) onProxy() *pgtest.Proxy {
	h.t.Helper()
	proxy, u := pgtest.NewProxy(h.t, pgtest.URL(h.t))
	h.stop()
	h.dbPath = u
	h.start()
	return proxy
}

// TestFaultDatabaseFrozen: a PostgreSQL server that stops answering (a proxy
// that stops forwarding: no error, no closed connection) makes clicks answer
// "try again" within Discord's 3 s — deferred in time, never failed — and
// changes nothing; once it answers again the bot goes on, with every
// acknowledged move kept.
func TestFaultDatabaseFrozen(t *testing.T) {
	h := newHarness(t)
	proxy := h.onProxy()
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, table.Ephemeral, table.Content)
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Content)
	id := tableOf(t, table.Message)

	proxy.Freeze()
	for range 2 { // the first holds the writer; the second is not stuck behind it
		in, err := h.fake.Click(table.ID, alice, button(t, moved.Message, "Flip").CustomID)
		require.NoError(t, err)
		r, err := in.WaitFinal(time.Minute)
		require.NoError(t, err, "answered, not failed")
		assert.Contains(t, r.LastMessage().Content, "try again")
		assert.True(t, r.LastMessage().Ephemeral || r.Ephemeral, "a short private answer")
		t.Logf("frozen database: first answer after %v, the final one after %v", r.Latency, r.FinalAt.Sub(in.Created))
	}
	proxy.Thaw()

	// The bot goes on: the next click moves the table on.
	var now discordtest.Message
	require.Eventually(t, func() bool {
		now, _ = h.fake.Message(table.ID)
		r := h.click(table.ID, alice, button(t, now, "Flip").CustomID)
		return !r.Ephemeral && !r.LastMessage().Ephemeral
	}, time.Minute, 100*time.Millisecond, "clicks work again after the thaw")
	moves := h.storedMoves(id)
	assert.GreaterOrEqual(t, len(moves), 2, "the acknowledged move is kept, and the new one made")
	assert.Equal(t, "flip", moves[0])
}

// TestTimerRetriedAfterDroppedConnection: a turn timer whose firing fails
// (here the database's connections are cut as it fires: "conn closed") is
// not lost: it stays armed, is put off, and plays the absent player's turn
// when it fires again.
func TestTimerRetriedAfterDroppedConnection(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = 300 * time.Millisecond
	var proxy *pgtest.Proxy
	var drops atomic.Int32
	h.beforeOpen = func(b *bot.Bot) {
		bot.OnFire(b, func(tm store.Timer) {
			if tm.Kind == "turn" && drops.Add(1) == 1 {
				proxy.Drop()
			}
		})
	}
	proxy = h.onProxy()
	table := h.startSecretAgent()
	id := tableOf(t, table)

	m, err := h.fake.WaitMessage(table.ID, time.Minute, func(m discordtest.Message) bool { return strings.Contains(m.Content, "took too long") })
	require.NoError(t, err, "the absent player is played for in the end")
	assert.Contains(t, m.Content, "alice")
	assert.NotEmpty(t, h.storedMoves(id))
	logs := h.logs.String()
	assert.Contains(t, logs, "a timer failed: it is tried again", "the first firing failed")
	assert.GreaterOrEqual(t, drops.Load(), int32(2), "and the timer fired again")
}

// TestUnreplayableTableKept: a table whose moves no longer replay (here a
// move the engine does not take, written into its log as a changed engine,
// or another process's bad write, would leave it) is kept as it was: the
// first to find it out (here a click) tells the player and the channel, logs
// it once and counts it; it takes no more moves; every later start counts it
// without saying it again.
func TestUnreplayableTableKept(t *testing.T) {
	h := newHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Content)
	id := tableOf(t, table.Message)
	require.NoError(t, h.st.AppendMove(context.Background(), id, 1, 0, "not a move"))

	r := h.click(table.ID, alice, button(t, moved.Message, "Flip").CustomID)
	assert.True(t, r.Ephemeral || r.LastMessage().Ephemeral)
	assert.Contains(t, r.LastMessage().Content, "can't be played on", "the player is told")
	notice, err := h.fake.WaitMessage(table.ID, time.Minute, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "can't be played on")
	})
	require.NoError(t, err, "the channel is told")
	assert.Contains(t, notice.Content, "kept as it was")
	assert.Empty(t, notice.Components, "no buttons on a table that takes no moves")
	assert.Equal(t, 1.0, gathered(t, h.metrics)["dealer_unreplayable_tables"])

	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.NotEmpty(t, sess.Broken)
	assert.Equal(t, store.StatusPlaying, sess.Status, "kept as it was")
	assert.Equal(t, []string{"flip", "not a move"}, h.storedMoves(id), "its log whole")
	assert.ErrorIs(t, h.st.AppendMove(context.Background(), id, 2, 0, "flip"), store.ErrConflict, "no more moves")

	h.restart()
	assert.Equal(t, 1.0, gathered(t, h.metrics)["dealer_unreplayable_tables"], "counted after a restart")
	assert.Equal(t, 1, strings.Count(h.logs.String(), "no longer replay"), "logged once")
}

// TestOlderRulesSaidOnTheTable: a table that started before its game's rules
// changed plays on under the rules it started with, and its message says so.
func TestOlderRulesSaidOnTheTable(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	require.False(t, lobby.Ephemeral, lobby.Content)
	id := tableOf(t, lobby.Message)
	h.stop()
	raw, err := sql.Open("sqlite3", h.dbPath)
	require.NoError(t, err)
	_, err = raw.Exec(`UPDATE sessions SET rules_version = 1 WHERE id = ?`, id) // as migration 9 labels a table of before
	require.NoError(t, err)
	require.NoError(t, raw.Close())
	h.start()

	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Content)
	assert.Contains(t, table.Content, "older rules (version 1): every seat starts with 0 IP")
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 1, sess.Rules, "it keeps the rules it started with")
	ordinary := h.command(bob, "play", map[string]any{"game": "theagents"})
	assert.NotContains(t, ordinary.Content, "older rules", "a new table plays the newest")
}
