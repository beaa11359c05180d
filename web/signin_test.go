package web_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
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

// TestForgedMoves: a move is made only by the seat's signed-in player,
// with the session's CSRF token, at the version the table is at, while the
// game goes on; every other is refused with a short answer and the table
// TestMoveRateLimit: a player past MoveBurst moves at once is told to
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

// TestMoveWithoutScript: the list of legal moves is a form that works
// without JavaScript: a move sent by it is made and the page shown again
// (303); a refused one is an error page saying why, nothing changed; a
// TestSeatedAtMultiplayer: a player signed in at their own multiplayer
// table's page is shown no board and no hand (its hands stay in Discord),
// TestSessionCookie: behind https the session and sign-in cookies are
// Secure, and always HttpOnly and SameSite=Lax.
func TestSessionCookie(t *testing.T) {
	t.Parallel()
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	srv, err := web.New(web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, PublicURL: "https://dealer.example.org",
		SignIn: &web.SignIn{ClientID: "1", ClientSecret: "s", SessionKey: []byte(strings.Repeat("k", 32)), Discord: "https://discord.example"}})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/signin?next=/t/x", nil))
	require.Equal(t, http.StatusFound, w.Code)
	assert.True(t, strings.HasPrefix(w.Header().Get("Location"), "https://discord.example/oauth2/authorize?"))
	cookies := w.Result().Cookies()
	require.Len(t, cookies, 1)
	assert.True(t, cookies[0].Secure)
	assert.True(t, cookies[0].HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, cookies[0].SameSite)
	_, err = web.New(web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, PublicURL: "https://dealer.example.org",
		SignIn: &web.SignIn{ClientID: "1", ClientSecret: "s", SessionKey: []byte("short")}})
	assert.ErrorContains(t, err, "at least 32 bytes")
}

// TestHintAndBoard: a hint is the solver's next move, counted at the
