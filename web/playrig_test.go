package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// playRig is the pages with signing in on, against the fake Discord's
// OAuth2, on a store the tests deal tables into.
type playRig struct {
	st    *store.Store
	srv   *web.Server
	url   string
	fake  *discordtest.Server
	moved chan int64 // Config.Moved's calls
}

// The rig's players: two Discord users.
var (
	ann = webtest.Person{ID: "310000000000000001", Name: "Ann"}
	bob = webtest.Person{ID: "310000000000000002", Name: "Bob"}
)

const clientSecret = "fake-client-secret"

// newPlayRig starts the fake Discord and the pages signing in with it;
// limits, when set, changes the pages' limits.
func newPlayRig(t testing.TB, limits func(*web.Limits)) *playRig {
	t.Helper()
	return newPlayRigConfig(t, func(_ *playRig, cfg *web.Config) {
		if limits != nil {
			limits(&cfg.Limits)
		}
	})
}

// newPlayRigConfig is newPlayRig with the pages' config changed by
// config (which sees the rig: its store, its Moved channel).
func newPlayRigConfig(t testing.TB, config func(*playRig, *web.Config)) *playRig {
	t.Helper()
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	fake := discordtest.New(t, discordtest.Options{})
	fake.AddUsers(discordtest.User{ID: ann.ID, Name: ann.Name}, discordtest.User{ID: bob.ID, Name: bob.Name})
	ln, base := webtest.Listen(t)
	fake.SetOAuth(clientSecret, base+"/signin/callback")
	rig := &playRig{st: st, url: base, fake: fake, moved: make(chan int64, 1000)}
	cfg := web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, PublicURL: base,
		SignIn: &web.SignIn{ClientID: fake.AppID(), ClientSecret: clientSecret, SessionKey: []byte(strings.Repeat("k", 32)), Discord: fake.URL()},
		Moved:  func(id int64) { rig.moved <- id }}
	config(rig, &cfg)
	var err error
	rig.srv, err = web.New(cfg)
	require.NoError(t, err)
	webtest.Serve(t, ln, rig.srv, rig.srv)
	return rig
}

// deal opens a solitaire for p at a Discord channel and returns its id
// and token.
func (rig *playRig) deal(t testing.TB, game string, deal uint64, p webtest.Person) (int64, string) {
	t.Helper()
	reg, _ := shared()
	tb, err := play.Open(context.Background(), rig.st, reg.Engines(), store.TableRow{Game: game, Deal: deal, Seats: 1,
		GuildID: guild, ChannelID: "410000000000000001", OwnerID: p.ID, Players: []store.Player{{Seat: 0, UserID: p.ID, Name: p.Name}}})
	require.NoError(t, err)
	token, err := rig.st.TableToken(context.Background(), tb.Row.ID)
	require.NoError(t, err)
	return tb.Row.ID, token
}

// client is an HTTP client with its own cookies, signed in as p (through
// the fake's consent screen) unless p is the zero Person.
func (rig *playRig) client(t testing.TB, p webtest.Person) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	if p.ID == "" {
		return c
	}
	rig.fake.ApproveAs(p.ID)
	res, err := c.Get(rig.url + "/signin?next=/")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))
	require.Equal(t, "/", res.Request.URL.Path, "back home after signing in")
	return c
}

// csrfPattern finds a page's CSRF token (its forms' hidden field).
var csrfPattern = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf reads c's CSRF token from a table page.
func (rig *playRig) csrf(t testing.TB, c *http.Client, token string) string {
	t.Helper()
	_, page := rig.get(t, c, "/t/"+token)
	m := csrfPattern.FindStringSubmatch(page)
	require.NotNil(t, m, "a signed-in page has a CSRF token")
	return m[1]
}

// post sends form to the table's path as the page's script does (JSON
// back) and returns the status and the body.
func (rig *playRig) post(t testing.TB, c *http.Client, path string, form url.Values, csrfHeader string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, rig.url+path, strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if csrfHeader != "" {
		req.Header.Set("X-CSRF-Token", csrfHeader)
	}
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// record is table id's record now.
func (rig *playRig) record(t testing.TB, id int64) (store.TableRow, games.Record) {
	t.Helper()
	row, err := rig.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	rec, err := rig.st.Record(context.Background(), id)
	require.NoError(t, err)
	return row, rec
}

// solution solves game's deal from its start: the moves to a win.
func solution(t testing.TB, game string, deal uint64) []string {
	t.Helper()
	reg, _ := shared()
	info, ok := reg.Engines().Lookup(game)
	require.True(t, ok)
	g, err := reg.Engines().New(game, deal, 1)
	require.NoError(t, err)
	sol := info.Solve(g, 20*time.Second)
	require.Equal(t, games.Solvable, sol.Verdict, "%s deal %d", game, deal)
	return sol.Moves
}
