package bot_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
)

// Play anywhere: a dealer installed to a user's account, used in a DM
// between users or a group DM, where the bot is no member. The fake
// refuses (as violations) every channel route there; the tables live on
// interaction answers.

// userCommand runs a command of the user-installed dealer as user in
// channel (a DM between users or a group DM) and waits for its answer.
func (h *harness) userCommand(channel, user, name string, opts map[string]any) discordtest.Response {
	h.t.Helper()
	return discordtest.Final(h.t, wait)(h.fake.UserInstalledCommand(channel, user, name, opts))
}

// groupDM opens a group DM of users (known to the fake) and returns its
// channel id.
func (h *harness) groupDM(users ...string) string {
	h.t.Helper()
	gdm, err := h.fake.GroupDM(users...)
	require.NoError(h.t, err)
	return gdm
}

// newGroupDMHarness is newDMHarness with carol known too, and the group
// DM of alice, bob and carol it returns.
func newGroupDMHarness(t *testing.T) (*harness, string) {
	h := newDMHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol"})
	return h, h.groupDM(alice, bob, carol)
}

// noChannelRoutes: the bot sent nothing through a channel's routes (no
// post, edit, read or DM): everything went by interaction answers.
func noChannelRoutes(t *testing.T, h *harness) {
	t.Helper()
	for _, route := range []string{discordtest.RouteSendMessage, discordtest.RouteEditMessage, discordtest.RouteGetMessage,
		discordtest.RouteListMessages, discordtest.RouteDeleteMessage, discordtest.RouteCreateDM} {
		assert.Empty(t, h.fake.Requests(route), "no request on %s", route)
	}
}

// playSolitaireOut plays a solitaire to its end by its buttons as user: a
// one-click move when one is lit, else a place and its first lit
// destination; with no move left, or after upTo clicks, Resign. It returns
// the last message and the moves the table said it made.
func (h *harness) playSolitaireOut(user string, m discordtest.Message, upTo int) (discordtest.Message, int) {
	h.t.Helper()
	for clicks := 0; clicks < upTo+2 && !finishedTable(m); clicks++ {
		var next string
		for _, b := range enabledButtons(m) {
			if a := action(b.CustomID); (a == 'm' || a == 's') && !strings.Contains(b.Label, "Undo") {
				next = b.CustomID
				break
			}
		}
		if b, ok := m.EnabledButton("Yes"); ok {
			next = b.CustomID
		} else if next == "" || clicks >= upTo {
			next = button(h.t, m, "Resign").CustomID
		}
		r := h.click(m.ID, user, next)
		require.False(h.t, r.Ephemeral, r.Text())
		require.Equal(h.t, discordtest.CallbackUpdateMessage, r.Type, "each click updates the table")
		m = r.Message
	}
	require.True(h.t, finishedTable(m), "the game ended: %s", m.Text())
	return m, shownMoves(h.t, m)
}

