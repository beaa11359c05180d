package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

const (
	carol = "1100000000000000003"
	dave  = "1100000000000000004"
)

// menu finds a select menu of a message by its placeholder's start.
func menu(t *testing.T, m discordtest.Message, placeholderPrefix string) discordtest.Select {
	t.Helper()
	for _, s := range m.Selects() {
		if strings.HasPrefix(s.Placeholder, placeholderPrefix) {
			return s
		}
	}
	t.Fatalf("no menu %q", placeholderPrefix)
	return discordtest.Select{}
}

// choose picks value in a select menu as user and waits for the answer.
func (h *harness) choose(messageID, user string, sel discordtest.Select, value string) discordtest.Response {
	h.t.Helper()
	return discordtest.Final(h.t, wait)(h.fake.Select(messageID, user, sel.CustomID, []string{value}))
}

// TestSecretAgentLobbyDealsPlaysAndScores: a Secret Agent table from its
// lobby to its scores: seating, the deal (hands by DM, or My hand for closed
// DMs), a whole game played through My hand, nothing private leaked, the
// rounds and the leaderboard.
func TestSecretAgentLobbyDealsPlaysAndScores(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol", DMsClosed: true})
	h.fake.AddUser(discordtest.User{ID: dave, Name: "dave"})

	// Two deals, not the standard four: a deal's scores and the next
	// deal are the same in half the time.
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent", "deals": 2})
	require.False(t, lobby.Ephemeral, lobby.Text())
	assert.Contains(t, lobby.Text(), "<@"+alice+">")
	id := tableOf(t, lobby.Message)

	r := seatSecretAgentLobby(t, h, lobby, id)
	table := startSecretAgentDealsHands(t, h, lobby.ID, r)
	// Someone who is not seated gets a short private answer.
	watcher := h.click(lobby.ID, dave, button(t, table.Message, "My hand").CustomID)
	assert.True(t, watcher.Ephemeral)
	assert.Contains(t, watcher.Text(), "not seated")

	playThroughMyHand(t, h, lobby.ID)
	final, _ := h.fake.Message(lobby.ID)
	require.Contains(t, final.Text(), "Game over")
	assert.Equal(t, []string{"Rematch"}, labels(final), "a finished table's one button deals the next")
	checkNothingPrivateLeaked(t, h)

	ctx := context.Background()
	sess, err := h.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "over", sess.Status.String())
	rounds, err := h.st.Rounds(ctx, id)
	require.NoError(t, err)
	assert.Len(t, rounds, 2, "every deal's scores are stored")
	board := h.command(alice, "leaderboard", map[string]any{"game": "secretagent", "by": "points", "rules": "deals=2"})
	assert.Contains(t, board.Text(), "<@"+alice+">")
	assert.Contains(t, board.Text(), "points")
}

// seatSecretAgentLobby: Bob joins; only the opener may start; the opener
// adds a hard computer player, removes Bob, and Bob and Carol (whose DMs
// are closed) join. It returns the last answer, the lobby as it is.
func seatSecretAgentLobby(t *testing.T, h *harness, lobby discordtest.Response, id int64) discordtest.Response {
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, r.Text(), "<@"+bob+">")
	r2 := h.click(lobby.ID, bob, button(t, r.Message, "Start").CustomID)
	assert.True(t, r2.Ephemeral)
	assert.Contains(t, r2.Text(), "Only the table's opener")
	r = h.choose(lobby.ID, alice, menu(t, r.Message, "Add a computer"), "hard")
	assert.Contains(t, r.Text(), "(hard)", "the lobby says the computer player's level")
	lobbySess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, games.Hard, lobbySess.Players[2].Level, "the level is kept with the seat")
	in, err := h.fake.Select(lobby.ID, alice, menu(t, r.Message, "The opener may remove").CustomID, []string{"1"})
	require.NoError(t, err)
	r, err = in.WaitFinal(wait)
	require.NoError(t, err)
	assert.NotContains(t, r.Text(), "<@"+bob+">", "Bob was removed")
	r = h.click(lobby.ID, bob, button(t, r.Message, "Join").CustomID)
	r = h.click(lobby.ID, carol, button(t, r.Message, "Join").CustomID)

	return r
}

