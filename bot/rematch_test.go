package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
)

// TestRematchTwoHumansOneComputer: a finished The Agents table of Alice,
// Bob and a hard computer player, under a house rule, offers Rematch to
// its players alone. A rematch that not all confirm is closed by its
// timeout, which frees the table for another; a second click opens
// nothing more; once Bob is in too, the new deal starts with the same
// seats, level and house rules, and the finished table still says its
// result.
func TestRematchTwoHumansOneComputer(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: dave, Name: "dave"})
	over, first := playAgentsToTheEnd(t, h)
	refused := h.click(over.ID, dave, button(t, over, "Rematch").CustomID)
	assert.True(t, refused.Ephemeral)
	assert.Contains(t, refused.Content, "Only this game's players")

	h.lobbyTimeout = time.Second
	h.restart()
	lobby := h.click(over.ID, alice, button(t, over, "Rematch").CustomID)
	require.False(t, lobby.Ephemeral, lobby.Content)
	closed, err := h.fake.WaitMessage(lobby.ID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "the rematch was closed")
	})
	require.NoError(t, err)
	assert.Empty(t, closed.Components, "a closed rematch has no buttons")

	h.lobbyTimeout, h.deal = 0, 2
	h.restart()
	lobby = h.click(over.ID, alice, button(t, over, "Rematch").CustomID)
	require.False(t, lobby.Ephemeral, lobby.Content)
	for _, want := range []string{"a rematch of table #", "<@" + alice + "> ✅", "<@" + bob + "> ⏳", "(hard)", "goal IP 20"} {
		assert.Contains(t, lobby.Content, want)
	}
	again := h.click(over.ID, bob, button(t, over, "Rematch").CustomID)
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Content, "dealt again already: https://discord.com/channels/"+guildID+"/"+channelID+"/"+lobby.ID)
	for user, want := range map[string]string{dave: "Only the last game's players", alice: "already seated"} {
		r := h.click(lobby.ID, user, button(t, lobby.Message, "I'm in").CustomID)
		assert.True(t, r.Ephemeral)
		assert.Contains(t, r.Content, want)
	}

	table := h.click(lobby.ID, bob, button(t, lobby.Message, "I'm in").CustomID)
	require.False(t, table.Ephemeral, table.Content)
	assert.Contains(t, table.Content, "deal #2")
	picture(t, table.Message)
	button(t, table.Message, "My hand")
	checkRematchRow(t, h, tableOf(t, lobby.Message), first)
	now, _ := h.fake.Message(over.ID)
	assert.Contains(t, now.Content, "Game over", "the finished table still says its result")
}

// checkRematchRow: the rematch of table first is in play, following it,
// with its seats, computer level and house rules, and a new deal.
func checkRematchRow(t *testing.T, h *harness, id, first int64) {
	ctx := context.Background()
	was, err := h.st.TableRow(ctx, first)
	require.NoError(t, err)
	row, err := h.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "playing", row.Status.String())
	assert.Equal(t, first, row.RematchOf)
	assert.Equal(t, uint64(2), row.Deal)
	assert.Equal(t, was.Options, row.Options)
	require.Len(t, row.Players, len(was.Players))
	for s, p := range row.Players {
		assert.Equal(t, was.Players[s].UserID, p.UserID, "seat %d", s)
		assert.Equal(t, was.Players[s].Computer, p.Computer, "seat %d", s)
		assert.Equal(t, was.Players[s].Level, p.Level, "seat %d", s)
	}
	assert.Equal(t, games.Hard, row.Players[2].Level)
}

// playAgentsToTheEnd opens The Agents to 20 IP for Alice, Bob and a hard
// computer player, plays it to its end through the move menus, and
// returns the finished table's message and id. A short turn time plays
// the move of a hand that offers no control (a single legal move: the
// menu collapses to none).
func playAgentsToTheEnd(t *testing.T, h *harness) (discordtest.Message, int64) {
	h.turnTimeout = 100 * time.Millisecond
	h.restart()
	defer func() { h.turnTimeout = 0 }()
	lobby := h.command(alice, "play", map[string]any{"game": "theagents", "goal": 20})
	require.False(t, lobby.Ephemeral, lobby.Content)
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	r = h.choose(lobby.ID, alice, menu(t, r.Message, "Add a computer"), "hard")
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	for round := 0; round < 2000; round++ {
		now, _ := h.fake.Message(lobby.ID)
		if strings.Contains(now.Content, "Game over") {
			break
		}
		for _, u := range []string{alice, bob} {
			in, err := h.fake.Click(lobby.ID, u, button(t, now, "My hand").CustomID)
			if err != nil { // the game ended since now was read
				break
			}
			hand, err := in.WaitFinal(wait)
			require.NoError(t, err)
			if len(hand.Selects()) > 0 {
				h.pickThrough(u, hand.Message)
				break
			}
			if b, ok := hand.Message.EnabledButton(""); ok {
				h.click(hand.ID, u, b.CustomID)
				break
			}
		}
	}
	over, err := h.fake.WaitMessage(lobby.ID, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "Game over") })
	require.NoError(t, err)
	return over, tableOf(t, lobby.Message)
}
