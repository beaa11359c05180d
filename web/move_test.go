package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// is as it was.
func TestForgedMoves(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, func(l *web.Limits) { l.MovesPerSecond, l.MoveBurst = 1000, 1000 })
	moves := solution(t, "doublefreecell", 6)
	id, token := rig.deal(t, "doublefreecell", 6, ann)
	annC, bobC, nobody := rig.client(t, ann), rig.client(t, bob), rig.client(t, webtest.Person{})
	annCSRF, bobCSRF := rig.csrf(t, annC, token), rig.csrf(t, bobC, token)
	path := "/t/" + token + "/move"
	form := func(version int, move, csrf string) url.Values {
		v := url.Values{"version": {strconv.Itoa(version)}, "move": {move}}
		if csrf != "" {
			v.Set("csrf", csrf)
		}
		return v
	}
	refusals := []struct {
		name   string
		c      *http.Client
		form   url.Values
		status int
		says   string
	}{
		{"no session", nobody, form(0, moves[0], annCSRF), http.StatusUnauthorized, "Sign in"},
		{"another user", bobC, form(0, moves[0], bobCSRF), http.StatusForbidden, "not your game"},
		{"another user with the player's token", bobC, form(0, moves[0], annCSRF), http.StatusForbidden, "expired"},
		{"no CSRF token", annC, form(0, moves[0], ""), http.StatusForbidden, "expired"},
		{"a wrong CSRF token", annC, form(0, moves[0], "x"+annCSRF), http.StatusForbidden, "expired"},
		{"a stale version", annC, form(3, moves[0], annCSRF), http.StatusConflict, "moved on"},
		{"no version", annC, url.Values{"move": {moves[0]}, "csrf": {annCSRF}}, http.StatusConflict, "moved on"},
		{"an illegal move", annC, form(0, "9 9 9", annCSRF), http.StatusUnprocessableEntity, "isn't possible"},
		{"a long move", annC, form(0, strings.Repeat("1 ", 100), annCSRF), http.StatusUnprocessableEntity, "isn't possible"},
	}
	check := func(t *testing.T, c *http.Client, f url.Values, status int, says string) {
		beforeRow, before := rig.record(t, id)
		got, body := rig.post(t, c, path, f, "")
		assert.Equal(t, status, got, body)
		assert.Contains(t, body, says)
		afterRow, after := rig.record(t, id)
		assert.Equal(t, before.Moves, after.Moves, "nothing changed")
		assert.Equal(t, beforeRow.Version, afterRow.Version, "nothing changed")
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.c, tc.form, tc.status, tc.says) })
	}
	// The player's own moves, to the win; then one more is refused.
	for i, m := range moves {
		status, body := rig.post(t, annC, path, form(i, m, annCSRF), "")
		require.Equal(t, http.StatusOK, status, "move %d %q: %s", i+1, m, body)
	}
	row, rec := rig.record(t, id)
	assert.Len(t, rec.Moves, len(moves))
	assert.True(t, row.Status.Finished(), "the result is recorded")
	t.Run("after the end", func(t *testing.T) { check(t, annC, form(len(moves), "undo", annCSRF), http.StatusConflict, "over") })
	for range moves {
		assert.Equal(t, id, <-rig.moved, "the bot is told of each move")
	}
}

// wait (429, Retry-After), and nothing changes.
func TestMoveRateLimit(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, func(l *web.Limits) { l.MovesPerSecond, l.MoveBurst = 1, 3 })
	id, token := rig.deal(t, "doublets", 3, ann)
	c := rig.client(t, ann)
	csrf := rig.csrf(t, c, token)
	var last int
	var body string
	for i := 0; i < 4; i++ { // three illegal moves use the burst
		last, body = rig.post(t, c, "/t/"+token+"/move", url.Values{"version": {"0"}, "move": {"zz"}, "csrf": {csrf}}, "")
	}
	assert.Equal(t, http.StatusTooManyRequests, last)
	assert.Contains(t, body, "too fast")
	_, rec := rig.record(t, id)
	assert.Empty(t, rec.Moves)
}

