package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web/webtest"
)

// markBroken marks table id broken, as the store does for a table whose
// log no longer replays under its rules.
func (f *fixture) markBroken(t testing.TB, id int64, why string) {
	t.Helper()
	v, err := f.st.Version(context.Background(), id)
	require.NoError(t, err)
	_, err = f.st.MarkBroken(context.Background(), id, v, why)
	require.NoError(t, err)
}

// appendMove appends move to table id's log through the store, whether
// or not the game takes it.
func (f *fixture) appendMove(t testing.TB, id int64, seat int, move string) {
	t.Helper()
	sess, err := f.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	require.NoError(t, f.st.AppendMove(context.Background(), id, sess.Moves, seat, move))
}

// brokenTable is a table that cannot be replayed, as its function makes
// it: it returns the table's id, its token and its moves.
type brokenTable struct {
	name  string
	table func(t *testing.T) (id int64, token string, moves int)
}

// brokenTables are the tables TestBrokenTables checks; illegal is set to
// the move a seat made out of turn.
func brokenTables(f *fixture, illegal *string) []brokenTable {
	finished := func(t *testing.T, game string) (int64, string, int) {
		tb := f.tableOf(t, game)
		sess, err := f.st.TableRow(context.Background(), tb.ID)
		require.NoError(t, err)
		return tb.ID, tb.Token, sess.Moves
	}
	return []brokenTable{
		{"a playing table with a move that does not parse", func(t *testing.T) (int64, string, int) {
			tb := openComputerTable(t, f, "theagents", 3)
			computerMove(t, tb)
			f.appendMove(t, tb.Row.ID, 0, "shuffle the deck")
			return tb.Row.ID, f.token(t, tb.Row.ID), 2
		}},
		{"a finished table marked broken", func(t *testing.T) (int64, string, int) {
			id, token, n := finished(t, "secretagent")
			f.markBroken(t, id, "move 3 (\"play QH\"): not legal under rules 2")
			return id, token, n
		}},
		{"a finished solitaire marked broken", func(t *testing.T) (int64, string, int) {
			id, token, n := finished(t, "doublefreecell")
			code, _ := f.get(t, "/t/"+token+"/at/0.png") // drawn and kept before it broke
			require.Equal(t, http.StatusOK, code)
			f.markBroken(t, id, "move 3 (\"3 h\"): not legal under rules 2")
			return id, token, n
		}},
		{"a playing table with an illegal move", func(t *testing.T) (int64, string, int) {
			tb := openComputerTable(t, f, "secretagent", 4)
			computerMove(t, tb)
			seat := tb.Game.ToAct()[0]
			*illegal = tb.Info.Computer(tb.Game, seat).String()
			f.appendMove(t, tb.Row.ID, (int(seat)+1)%4, *illegal) // not that seat's turn
			return tb.Row.ID, f.token(t, tb.Row.ID), 2
		}},
		{"a playing table marked broken", func(t *testing.T) (int64, string, int) {
			tb := openComputerTable(t, f, "theagents", 3)
			computerMove(t, tb)
			f.markBroken(t, tb.Row.ID, "the rules changed")
			return tb.Row.ID, f.token(t, tb.Row.ID), 1
		}},
		{"a lobby marked broken", func(t *testing.T) (int64, string, int) {
			tb := openLobby(t, f, "theagents")
			f.markBroken(t, tb.Row.ID, "the rules changed")
			return tb.Row.ID, f.token(t, tb.Row.ID), 0
		}},
	}
}

// checkGone checks that a broken table's page says it can no longer be
// shown (410) at every step, and that its pictures and its stream answer a
// short line of plain text.
func checkGone(t *testing.T, f *fixture, token string, moves int) {
	code, html := f.get(t, "/t/"+token)
	assert.Equal(t, http.StatusGone, code)
	assert.Contains(t, html, "can no longer be shown")
	assert.Contains(t, html, "do not replay under the dealer")
	assert.Contains(t, html, "kept as it was")
	assert.NotContains(t, html, "<img", "nothing of the table")
	for _, path := range []string{"?step=0", "?step=1"} {
		code, html := f.get(t, "/t/"+token+path)
		assert.Equal(t, http.StatusGone, code, path)
		assert.Contains(t, html, "can no longer be shown", path)
	}
	// Pictures and the stream: a line of plain text. A hand is
	// not shown before the end anyway (404, said so); an unmarked
	// table's stream finds it broken when it reads it, and tells
	// the page to reload.
	for _, path := range []string{"/at/0.png", fmt.Sprintf("/at/%d.png", moves), fmt.Sprintf("/at/%d/0.png", moves), "/events"} {
		code, body := f.get(t, "/t/"+token+path)
		switch {
		case code == http.StatusOK && path == "/events":
			assert.Equal(t, "event: reload\ndata: {}\n\n", body)
			continue
		case code == http.StatusNotFound && strings.HasSuffix(path, "/0.png"):
			assert.Contains(t, body, "Hands are shown once the game is over", path)
		default:
			assert.Equal(t, http.StatusGone, code, path)
			assert.Contains(t, body, "can no longer be shown", path)
		}
		assert.Less(t, len(body), 200, "%s: a short answer", path)
		assert.NotContains(t, body, "<", "%s: plain text", path)
	}
}

// checkBreaksWatched checks a watched table that breaks: its stream says
// reload, and the page then says it can no longer be shown.
func checkBreaksWatched(t *testing.T, f *fixture) {
	tb := openComputerTable(t, f, "secretagent", 4)
	token := f.token(t, tb.Row.ID)
	events := f.stream(t, token, "")
	ev, _ := events.next(t)
	require.Equal(t, "table", ev)
	f.appendMove(t, tb.Row.ID, 0, "play the joker")
	f.srv.Notify(tb.Row.ID)
	ev, _ = events.next(t)
	assert.Equal(t, "reload", ev)
	code, _ := f.get(t, "/t/"+token)
	assert.Equal(t, http.StatusGone, code)
}

// TestBrokenTables: a table that cannot be replayed (marked broken, or a
// move in its log that does not parse or is not legal) never gives a 500
// nor a panic: its page says it can no longer be shown (410), and its
// pictures and its live stream answer a line of plain text (410). A watched
// table that breaks tells its page to reload, and the page says so.
func TestBrokenTables(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 3, Games: []string{"secretagent", "doublefreecell", "theagents"}, Rand: 21}, -1)
	var illegal string // a card move made out of turn
	for _, tc := range brokenTables(f, &illegal) {
		t.Run(tc.name, func(t *testing.T) {
			_, token, moves := tc.table(t)
			checkGone(t, f, token, moves)
		})
	}
	checkBreaksWatched(t, f)

	assert.Zero(t, metric(t, f.metrics, "dealer_web_requests_total", "code", "500"), "never a 500")
	var warned bool
	for _, line := range f.logs.all() {
		warned = warned || strings.Contains(line, "no longer replays")
	}
	assert.True(t, warned, "the log says which table no longer replays")
	// Why a move does not apply may name a card of a hand: the log says
	// which move, not what it was.
	require.NotEmpty(t, illegal)
	for _, line := range f.logs.all() {
		for _, move := range []string{illegal, "shuffle the deck", "play the joker", "the rules changed", "play QH"} {
			assert.NotContains(t, line, move)
		}
	}
}
