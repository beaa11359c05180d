package bot_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store/play"
)

// shownAt reports whether a table message shows the table after n moves.
func shownAt(m discordtest.Message, n int) bool {
	return strings.Contains(m.Text(), " · move "+strconv.Itoa(n)+"\n")
}

// TestPlayFromWebRefuses: a web move at a multiplayer table that is not
// its player's to make, stale, or illegal is refused with store/play's
// error, and nothing is saved.
func TestPlayFromWebRefuses(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	id := tableOf(t, lobby.Message)
	ctx := context.Background()
	tb, err := play.Load(ctx, h.st, catalog.Registry().Engines(), id)
	require.NoError(t, err)
	seat := games.WaitingOn(tb.Game)[0]
	user, other := alice, bob
	if seat == 1 {
		user, other = bob, alice
	}
	legal, v := tb.Game.Legal(seat)[0].String(), tb.Game.Moves()
	for _, tc := range []struct {
		name, user, move string
		version          int
		want             error
	}{
		{"a stale version", user, legal, v - 1, play.ErrMovedOn},
		{"a version ahead", user, legal, v + 1, play.ErrMovedOn},
		{"no seat", dave, legal, v, play.ErrIllegal},
		{"another seat's move", other, legal, v, play.ErrIllegal},
		{"nonsense", user, "play nothing", v, play.ErrIllegal},
		{"an empty move", user, "", v, play.ErrIllegal},
		{"no such table", user, legal, v, play.ErrMovedOn},
	} {
		t.Run(tc.name, func(t *testing.T) {
			table := id
			if tc.name == "no such table" {
				table = id + 1000
			}
			err := h.bot.PlayFromWeb(ctx, table, tc.user, tc.move, tc.version)
			require.ErrorIs(t, err, tc.want)
			assert.Len(t, h.storedMoves(id), v, "nothing saved")
		})
	}
}

// TestPlayFromWebPlaysAWholeGame: Alice and Bob play a whole Secret Agent
// game from the web alone, beside two computer players: each move saved
// with the computers' answers, the channel's table redrawn at it, the
// turn clock armed at it, hands sent to whoever's turn came, the result
// recorded at the end; then a move is refused as the table moved on, and
// nothing private reached the channel or the logs.
func TestPlayFromWebPlaysAWholeGame(t *testing.T) {
	h := newHarness(t)
	h.turnTimeout = time.Hour // armed, never due
	h.restart()
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	id := tableOf(t, lobby.Message)
	ctx := context.Background()
	users := map[games.Seat]string{0: alice, 1: bob}
	dms := len(h.fake.DMs(alice)) + len(h.fake.DMs(bob))
	for moves := 0; ; moves++ {
		require.Less(t, moves, 500, "a game ends")
		tb, err := play.Load(ctx, h.st, catalog.Registry().Engines(), id)
		require.NoError(t, err)
		if tb.Game.Status().Finished() {
			break
		}
		seat := games.WaitingOn(tb.Game)[0]
		require.Contains(t, users, seat, "the computers answered in the same write")
		require.NoError(t, h.bot.PlayFromWeb(ctx, id, users[seat], tb.Game.Legal(seat)[0].String(), tb.Game.Moves()))
		now := len(h.storedMoves(id))
		require.Greater(t, now, tb.Game.Moves())
		if moves < 3 {
			_, err := h.fake.WaitMessage(lobby.ID, wait, func(m discordtest.Message) bool { return shownAt(m, now) })
			require.NoError(t, err, "the channel's table is redrawn at move %d", now)
			timers, err := h.st.Timers(ctx)
			require.NoError(t, err)
			armed := false
			for _, tm := range timers {
				armed = armed || (tm.Table == id && tm.Kind == "turn" && tm.Version == now)
			}
			assert.True(t, armed, "the turn clock is armed at move %d", now)
		}
	}
	final := h.waitSays(lobby.ID, "Game over", "the table shows the end")
	assert.Equal(t, []string{"Rematch"}, labels(final))
	assert.Greater(t, len(h.fake.DMs(alice))+len(h.fake.DMs(bob)), dms, "hands went by DM as turns came")
	row, err := h.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "over", row.Status.String(), "the result is recorded")
	require.ErrorIs(t, h.bot.PlayFromWeb(ctx, id, alice, "play 1", row.Moves), play.ErrMovedOn, "after the end")
	checkNothingPrivateLeaked(t, h)
}