// body past a few kilobytes is not read.
func TestMoveWithoutScript(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	id, token := rig.deal(t, "doublets", 3, ann)
	c := rig.client(t, ann)
	csrf := rig.csrf(t, c, token)
	send := func(form url.Values) (int, string, string) {
		res, err := noRedirect(c).PostForm(rig.url+"/t/"+token+"/move", form)
		require.NoError(t, err)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Location"), string(b)
	}
	status, loc, _ := send(url.Values{"version": {"0"}, "move": {"flip"}, "csrf": {csrf}})
	assert.Equal(t, http.StatusSeeOther, status)
	assert.Equal(t, "/t/"+token, loc)
	status, _, body := send(url.Values{"version": {"0"}, "move": {"flip"}, "csrf": {csrf}})
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body, "<html")
	assert.Contains(t, body, "moved on")
	status, _, _ = send(url.Values{"version": {"1"}, "move": {"flip"}, "csrf": {csrf}, "pad": {strings.Repeat("x", 8<<10)}})
	assert.Equal(t, http.StatusForbidden, status, "a form too long is not read: no token")
	_, rec := rig.record(t, id)
	assert.Len(t, rec.Moves, 1)
}

// and a move sent there is refused, nothing changed.
func TestSeatedAtMultiplayer(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	reg, _ := shared()
	ctx := context.Background()
	lobby, err := play.Open(ctx, rig.st, reg.Engines(), store.TableRow{Game: "theagents", Deal: 5, Seats: 2, Status: store.StatusLobby,
		GuildID: guild, ChannelID: "410000000000000001", OwnerID: ann.ID})
	require.NoError(t, err)
	require.NoError(t, lobby.Start(ctx, []store.Player{{Seat: 0, UserID: ann.ID, Name: ann.Name}, {Seat: 1, UserID: bob.ID, Name: bob.Name}}))
	token, err := rig.st.TableToken(ctx, lobby.Row.ID)
	require.NoError(t, err)
	c := rig.client(t, ann)
	_, page := get(t, c, rig.url+"/t/"+token)
	assert.Contains(t, page, "Signed in as")
	assert.NotContains(t, page, `id="play"`)
	assert.NotRegexp(t, `/at/\d+/\d+\.png`, page, "no hand")
	csrf := rig.csrf(t, c, token)
	legal := lobby.Game.Legal(games.WaitingOn(lobby.Game)[0])[0].String()
	status, body := rig.post(t, c, "/t/"+token+"/move", url.Values{"version": {"0"}, "move": {legal}, "csrf": {csrf}}, "")
	assert.Equal(t, http.StatusForbidden, status)
	assert.Contains(t, body, "played in Discord")
	_, rec := rig.record(t, lobby.Row.ID)
	assert.Empty(t, rec.Moves)
}

// table as the bot counts one; the board reads as the player's alone.
func TestHintAndBoard(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	id, token := rig.deal(t, "doublefreecell", 6, ann)
	annC, bobC := rig.client(t, ann), rig.client(t, bob)
	csrf := rig.csrf(t, annC, token)
	status, body := rig.post(t, annC, "/t/"+token+"/hint", url.Values{"version": {"0"}, "csrf": {csrf}}, "")
	require.Equal(t, http.StatusOK, status, body)
	var b struct {
		Version      int
		Hint, Notice string
		Legal        []string
	}
	require.NoError(t, json.Unmarshal([]byte(body), &b))
	assert.Contains(t, b.Legal, b.Hint)
	assert.Contains(t, b.Notice, "Hint: "+b.Hint)
	row, rec := rig.record(t, id)
	assert.Equal(t, 1, row.Hints)
	assert.Empty(t, rec.Moves)

	status, body = get(t, annC, rig.url+"/t/"+token+"/board")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, `"version":0`)
	status, _ = get(t, bobC, rig.url+"/t/"+token+"/board")
	assert.Equal(t, http.StatusForbidden, status)
	status, _ = get(t, rig.client(t, webtest.Person{}), rig.url+"/t/"+token+"/board")
	assert.Equal(t, http.StatusUnauthorized, status)
}
