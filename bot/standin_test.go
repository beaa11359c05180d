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

// TestTurnReminderStandInAndTakeBack: through the fake, a Secret Agent
// table of Alice, Bob and two computer players. Halfway through Alice's
// turns the channel names her, pinging her alone; her time runs out twice
// in a row and a computer player takes her seat, which the table says,
// with Take my seat back (refused to Bob and to someone not seated). The
// stand-in outlives a restart and plays her seat at once; Alice takes it
// back with one click, and the game waits on her again.
func TestTurnReminderStandInAndTakeBack(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol"})
	h.turnTimeout = 2 * time.Second
	h.restart()
	table := h.startAliceAndBob()
	id := tableOf(t, table)

	replaced := h.untilStandIn(table.ID)
	assert.Contains(t, replaced.Content, "alice took too long twice in a row")
	checkReminders(t, h, 1, 2)
	row, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	require.True(t, row.Players[0].StandIn, "the store keeps the stand-in")
	assert.Equal(t, alice, row.Players[0].UserID, "and the seat stays Alice's")

	takeBack := button(t, replaced, "Take my seat back").CustomID
	for _, who := range []struct{ user, says string }{
		{bob, "Your seat is yours"},
		{carol, "You are not seated"},
	} {
		r := h.click(table.ID, who.user, takeBack)
		assert.True(t, r.Ephemeral, who.user)
		assert.Contains(t, r.Content, who.says, who.user)
	}
	h.playIfTurn(table.ID, bob) // so that his clock, armed before the restart, is his first to run out at most

	h.turnTimeout = time.Hour // no clock armed from now on runs out in this test
	h.restart()
	moved := len(h.storedMoves(id))
	now := h.waitTurn(table.ID, bob)
	assert.Contains(t, now.Content, "A computer player plays for alice", "the table still says so")
	require.True(t, h.playIfTurn(table.ID, bob))
	h.waitTurn(table.ID, bob) // Alice's seat was played at once
	entries, err := h.st.Moves(context.Background(), id)
	require.NoError(t, err)
	assert.Contains(t, seatsOf(entries[moved:]), games.Seat(0), "the stand-in played Alice's seat")

	back := h.click(table.ID, alice, takeBack)
	assert.True(t, back.Ephemeral, "Alice gets her hand, privately")
	assert.Contains(t, back.Content, "Secret Agent")
	now, err = h.fake.WaitMessage(table.ID, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "alice took their seat back") })
	require.NoError(t, err)
	assert.NotContains(t, now.Content, "A computer player plays for")
	_, shown := now.EnabledButton("Take my seat back")
	assert.False(t, shown, "no Take my seat back while no computer player stands in")
	require.True(t, h.playIfTurn(table.ID, bob))
	h.waitTurn(table.ID, alice)
	require.True(t, h.playIfTurn(table.ID, alice), "the game waits on Alice, and she plays")
}

// startAliceAndBob opens a Secret Agent table of Alice, Bob and two
// computer players and returns the table message.
func (h *harness) startAliceAndBob() discordtest.Message {
	h.t.Helper()
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	r := h.click(lobby.ID, bob, button(h.t, lobby.Message, "Join").CustomID)
	table := h.click(lobby.ID, alice, button(h.t, r.Message, "Start").CustomID)
	require.False(h.t, table.Ephemeral, table.Content)
	return table.Message
}

// untilStandIn has Bob play whenever the table waits on him, and Alice
// never, until the table says a computer player took her seat: it
// returns that table message.
func (h *harness) untilStandIn(tableMsg string) discordtest.Message {
	h.t.Helper()
	for step := 0; step < 200; step++ {
		m, err := h.fake.WaitMessage(tableMsg, wait, func(m discordtest.Message) bool {
			return strings.Contains(m.Content, "twice in a row") || strings.Contains(m.Content, "To play: <@"+bob+">")
		})
		require.NoError(h.t, err)
		if strings.Contains(m.Content, "twice in a row") {
			return m
		}
		h.playIfTurn(tableMsg, bob)
	}
	h.t.Fatal("no stand-in after 200 steps")
	return discordtest.Message{}
}

// waitTurn waits until the table says it waits on user.
func (h *harness) waitTurn(tableMsg, user string) discordtest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(tableMsg, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "To play: <@"+user+">") })
	require.NoError(h.t, err)
	return m
}

// playIfTurn makes user's first legal move from My hand, if they may act:
// it reports whether a move was made.
func (h *harness) playIfTurn(tableMsg, user string) bool {
	h.t.Helper()
	now, _ := h.fake.Message(tableMsg)
	hand := h.click(tableMsg, user, button(h.t, now, "My hand").CustomID)
	b, ok := hand.Message.EnabledButton("")
	if !ok {
		return false
	}
	r := h.click(hand.ID, user, b.CustomID)
	return !r.Ephemeral || !strings.Contains(r.Content, "old hand")
}

// checkReminders checks the turn reminders sent to the channel: between
// least and most name Alice, and every one pings the people it names and
// nobody else.
func checkReminders(t *testing.T, h *harness, least, most int) {
	t.Helper()
	named := 0
	for _, req := range h.fake.Requests(discordtest.RouteSendMessage) {
		var msg struct {
			Content         string
			AllowedMentions *struct{ Parse, Users []string } `json:"allowed_mentions"`
		}
		require.NoError(t, req.Decode(&msg))
		if !strings.Contains(msg.Content, "half your time") {
			continue
		}
		require.NotNil(t, msg.AllowedMentions, msg.Content)
		assert.Empty(t, msg.AllowedMentions.Parse, "no @everyone, role or other user is parsed")
		require.Len(t, msg.AllowedMentions.Users, 1, msg.Content)
		who := msg.AllowedMentions.Users[0]
		assert.True(t, strings.HasPrefix(msg.Content, "⏳ <@"+who+">,"), "it names the one it pings: %s", msg.Content)
		if who == alice {
			named++
		}
	}
	assert.GreaterOrEqual(t, named, least, "Alice was reminded")
	assert.LessOrEqual(t, named, most, "once a turn at most")
}

// seatsOf are the seats of log entries.
func seatsOf(entries []games.Entry) []games.Seat {
	var out []games.Seat
	for _, e := range entries {
		out = append(out, e.Seat)
	}
	return out
}
