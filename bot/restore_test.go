package bot_test

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// restoreFrom is the restore as the README says it: the bot stopped, the
// database pointed at the backup file, the bot started.
func (h *harness) restoreFrom(file string) {
	h.stop()
	h.dbPath = file
	h.start()
}

// A table's message out of step with the database the bot restarted on
// still plays: one click shows the table as the database has it, in
// place, and the next makes a move.
func TestRestoredTableMessages(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		// outOfStep puts the message m of table id out of step and
		// restarts the bot; it returns the message and the moves the
		// database then holds.
		outOfStep func(t *testing.T, h *harness, id int64, m discordtest.Message) (discordtest.Message, int)
	}{
		{"ahead of the backup restored", func(t *testing.T, h *harness, _ int64, m discordtest.Message) (discordtest.Message, int) {
			m = h.moveOnce(alice, m)
			file := filepath.Join(t.TempDir(), "backup.db")
			_, err := h.st.Backup(ctx, file)
			require.NoError(t, err)
			m = h.moveOnce(alice, h.moveOnce(alice, m))
			h.restoreFrom(file)
			return m, 1
		}},
		{"its message never saved", func(t *testing.T, h *harness, id int64, m discordtest.Message) (discordtest.Message, int) {
			m = h.moveOnce(alice, m)
			require.NoError(t, h.st.SetMessage(ctx, id, channelID, "")) // as a backup taken before it was
			h.restart()
			return m, 1
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			m := h.play(alice)
			id := tableOf(t, m)
			m, kept := tc.outOfStep(t, h, id, m)

			shown := h.click(m.ID, alice, firstSource(t, m).CustomID)
			require.False(t, shown.Ephemeral, shown.Text())
			assert.Equal(t, m.ID, shown.ID, "the table message itself")
			for _, cid := range shown.CustomIDs() {
				assert.Contains(t, cid, ":"+strconv.FormatInt(id, 36)+":"+strconv.Itoa(kept)+":", "its buttons are the database's")
			}
			if c, ok := findButton(shown.Message, "Cancel"); ok { // in step, the click selected
				shown = h.click(m.ID, alice, c.CustomID)
			}
			h.moveOnce(alice, shown.Message)
			assert.Len(t, h.storedMoves(id), kept+1, "the next click makes a move")
			row, err := h.st.TableRow(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, m.ID, row.MessageID, "the table knows its message")
		})
	}
}

// A lobby started after the backup the bot was restored from: its
// message shows the game, whose buttons show the lobby again, to be
// started anew.
func TestRestoredLobby(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	file := filepath.Join(t.TempDir(), "backup.db")
	_, err := h.st.Backup(context.Background(), file)
	require.NoError(t, err)
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	h.restoreFrom(file)

	again := h.click(lobby.ID, alice, button(t, table.Message, "My hand").CustomID)
	require.False(t, again.Ephemeral, again.Text())
	assert.Equal(t, lobby.ID, again.ID)
	assert.Contains(t, again.Text(), "Join to take a seat")
	started := h.click(lobby.ID, alice, button(t, again.Message, "Start").CustomID)
	require.False(t, started.Ephemeral, started.Text())
	assert.NotContains(t, started.Text(), "Join to take a seat")
}

// A button of a table in another server — after a restore, a new table
// has the id of one dealt after the backup, whose buttons remain — is
// refused and changes nothing.
func TestButtonOfAnotherServer(t *testing.T) {
	const otherGuild, otherChannel = "1234567890123456800", "1234567890123456801"
	h := newHarnessWith(t, func(o *discordtest.Options) {
		o.Guilds = append(o.Guilds, discordtest.Guild{ID: otherGuild, Name: "Other Club", ChannelID: otherChannel})
	})
	m := h.play(alice)
	id := tableOf(t, m)
	r := discordtest.Final(t, wait)(h.fake.SendComponent(discordtest.RawComponent{
		GuildID: otherGuild, ChannelID: otherChannel, UserID: alice, CustomID: firstSource(t, m).CustomID}))
	assert.True(t, r.LastMessage().Ephemeral)
	assert.Contains(t, r.LastMessage().Text(), "no longer at the table")
	now, ok := h.fake.Message(m.ID)
	require.True(t, ok)
	assert.Equal(t, m.Edits(), now.Edits(), "the table unchanged")
	assert.Empty(t, h.storedMoves(id))
}