// startSecretAgentDealsHands: Start turns the lobby into the table, hands
// go by DM (saying their table), and Carol, whose DMs are closed, is told
// in the channel to use My hand, with no card. It returns the table.
func startSecretAgentDealsHands(t *testing.T, h *harness, lobbyID string, r discordtest.Response) discordtest.Response {
	table := h.click(lobbyID, alice, button(t, r.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	picture(t, table.Message)
	button(t, table.Message, "My hand")
	for _, u := range []string{alice, bob} {
		dm, err := h.fake.WaitDM(u, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your agent") })
		require.NoError(t, err, "a DM for %s", u)
		assert.Contains(t, dm.Text(), "<#"+channelID+">", "the DM says which table it belongs to")
		picture(t, dm)
	}
	notice, err := h.fake.WaitChannelMessage(channelID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "<@"+carol+">") && strings.Contains(m.Text(), "My hand")
	})
	require.NoError(t, err, "Carol is told to use My hand")
	assert.NotContains(t, notice.Text(), "agent:")

	return table
}

// playThroughMyHand plays a whole game: whoever may act clicks the first
// enabled button of their private hand, which is private, until the table
// says the game is over; no click is refused.
func playThroughMyHand(t *testing.T, h *harness, lobbyID string) {
	humans := []string{alice, bob, carol}
	for round := 0; round < 1000; round++ {
		now, _ := h.fake.Message(lobbyID)
		if strings.Contains(now.Text(), "Game over") {
			break
		}
		acted := false
		for _, u := range humans {
			in, err := h.fake.Click(lobbyID, u, button(t, now, "My hand").CustomID)
			if err != nil { // the game ended since now was read
				break
			}
			hand, err := in.WaitFinal(wait)
			require.NoError(t, err)
			require.True(t, hand.Ephemeral, "a hand is private")
			b, ok := hand.Message.EnabledButton("")
			if !ok {
				continue
			}
			played := h.click(hand.ID, u, b.CustomID)
			require.False(t, played.LastMessage().Ephemeral && strings.Contains(played.LastMessage().Text(), "can't"), played.LastMessage().Text())
			acted = true
			break
		}
		if !acted {
			// The last move's table update may still be on its way.
			h.waitSays(lobbyID, "Game over", "someone can always act until the game is over")
			break
		}
	}
	final, _ := h.fake.Message(lobbyID)
	require.Contains(t, final.Text(), "Game over")
	assert.Equal(t, []string{"Rematch"}, labels(final), "a finished table's one button deals the next")

}

// checkNothingPrivateLeaked: nothing private reaches the channel, another
// player or the logs. The channel's messages name no agent and carry no
// card buttons (the table picture is drawn from the spectator's view,
// which holds no hand: see render's tests), every private answer went to
// its own player only, and the log names no assignment.
func checkNothingPrivateLeaked(t *testing.T, h *harness) {
	for _, m := range h.fake.ChannelMessages(channelID) {
		if m.Ephemeral {
			assert.Contains(t, []string{alice, bob, carol, dave}, m.UserID)
			continue
		}
		assert.NotContains(t, m.Text(), "Your agent", "no assignment in the channel")
		for _, id := range m.CustomIDs() {
			assert.NotContains(t, id, "play", "no card in a channel button")
		}
		for _, body := range m.History {
			assert.NotContains(t, body.Text(), "Your agent")
		}
	}
	for _, u := range []string{alice, bob} {
		for _, dm := range h.fake.DMs(u) {
			assert.NotContains(t, dm.Text(), "<@", "a DM names no other player's secrets")
		}
	}
	for _, word := range []string{"Opposite", "Left", "Right", "Self", "hand="} {
		assert.NotContains(t, h.logs.String(), word, "the log keeps secrets")
	}

}

// startSecretAgent opens a Secret Agent table for alice with three computer
// players and returns the table message.
func (h *harness) startSecretAgent() discordtest.Message {
	h.t.Helper()
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	table := h.click(lobby.ID, alice, button(h.t, lobby.Message, "Start").CustomID)
	require.False(h.t, table.Ephemeral, table.Text())
	return table.Message
}

// playFirstCard has user click My hand on the table message as it is
// now, then the hand's first enabled card.
func (h *harness) playFirstCard(tableID, user string) {
	h.t.Helper()
	now, _ := h.fake.Message(tableID)
	hand := h.click(tableID, user, button(h.t, now, "My hand").CustomID)
	b, ok := hand.Message.EnabledButton("")
	require.True(h.t, ok, hand.Text())
	h.click(hand.ID, user, b.CustomID)
}

func TestAbsentPlayerIsPlayedForAfterTheTimeout(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = 300 * time.Millisecond
	h.restart()
	table := h.startSecretAgent()
	id := tableOf(t, table)
	// Alice never acts: the dealer plays for her and says so.
	m := h.waitSays(table.ID, "took too long")
	assert.Contains(t, m.Text(), "alice")
	assert.NotEmpty(t, h.storedMoves(id))
}

func TestSecretAgentSurvivesARestart(t *testing.T) {
	h := newHarness(t)
	table := h.startSecretAgent()
	id := tableOf(t, table)
	// Alice acts twice, then the bot restarts.
	for n := 0; n < 2; n++ {
		h.playFirstCard(table.ID, alice)
	}
	before := h.storedMoves(id)
	h.restart()
	now, _ := h.fake.Message(table.ID)
	hand := h.click(table.ID, alice, button(t, now, "My hand").CustomID)
	require.True(t, hand.Ephemeral)
	assert.Contains(t, hand.Text(), "Your turn")
	b, ok := hand.Message.EnabledButton("")
	require.True(t, ok)
	h.click(hand.ID, alice, b.CustomID)
	after := h.storedMoves(id)
	assert.Equal(t, before, after[:len(before)], "no move was lost")
	assert.Greater(t, len(after), len(before))
}

// TestLobbyExpires: a lobby nobody starts is closed when its time runs out,
// and says so; joining it starts its time again. The wait is a timer in the
// store, so it survives a restart of the bot.
func TestLobbyExpires(t *testing.T) {
	h := newHarness(t)
	h.lobbyTimeout = 1500 * time.Millisecond
	h.restart()
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	require.False(t, lobby.Ephemeral, lobby.Text())
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, r.Text(), "<@"+bob+">")
	timers, err := h.st.Timers(context.Background())
	require.NoError(t, err)
	require.Len(t, timers, 1)
	assert.Equal(t, "lobby", timers[0].Kind)

	h.restart() // the timer is in the store: it fires in the new process
	closed, err := h.fake.WaitMessage(lobby.ID, time.Minute, func(m discordtest.Message) bool {
		return strings.Contains(m.Text(), "nobody started it")
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

// TestTurnClockArmedWithTheMove: the deal and each move arm the next
// turn's clock (and its reminder) in their own write, so it is in the
// store by the time the click is answered: a process that dies right
// after the answer leaves no table waiting on nobody.
func TestTurnClockArmedWithTheMove(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = time.Hour // nothing fires
	h.restart()
	table := h.startSecretAgent()
	id := tableOf(t, table)
	armedAt := func(when string) {
		timers, err := h.st.Timers(context.Background())
		require.NoError(t, err)
		kinds := map[string]int{}
		for _, tm := range timers {
			kinds[tm.Kind] = tm.Version
		}
		moves := len(h.storedMoves(id))
		assert.Equal(t, map[string]int{"turn": moves, "remind": moves}, kinds, when)
	}
	armedAt("dealt")
	for n := 0; n < 2; n++ {
		h.playFirstCard(table.ID, alice)
		armedAt(fmt.Sprintf("after move %d", n+1))
	}
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
	var armed store.Timer
	timers, err := h.st.Timers(ctx) // armed with the deal
	require.NoError(t, err)
	for _, tm := range timers {
		if tm.Kind == "turn" {
			armed = tm
		}
	}
	require.Equal(t, "turn", armed.Kind, "the turn's clock is armed")
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
	m := h.waitSays(table.ID, "took too long", "the absent player is played for")
	assert.Contains(t, m.Text(), "alice")
	assert.Greater(t, len(h.storedMoves(id)), moved)
}

// pickThrough makes one move from a private message of the move menus:
// it keeps choosing the first option (ending the turn last) until a move
// is made, and returns the final answer.
func (h *harness) pickThrough(user string, m discordtest.Message) discordtest.Response {
	h.t.Helper()
	for step := 0; step < 12; step++ {
		sels := m.Selects()
		require.NotEmpty(h.t, sels, "a menu: %s", m.Text())
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
		if !strings.Contains(r.Text(), "So far:") {
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
	require.False(t, lobby.Ephemeral, lobby.Text())
	assert.Contains(t, lobby.Text(), "2–5 players")
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	table := h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	picture(t, table.Message)
	id := tableOf(t, table.Message)

	for _, u := range []string{alice, bob} {
		dm, err := h.fake.WaitDM(u, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "The Agents") })
		require.NoError(t, err)
		picture(t, dm)
	}

	// Whoever may act picks through the menus; a few turns each.
	moves := 0
	for round := 0; round < 60 && moves < 25; round++ {
		now, _ := h.fake.Message(lobby.ID)
		if strings.Contains(now.Text(), "Game over") {
			break
		}
		for _, u := range []string{alice, bob} {
			hand := h.click(lobby.ID, u, button(t, now, "My hand").CustomID)
			require.True(t, hand.Ephemeral)
			if len(hand.Selects()) == 0 {
				continue
			}
			done := h.pickThrough(u, hand.Message)
			require.False(t, strings.Contains(done.LastMessage().Text(), "isn't possible"), done.LastMessage().Text())
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
			assert.NotContains(t, m.Text(), "You have")
		}
	}
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 2, sess.Seats)
}
