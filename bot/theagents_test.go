package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// pickThrough makes one move from a private message of the move menus:
// it keeps choosing the first option (ending the turn last) until a move
// is made, and returns the final answer.
func (h *harness) pickThrough(user string, m discordtest.Message) discordtest.Response {
	h.t.Helper()
	for step := 0; step < 12; step++ {
		sels := m.Selects()
		require.NotEmpty(h.t, sels, "a menu: %s", m.Content)
		sel := sels[0]
		value := sel.Options[0].Value
		for _, o := range sel.Options {
			// Prefer anything to ending the turn, so that the game moves on.
			if o.Value != "end" {
				value = o.Value
				break
			}
		}
		in, err := h.fake.Select(m.ID, user, sel.CustomID, []string{value})
		require.NoError(h.t, err)
		r, err := in.WaitFinal(wait)
		require.NoError(h.t, err)
		if !strings.Contains(r.Content, "So far:") {
			return r
		}
		m = r.Message
	}
	h.t.Fatal("no move after 12 choices")
	return discordtest.Response{}
}

func TestTheAgentsPlaysThroughMoveMenus(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	require.False(t, lobby.Ephemeral, lobby.Content)
	assert.Contains(t, lobby.Content, "2–5 players")
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	table := h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Content)
	picture(t, table.Message)
	id := tableOf(t, table.Message)

	for _, u := range []string{alice, bob} {
		dm, err := h.fake.WaitDM(u, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "The Agents") })
		require.NoError(t, err)
		picture(t, dm)
	}

	// Whoever may act picks through the menus; a few turns each.
	moves := 0
	for round := 0; round < 60 && moves < 25; round++ {
		now, _ := h.fake.Message(lobby.ID)
		if strings.Contains(now.Content, "Game over") {
			break
		}
		for _, u := range []string{alice, bob} {
			hand := h.click(lobby.ID, u, button(t, now, "My hand").CustomID)
			require.True(t, hand.Ephemeral)
			if len(hand.Selects()) == 0 {
				continue
			}
			done := h.pickThrough(u, hand.Message)
			require.False(t, strings.Contains(done.LastMessage().Content, "isn't possible"), done.LastMessage().Content)
			moves++
			break
		}
	}
	require.Positive(t, moves)
	stored := h.storedMoves(id)
	assert.GreaterOrEqual(t, len(stored), moves, "every move is stored (computers' too)")

	// The channel never shows a hand: only the spectator's picture and text.
	for _, m := range h.fake.ChannelMessages(channelID) {
		if !m.Ephemeral {
			assert.NotContains(t, m.Content, "You have")
		}
	}
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 2, sess.Seats)
}
