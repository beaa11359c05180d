package bot_test

import (
	"strings"
	"testing"

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
// destination; with no move left, Resign. It returns the last message and
// the moves the table said it made.
func (h *harness) playSolitaireOut(user string, m discordtest.Message) (discordtest.Message, int) {
	h.t.Helper()
	for clicks := 0; clicks < 600 && !finishedTable(m); clicks++ {
		var next string
		for _, b := range enabledButtons(m) {
			if a := action(b.CustomID); (a == 'm' || a == 's') && !strings.Contains(b.Label, "Undo") {
				next = b.CustomID
				break
			}
		}
		if next == "" {
			next = button(h.t, m, "Resign").CustomID
		}
		if b, ok := m.EnabledButton("Yes"); ok {
			next = b.CustomID
		}
		r := h.click(m.ID, user, next)
		require.False(h.t, r.Ephemeral, r.Content)
		require.Equal(h.t, discordtest.CallbackUpdateMessage, r.Type, "each click updates the table")
		m = r.Message
	}
	require.True(h.t, finishedTable(m), "the game ended: %s", m.Content)
	return m, shownMoves(h.t, m)
}

// shownMoves is the move count a table message says ("move 12").
func shownMoves(t *testing.T, m discordtest.Message) int {
	t.Helper()
	i := strings.LastIndex(m.Content, "move ")
	require.GreaterOrEqual(t, i, 0, m.Content)
	n := 0
	for _, c := range m.Content[i+len("move "):] {
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
	require.False(t, r.Ephemeral, r.Content)
	assert.Equal(t, dm, r.ChannelID, "the table is in their DM")
	id := tableOf(t, r.Message)
	assert.True(t, h.tableOf(id).InteractionOnly, "the table knows the bot is no member there")

	theirs := h.click(r.ID, bob, enabledButtons(r.Message)[0].CustomID)
	assert.True(t, theirs.Ephemeral, "Bob is told privately")
	assert.Contains(t, theirs.Content, "<@"+alice+">'s game")

	last, moves := h.playSolitaireOut(alice, r.Message)
	assert.Contains(t, last.Content, "Game over")
	row := h.tableOf(id)
	assert.NotEqual(t, store.StatusPlaying, row.Status, "finished in the store")
	assert.Len(t, h.storedMoves(id), moves, "every move saved")

	mine := h.userCommand(dm, alice, "stats", nil)
	assert.True(t, mine.Ephemeral || strings.Contains(mine.Content, "everywhere"), mine.Content)
	assert.Contains(t, mine.Content, "**Doublets**: 1 game")
	noChannelRoutes(t, h)
}

// A user-installed dealer deals the daily deal in a group DM: each player
// their own attempt, on answers alone, saved as a daily attempt; a second
// attempt is refused.
func TestUserInstalledDailyInAGroupDM(t *testing.T) {
	h := newDMHarness(t)
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol"})
	gdm, err := h.fake.GroupDM(alice, bob, carol)
	require.NoError(t, err)
	r := h.userCommand(gdm, alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	assert.Equal(t, gdm, r.ChannelID)
	id := tableOf(t, r.Message)
	row := h.tableOf(id)
	assert.True(t, row.InteractionOnly)
	assert.NotEmpty(t, row.Daily, "a daily attempt")

	last, moves := h.playSolitaireOut(alice, r.Message)
	assert.Len(t, h.storedMoves(id), moves, "every move saved")
	assert.NotContains(t, last.Content, "daily deal #", "the day's deal number stays hidden")
	again := h.userCommand(gdm, alice, "daily", map[string]any{"game": "doublets"})
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Content, "You have had today's")

	theirs := h.userCommand(gdm, bob, "daily", map[string]any{"game": "doublets"})
	require.False(t, theirs.Ephemeral, theirs.Content)
	assert.NotEqual(t, id, tableOf(t, theirs.Message), "Bob's own attempt")
	noChannelRoutes(t, h)
}
