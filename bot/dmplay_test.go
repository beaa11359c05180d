package bot_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// dmCommand runs a slash command as user in their DM with the bot.
func (h *harness) dmCommand(user, name string, opts map[string]any) discordtest.Response {
	h.t.Helper()
	return discordtest.Final(h.t, wait)(h.fake.SlashCommand("", "", user, name, opts))
}

// newDMHarness is the harness with the commands registered globally, so
// that they reach DMs.
func newDMHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.global = true
	h.restart()
	return h
}

// A solitaire in a DM with the bot: dealt, played, resumed after a
// restart, finished; it counts in the player's /stats there (everywhere)
// and on no server's.
func TestSolitaireInADM(t *testing.T) {
	h := newDMHarness(t)
	r := h.dmCommand(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	dm, ok := h.fake.DMChannelID(alice)
	require.True(t, ok)
	assert.Equal(t, dm, r.ChannelID, "the table is in her DM")
	picture(t, r.Message)
	flipped := h.click(r.ID, alice, button(t, r.Message, "Flip").CustomID)
	assert.Contains(t, flipped.Text(), "move 1")

	h.restart()
	again := h.click(r.ID, alice, button(t, flipped.Message, "Flip").CustomID)
	assert.Contains(t, again.Text(), "move 2", "resumed after a restart")
	ask := h.click(r.ID, alice, button(t, again.Message, "Resign").CustomID)
	over := h.click(r.ID, alice, button(t, ask.Message, "Yes").CustomID)
	assert.Contains(t, over.Text(), "Game over")

	mine := h.dmCommand(alice, "stats", nil)
	assert.Contains(t, mine.Text(), "everywhere")
	assert.Contains(t, mine.Text(), "**Doublets**: 1 game")
	server := h.command(alice, "stats", nil)
	assert.Contains(t, server.Text(), "No finished games yet.", "a DM game is on no server's records")
}

// A multiplayer game in a DM, against computer players: the lobby, the
// start, the hand by My hand; the DM's leaderboard is its own.
func TestComputersInADM(t *testing.T) {
	h := newDMHarness(t)
	lobby := h.dmCommand(alice, "play", map[string]any{"game": "secretagent"})
	require.False(t, lobby.Ephemeral, lobby.Text())
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	hand := h.click(table.ID, alice, button(t, table.Message, "My hand").CustomID)
	assert.True(t, hand.Ephemeral)
	assert.True(t, strings.Contains(hand.Text(), "Your turn") || strings.Contains(hand.Text(), "hand"), hand.Text())
	board := h.dmCommand(alice, "leaderboard", map[string]any{"game": "secretagent"})
	assert.Contains(t, board.Text(), "leaderboard of this chat")
	assert.Contains(t, board.Text(), "No finished games this season", "the game is not over")
}
