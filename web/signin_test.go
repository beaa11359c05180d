package web_test

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestSignIn: signing in through the fake Discord's OAuth2 (state, PKCE)
// greets the player by name on a table page; a callback with another
// state, a declined consent, or no sign-in started signs no one in; sign
// out needs the session's CSRF token.
func TestSignIn(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	_, token := rig.deal(t, "doublets", 3, ann)

	c := rig.client(t, ann)
	_, page := get(t, c, rig.url+"/t/"+token)
	assert.Contains(t, page, "Signed in as <strong>Ann</strong>")
	assert.Equal(t, 1, rig.fake.OAuthExchanges())
	require.Empty(t, rig.fake.Violations())

	for _, tc := range []struct {
		name   string
		run    func(c *http.Client) (int, string)
		status int
		says   string
	}{
		{"another state", func(c *http.Client) (int, string) {
			loc := startSignIn(t, c, rig.url)
			q := loc.Query()
			q.Set("state", "forged")
			return get(t, c, q.Get("redirect_uri")+"?code=x&state=forged")
		}, http.StatusBadRequest, "does not match"},
		{"not started here", func(c *http.Client) (int, string) {
			return get(t, c, rig.url+"/signin/callback?code=x&state=y")
		}, http.StatusBadRequest, "was not started here"},
		{"declined", func(c *http.Client) (int, string) {
			rig.fake.DenyAs(bob.ID)
			defer rig.fake.ApproveAs(bob.ID)
			return get(t, c, rig.url+"/signin")
		}, http.StatusForbidden, "did not let you sign in"},
		{"a code replayed", func(c *http.Client) (int, string) {
			rig.fake.ApproveAs(bob.ID)
			loc := startSignIn(t, c, rig.url)
			res, err := noRedirect(c).Get(loc.String())
			require.NoError(t, err)
			res.Body.Close()
			back := res.Header.Get("Location")
			status, _ := get(t, c, back) // signs in
			require.Equal(t, http.StatusOK, status)
			// The same callback again: the one-use cookie is gone.
			return get(t, c, back)
		}, http.StatusBadRequest, "sign in again"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := tc.run(rig.client(t, webtest.Person{}))
			assert.Equal(t, tc.status, status)
			assert.Contains(t, body, tc.says)
		})
	}

	// Sign out: without the token refused, with it the session is gone.
	status, _ := rig.post(t, c, "/signout", url.Values{"next": {"/t/" + token}}, "forged")
	assert.Equal(t, http.StatusForbidden, status)
	csrf := rig.csrf(t, c, token)
	status, _ = rig.post(t, c, "/signout", url.Values{"next": {"/t/" + token}, "csrf": {csrf}}, "")
	assert.Equal(t, http.StatusOK, status)
	_, page = get(t, c, rig.url+"/t/"+token)
	assert.Contains(t, page, "Sign in with Discord")
	assert.NotContains(t, page, "Signed in as")
}

// startSignIn begins a sign-in and returns where it sends the browser
// (the fake's consent screen), checking it asks as Discord requires.
func startSignIn(t *testing.T, c *http.Client, base string) *url.URL {
	t.Helper()
	res, err := noRedirect(c).Get(base + "/signin")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusFound, res.StatusCode)
	loc, err := url.Parse(res.Header.Get("Location"))
	require.NoError(t, err)
	q := loc.Query()
	assert.Equal(t, "identify", q.Get("scope"))
	assert.Equal(t, "S256", q.Get("code_challenge_method"))
	assert.NotEmpty(t, q.Get("state"))
	return loc
}

// noRedirect is c, stopping at the first redirect.
func noRedirect(c *http.Client) *http.Client {
	cc := *c
	cc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &cc
}

// get fetches u with c: the status and the body.
func get(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	res, err := c.Get(u)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestForgedMoves: a move is made only by the seat's signed-in player,
// with the session's CSRF token, at the version the table is at, while the
// game goes on; every other is refused with a short answer and the table
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
	assert.Len(t, rig.moved, len(moves), "the bot was told of each move")
}

// TestMoveRateLimit: a player past MoveBurst moves at once is told to
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

// TestStreamsPerUser: a signed-in player's live streams are capped
// (MaxStreamsPerUser) whatever their address; a stream past the cap is
// told so, and another watcher is still let in.
func TestStreamsPerUser(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, func(l *web.Limits) { l.MaxStreamsPerUser = 2 })
	_, token := rig.deal(t, "doublets", 3, ann)
	c, anon := rig.client(t, ann), rig.client(t, webtest.Person{})
	open := func(c *http.Client) (int, string) {
		res, err := c.Get(rig.url + "/t/" + token + "/events")
		require.NoError(t, err)
		t.Cleanup(func() { res.Body.Close() })
		if res.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(res.Body)
			return res.StatusCode, string(b)
		}
		return res.StatusCode, ""
	}
	for i := 0; i < 2; i++ {
		status, _ := open(c)
		require.Equal(t, http.StatusOK, status)
	}
	status, body := open(c)
	assert.Equal(t, http.StatusTooManyRequests, status)
	assert.Contains(t, body, "open for you")
	status, _ = open(anon)
	assert.Equal(t, http.StatusOK, status, "another watcher is let in")
}