// shownMoves is the move count a table message says ("move 12").
func shownMoves(t *testing.T, m discordtest.Message) int {
	t.Helper()
	i := strings.LastIndex(m.Text(), "move ")
	require.GreaterOrEqual(t, i, 0, m.Text())
	n := 0
	for _, c := range m.Text()[i+len("move "):] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// A user-installed dealer deals Doublets in a DM between two users and
// plays it to its end on answers alone; the other user may not play it;
// the game counts in its player's /stats there.
func TestUserInstalledDoubletsInADM(t *testing.T) {
	h := newDMHarness(t)
	dm, err := h.fake.UserDM(alice, bob)
	require.NoError(t, err)
	r := h.userCommand(dm, alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	assert.Equal(t, dm, r.ChannelID, "the table is in their DM")
	id := tableOf(t, r.Message)
	assert.True(t, h.tableOf(id).InteractionOnly, "the table knows the bot is no member there")

	theirs := h.click(r.ID, bob, enabledButtons(r.Message)[0].CustomID)
	assert.True(t, theirs.Ephemeral, "Bob is told privately")
	assert.Contains(t, theirs.Text(), "<@"+alice+">'s game")

	last, moves := h.playSolitaireOut(alice, r.Message, 600)
	assert.Contains(t, last.Text(), "Game over")
	row := h.tableOf(id)
	assert.NotEqual(t, store.StatusPlaying, row.Status, "finished in the store")
	assert.Len(t, h.storedMoves(id), moves, "every move saved")

	mine := h.userCommand(dm, alice, "stats", nil)
	assert.Contains(t, mine.Text(), "everywhere")
	assert.Contains(t, mine.Text(), "**Doublets**: 1 game")
	noChannelRoutes(t, h)
}

// In her DM with the bot, a player who installed the dealer to her account
// alone (no server of hers has it) plays on answers alone too: the bot may
// not write there.
func TestUserInstalledInTheBotsDM(t *testing.T) {
	h := newDMHarness(t)
	r := h.userCommand("", alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	id := tableOf(t, r.Message)
	assert.True(t, h.tableOf(id).InteractionOnly)
	_, moves := h.playSolitaireOut(alice, r.Message, 3)
	assert.Len(t, h.storedMoves(id), moves, "every move saved")
	noChannelRoutes(t, h)
}

// A user-installed dealer deals the daily deal in a group DM: each player
// their own attempt, on answers alone (played a while, then resigned),
// saved as a daily attempt; a second attempt is refused.
func TestUserInstalledDailyInAGroupDM(t *testing.T) {
	h, gdm := newGroupDMHarness(t)
	r := h.userCommand(gdm, alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	assert.Equal(t, gdm, r.ChannelID)
	id := tableOf(t, r.Message)
	row := h.tableOf(id)
	assert.True(t, row.InteractionOnly)
	assert.NotEmpty(t, row.Daily, "a daily attempt")

	last, moves := h.playSolitaireOut(alice, r.Message, 12)
	assert.Len(t, h.storedMoves(id), moves, "every move saved")
	assert.NotContains(t, last.Text(), "daily deal #", "the day's deal number stays hidden")
	again := h.userCommand(gdm, alice, "daily", map[string]any{"game": "doublets"})
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Text(), "You have had today's")

	theirs := h.userCommand(gdm, bob, "daily", map[string]any{"game": "doublets"})
	require.False(t, theirs.Ephemeral, theirs.Text())
	assert.NotEqual(t, id, tableOf(t, theirs.Message), "Bob's own attempt")
	noChannelRoutes(t, h)
}

// myHandHere clicks My hand on an interaction-only table as user: the
// table is answered as it is now (type 7), and the hand follows,
// privately, unless the game is over. It returns the table and the hand.
func (h *harness) myHandHere(tableID, user string) (table, hand discordtest.Message) {
	h.t.Helper()
	now, ok := h.fake.Latest(tableID)
	require.True(h.t, ok)
	in, err := h.fake.Click(tableID, user, button(h.t, now, "My hand").CustomID)
	require.NoError(h.t, err)
	r, err := in.WaitFinal(wait)
	require.NoError(h.t, err)
	require.Equal(h.t, discordtest.CallbackUpdateMessage, r.Type, "My hand shows the table as it is: %s", r.LastMessage().Text())
	if strings.Contains(r.Text(), "Game over") {
		return r.Message, hand
	}
	hand, err = h.fake.WaitChannelMessage(r.ChannelID, wait, func(m discordtest.Message) bool { return m.InteractionID == in.ID && m.ID != tableID })
	require.NoError(h.t, err, "the hand follows")
	require.True(h.t, hand.Ephemeral, "a hand is private")
	require.Equal(h.t, user, hand.UserID, "a hand is its player's alone")
	return r.Message, hand
}

// movesSaid is a table's or a hand's move count as its text says it.
var movesSaid = regexp.MustCompile(`· move ([0-9]+)`)

// moveOf is the move count a message says, or -1.
func moveOf(m discordtest.Message) int {
	found := movesSaid.FindStringSubmatch(m.Text())
	if found == nil {
		return -1
	}
	n, _ := strconv.Atoi(found[1])
	return n
}

// playHandsOut plays a multiplayer table to its end as its players
// would: each clicks My hand once, then plays on the hand in front of
// them, which follows the table (the first enabled button of a hand that
// shows the latest move). It returns the table's final message.
func (h *harness) playHandsOut(tableID string, humans []string) discordtest.Message {
	h.t.Helper()
	hands := map[string]string{}
	for _, u := range humans {
		_, hand := h.myHandHere(tableID, u)
		hands[u] = hand.ID
	}
	for clicks := 0; clicks < 500; clicks++ {
		var user string
		var next discordtest.Button
		var table discordtest.Message
		ok := h.fake.WaitUntil(wait, func() bool {
			table, _ = h.fake.Latest(tableID)
			latest, now := moveOf(table), map[string]discordtest.Message{}
			for _, u := range humans {
				now[u], _ = h.fake.Latest(hands[u])
				latest = max(latest, moveOf(now[u]))
			}
			for _, u := range humans {
				if b, ok := now[u].EnabledButton(""); ok && moveOf(now[u]) == latest {
					user, next = u, b
					return true
				}
			}
			return strings.Contains(table.Text(), "Game over")
		})
		require.True(h.t, ok, "someone can act until the game is over: %s", table.Text())
		if user == "" {
			return table
		}
		played := h.click(hands[user], user, next.CustomID)
		require.Contains(h.t, []int{discordtest.CallbackUpdateMessage, discordtest.CallbackDeferredUpdate}, played.Type, played.LastMessage().Text())
		require.Equal(h.t, hands[user], played.ID, "the move's answer is the hand updated")
		require.True(h.t, played.Ephemeral, "the hand stays private")
	}
	h.t.Fatal("the game did not end")
	return discordtest.Message{}
}

// editedBetweenClicks reports whether a message was edited through an
// interaction's token, not only by the answers to clicks on it.
func editedBetweenClicks(m discordtest.Message) bool {
	for _, b := range append(m.History, m.Body) {
		if b.Via == "webhook edit" {
			return true
		}
	}
	return false
}

// A user-installed dealer opens a Secret Agent lobby in a group DM: a
// friend joins, computer players fill the other seats, both play by My
// hand to the end on answers alone; every hand went to its player alone,
// every move was saved, the game counts in their /stats.
func TestUserInstalledSecretAgentInAGroupDM(t *testing.T) {
	h, gdm := newGroupDMHarness(t)
	lobby := h.userCommand(gdm, alice, "play", map[string]any{"game": "secretagent", "deals": 1}) // one deal: a whole game, sooner
	require.False(t, lobby.Ephemeral, lobby.Text())
	joined := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, joined.Text(), "<@"+bob+">")
	table := h.click(lobby.ID, alice, button(t, joined.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Text())
	assert.Contains(t, table.Text(), "changes as its players click", "the table says what its players will see")
	id := tableOf(t, table.Message)
	row := h.tableOf(id)
	require.True(t, row.InteractionOnly)
	require.Len(t, row.Players, 4)
	assert.True(t, row.Players[2].Computer && row.Players[3].Computer, "computer players fill the seats")

	final := h.playHandsOut(lobby.ID, []string{alice, bob})
	assert.Equal(t, []string{"Rematch"}, labels(final), "a finished table deals the next")
	assert.True(t, editedBetweenClicks(final), "the table followed the moves made from the hands through its last answer")
	row = h.tableOf(id)
	assert.NotEqual(t, store.StatusPlaying, row.Status, "finished in the store")
	assert.Len(t, h.storedMoves(id), shownMoves(t, final), "every move saved")
	for _, m := range h.fake.ChannelMessages(gdm) {
		if m.Ephemeral {
			assert.Contains(t, []string{alice, bob}, m.UserID, "a private answer to a player")
			continue
		}
		for _, body := range append(m.History, m.Body) {
			assert.NotContains(t, body.Text(), "Your agent", "no hand on the table")
		}
	}
	stats := h.userCommand(gdm, bob, "stats", nil)
	assert.Contains(t, stats.Text(), "**Secret Agent (deals 1)**: 1 game")
	noChannelRoutes(t, h)
}

// The commands a user may install: those for anywhere are offered to both
// installs in every context; the server's admin commands and boards to a
// server's install alone, in servers.
func TestCommandsForUserInstalls(t *testing.T) {
	h := newDMHarness(t)
	cmds, err := h.fake.WaitCommands("", wait)
	require.NoError(t, err)
	byName := map[string]map[string]any{}
	for _, c := range cmds {
		byName[c["name"].(string)] = c
	}
	for _, tc := range []struct {
		name               string
		installs, contexts []any
	}{
		{"play", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"daily", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"stats", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"rules", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"settings", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"privacy", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"leaderboard", []any{0.0, 1.0}, []any{0.0, 1.0, 2.0}},
		{"Dealer stats", []any{0.0}, []any{0.0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := byName[tc.name]
			require.NotNil(t, c, "registered")
			assert.Equal(t, tc.installs, c["integration_types"])
			assert.Equal(t, tc.contexts, c["contexts"])
		})
	}
	gdm := h.groupDM(alice, bob)
	_, err = h.fake.UserInstalledCommand(gdm, alice, "Dealer stats", map[string]any{})
	assert.ErrorContains(t, err, "not registered for user installs", "a member's stats are a server's")
	rules := h.userCommand(gdm, alice, "rules", map[string]any{"game": "doublets"})
	assert.True(t, rules.Ephemeral, "the rules, privately, anywhere")
	noChannelRoutes(t, h)
}

// At an interaction-only table the turn clock plays for an absent player
// and the table follows through its last answer; no reminder is posted
// (there is nowhere to post it). After a restart the tokens are gone: the
// table shows how it went on at the next click.
func TestUserInstalledTurnClockAndRestart(t *testing.T) {
	h := newHarness(t)
	h.global, h.turnTimeout = true, time.Second
	h.restart()
	gdm := h.groupDM(alice, bob)
	lobby := h.userCommand(gdm, alice, "play", map[string]any{"game": "secretagent"})
	h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	played := h.waitSays(lobby.ID, "took too long", "the clock's move shows through the last answer")
	assert.True(t, editedBetweenClicks(played))
	id := tableOf(t, lobby.Message)
	moves := len(h.storedMoves(id))
	assert.NotZero(t, moves, "saved")

	h.restart()
	now, ok := h.fake.Latest(lobby.ID)
	require.True(t, ok)
	r := h.click(lobby.ID, alice, button(t, now, "My hand").CustomID)
	if r.Ephemeral || strings.Contains(r.Text(), "Game over") {
		// Two timeouts in a row seat computers, which may end the game
		// around the restart (a slow machine): the click says it is over,
		// and it is, every move saved.
		require.True(t, h.fake.WaitUntil(wait, func() bool { return h.tableOf(id).Status.Finished() }), "the game ended: %s", r.Text())
		assert.Len(t, h.storedMoves(id), h.tableOf(id).Moves, "every move saved")
		noChannelRoutes(t, h)
		return
	}
	// The click's answer is the table as it is at the click (the clock
	// may move it on after).
	require.Equal(t, discordtest.CallbackUpdateMessage, r.Type, r.Text())
	assert.GreaterOrEqual(t, shownMoves(t, r.Message), moves, "the table as it is now, at the click")
	assert.GreaterOrEqual(t, len(h.storedMoves(id)), shownMoves(t, r.Message), "every move shown was saved")
	noChannelRoutes(t, h)
}

// TestGroupDMLeaderboard: a group DM has its own board, of the games
// played in it, where the dealer is no member (an interaction's answer);
// another group DM's and the server's boards do not count them, and a
// rating board is for servers.
func TestGroupDMLeaderboard(t *testing.T) {
	h, gdm := newGroupDMHarness(t)
	other := h.groupDM(alice, carol)
	for _, who := range []string{alice, bob} {
		r := h.userCommand(gdm, who, "play", map[string]any{"game": "doublets"})
		require.False(t, r.Ephemeral, r.Text())
		h.playSolitaireOut(who, r.Message, 2)
	}

	board := h.userCommand(gdm, carol, "leaderboard", map[string]any{"game": "doublets"})
	require.False(t, board.Ephemeral, board.Text())
	assert.Contains(t, board.Text(), "leaderboard of this chat")
	assert.Contains(t, board.Text(), "<@"+alice+">")
	assert.Contains(t, board.Text(), "<@"+bob+">")
	assert.NotContains(t, board.Text(), "<@"+carol+">", "Carol played no game here")

	elsewhere := h.userCommand(other, alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.NotContains(t, elsewhere.Text(), "<@"+alice+">", "another chat's board counts its own games")
	server := h.command(alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.NotContains(t, server.Text(), "<@"+alice+">", "a server's board counts its own games")
	rated := h.userCommand(gdm, alice, "leaderboard", map[string]any{"game": "secretagent", "by": "rating"})
	assert.True(t, rated.Ephemeral)
	assert.Contains(t, rated.Text(), "ranked in servers")
	noChannelRoutes(t, h)
}
