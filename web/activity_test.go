package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// activityRig is the pages run as a Discord Activity, against the fake
// Discord, with a harness page that plays Discord's client around the
// Activity's frame (activityHarness).
type activityRig struct {
	st   *store.Store
	url  string
	fake *discordtest.Server
}

const activityGuild = "420000000000000001"

// newActivityRig starts the fake Discord and the pages with the Activity
// on; the harness is served beside them, at the same origin, as Discord's
// proxy serves the Activity beside its client.
func newActivityRig(t testing.TB) *activityRig {
	t.Helper()
	return newActivityRigWith(t, false)
}

// newActivityRigWith is newActivityRig, with multiplayer games played by
// a stand-in for the bot (playLikeTheBot) when withBot.
func newActivityRigWith(t testing.TB, withBot bool) *activityRig {
	t.Helper()
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	fake := discordtest.New(t, discordtest.Options{})
	fake.AddUsers(discordtest.User{ID: ann.ID, Name: ann.Name}, discordtest.User{ID: bob.ID, Name: bob.Name},
		discordtest.User{ID: cat.ID, Name: cat.Name})
	ln, base := webtest.Listen(t)
	fake.SetOAuth(clientSecret)
	cfg := web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, PublicURL: base,
		SignIn:   &web.SignIn{ClientID: fake.AppID(), ClientSecret: clientSecret, SessionKey: []byte(strings.Repeat("k", 32)), Discord: fake.URL()},
		Activity: &web.Activity{BotToken: fake.Token()}}
	var srv *web.Server
	if withBot {
		cfg.Play = playLikeTheBot(st, func(id int64) { srv.Notify(id) })
	}
	srv, err := web.New(cfg)
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/", srv)
	mux.HandleFunc("GET /harness", activityHarness(fake.AppID()))
	webtest.Serve(t, ln, mux, srv)
	return &activityRig{st: st, url: base, fake: fake}
}

// cat is a signed-in player who is not in the Activity.
var cat = webtest.Person{ID: "310000000000000003", Name: "Cat"}

// harnessPage plays Discord's client around the Activity's frame: the
// Embedded App SDK's side of the handshake (READY), AUTHORIZE (answered
// with the code the test had the fake give the player) and AUTHENTICATE,
// and null to everything else (the SDK's console capture).
var harnessPage = template.Must(template.New("harness").Parse(`<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord</title>
<style>body{margin:0}iframe{border:0;width:100vw;height:100vh}</style></head><body>
<iframe id="f" src="/?frame_id=frame-1&instance_id={{.Instance}}&platform=desktop&guild_id={{.Guild}}&channel_id=1"></iframe>
<script>
const app = {{.App}}, code = {{.Code}}, user = {id: {{.User}}, username: {{.Name}}, discriminator: "0", public_flags: 0};
window.commands = [];
addEventListener("message", (e) => {
  const f = document.getElementById("f").contentWindow;
  if (e.source !== f || !Array.isArray(e.data)) return;
  const [op, p] = e.data;
  if (op === 0) {
    f.postMessage([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1, config: {api_endpoint: "//discord.com/api", environment: "production"}, user}}], "*");
    return;
  }
  if (op !== 1) return;
  window.commands.push(p.cmd);
  let data = null;
  if (p.cmd === "AUTHORIZE") data = {code};
  if (p.cmd === "AUTHENTICATE") data = {access_token: p.args.access_token, user, scopes: ["identify"],
    expires: new Date(Date.now() + 600000).toISOString(), application: {id: app, name: "The dealer", description: ""}};
  f.postMessage([1, {cmd: p.cmd, evt: null, nonce: p.nonce, data}], "*");
});
</script></body></html>`))

// activityHarness serves harnessPage for the instance, player and code in
// its query.
func activityHarness(app string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		_ = harnessPage.Execute(w, map[string]string{"App": app, "Instance": q.Get("instance"), "Guild": activityGuild,
			"Code": q.Get("code"), "User": q.Get("user"), "Name": q.Get("name")})
	}
}

// TestActivityInBrowser: in a real browser, Discord's client (the
// harness) launches the Activity for Ann: the SDK authorizes, the page
// signs her in, she chooses Doublets, and the frame becomes the table she
// plays (a move made from inside the frame, saved). The table is the instance's, in the store, in
// Discord's server; screenshots at 390 and 1280 px.
func TestActivityInBrowser(t *testing.T) {
	t.Parallel()
	rig := newActivityRig(t)
	inst, err := rig.fake.StartActivity(activityGuild, "1", ann.ID)
	require.NoError(t, err)
	b := &browser{ctx: webtest.Browser(t), f: &fixture{url: rig.url}, shots: webtest.ShotsDir(t)}
	t.Logf("screenshots in %s", b.shots)
	b.open(t, fmt.Sprintf("/harness?instance=%s&user=%s&name=%s&code=%s", inst.ID, ann.ID, ann.Name, rig.fake.AuthorizeActivity(ann.ID)))
	frame := `document.getElementById("f").contentDocument`
	b.wait(t, frame+`.getElementById("activity-games") && !`+frame+`.getElementById("activity-games").hidden`)
	assert.Equal(t, "AUTHORIZE,AUTHENTICATE", b.js(t, `window.commands.filter(c => c.startsWith("AUTH")).join()`))
	b.shoot(t, "activity-choose")

	b.js(t, frame+`.querySelector('button[data-game="doublets"]').click(), ""`)
	b.wait(t, frame+`.location.pathname.startsWith("/t/") && !!`+frame+`.getElementById("play") && `+frame+`.getElementById("play").dataset.ready === "1"`)
	b.shoot(t, "activity-table")
	// A move from inside the frame: its session cookie and CSRF token.
	b.js(t, frame+`.querySelector("#move-form button").click(), ""`)
	b.wait(t, frame+`.getElementById("play").dataset.version === "1"`)
	id, err := rig.st.ActivityTable(context.Background(), inst.ID)
	require.NoError(t, err)
	row, err := rig.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, "doublets", row.Game)
	assert.Equal(t, activityGuild, row.GuildID, "counted in the Activity's server")
	assert.Equal(t, ann.ID, row.OwnerID)
	require.Len(t, row.Players, 1)
	assert.Equal(t, ann.ID, row.Players[0].UserID)
	assert.Equal(t, 1, row.Moves, "the move is saved")
	require.Empty(t, rig.fake.Violations())
}

// activityClient is a player's HTTP client inside the Activity: signed
// in with a code the fake gave them, their CSRF token kept.
type activityClient struct {
	c    *http.Client
	csrf string
	rig  *activityRig
}

// signInActivity signs p in as the Activity's page does.
func (rig *activityRig) signInActivity(t *testing.T, p webtest.Person) *activityClient {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	ac := &activityClient{c: &http.Client{Jar: jar, Timeout: 30 * time.Second}, rig: rig}
	status, body, res := ac.post(t, "/activity/token", map[string]string{"code": rig.fake.AuthorizeActivity(p.ID)})
	require.Equal(t, http.StatusOK, status, body)
	var auth struct{ CSRF, User string }
	require.NoError(t, json.Unmarshal([]byte(body), &auth))
	require.Equal(t, p.ID, auth.User)
	ac.csrf = auth.CSRF
	cookie := res.Header.Get("Set-Cookie")
	for _, attr := range []string{"HttpOnly", "Secure", "SameSite=None", "Partitioned"} {
		assert.Contains(t, cookie, attr, "a session a frame keeps")
	}
	return ac
}

// post sends body as the page's script does and returns the status, the
// body and the response.
func (ac *activityClient) post(t *testing.T, path string, body any) (int, string, *http.Response) {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, ac.rig.url+path, strings.NewReader(string(b)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if ac.csrf != "" {
		req.Header.Set("X-CSRF-Token", ac.csrf)
	}
	res, err := ac.c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(out), res
}

// table asks for instance's table, with game to deal when it has none.
func (ac *activityClient) table(t *testing.T, instance, game string) (int, string) {
	t.Helper()
	status, body, _ := ac.post(t, "/activity/table", map[string]string{"instance": instance, "game": game})
	return status, body
}

// TestActivityRefusals: everything but a participant's request with the
// session's CSRF token is refused, with a short answer, and opens no
// table; two participants choosing at once get one table; a late joiner
// watches it (its page offers them no move) and cannot move in it.
func TestActivityRefusals(t *testing.T) {
	t.Parallel()
	rig := newActivityRig(t)
	ctx := context.Background()
	inst, err := rig.fake.StartActivity(activityGuild, "1", ann.ID)
	require.NoError(t, err)
	require.NoError(t, rig.fake.JoinActivity(inst.ID, bob.ID))
	a, b, c := rig.signInActivity(t, ann), rig.signInActivity(t, bob), rig.signInActivity(t, cat)
	ended, err := rig.fake.StartActivity(activityGuild, "1", ann.ID)
	require.NoError(t, err)
	rig.fake.LeaveActivity(ended.ID, ann.ID)

	noSession := &activityClient{c: &http.Client{}, rig: rig, csrf: a.csrf}
	forged := *a
	forged.csrf = "forged"
	for _, tc := range []struct {
		name     string
		run      func() (int, string)
		status   int
		instance string
	}{
		{"no session", func() (int, string) { return noSession.table(t, inst.ID, "doublets") }, http.StatusUnauthorized, inst.ID},
		{"a wrong CSRF token", func() (int, string) { return forged.table(t, inst.ID, "doublets") }, http.StatusForbidden, inst.ID},
		{"not in the Activity", func() (int, string) { return c.table(t, inst.ID, "doublets") }, http.StatusForbidden, inst.ID},
		{"an Activity that ended", func() (int, string) { return a.table(t, ended.ID, "doublets") }, http.StatusNotFound, ended.ID},
		{"a multiplayer game", func() (int, string) { return a.table(t, inst.ID, "secretagent") }, http.StatusBadRequest, inst.ID},
		{"no such game", func() (int, string) { return a.table(t, inst.ID, "chess") }, http.StatusBadRequest, inst.ID},
		{"a forged code", func() (int, string) {
			s, body, res := noSession.post(t, "/activity/token", map[string]string{"code": "forged"})
			assert.Empty(t, res.Header.Get("Set-Cookie"), "no session")
			return s, body
		}, http.StatusBadGateway, inst.ID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := tc.run()
			assert.Equal(t, tc.status, status, body)
			assert.Contains(t, body, `"error"`, "a short answer")
			_, err := rig.st.ActivityTable(ctx, tc.instance)
			assert.ErrorIs(t, err, store.ErrNotFound, "no table opened")
		})
	}

	status, body := a.table(t, inst.ID, "")
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, `"choose"`, "no table yet: the games to choose from")
	urls := make(chan string, 2)
	for _, p := range []*activityClient{a, b} {
		go func() {
			status, body := p.table(t, inst.ID, "doublefreecell")
			assert.Equal(t, http.StatusOK, status, body)
			var r struct{ Table string }
			assert.NoError(t, json.Unmarshal([]byte(body), &r))
			urls <- r.Table
		}()
	}
	first, second := <-urls, <-urls
	require.True(t, strings.HasPrefix(first, "t/"), "a relative address: %q", first)
	assert.Equal(t, first, second, "two choosing at once: one table")

	id, err := rig.st.ActivityTable(ctx, inst.ID)
	require.NoError(t, err)
	row, err := rig.st.TableRow(ctx, id)
	require.NoError(t, err)
	require.Len(t, row.Players, 1)
	player, watcher := a, b // whoever bound first plays; the other watches
	if row.Players[0].UserID == bob.ID {
		player, watcher = b, a
	}
	assert.Contains(t, pageOf(t, player, first), `id="move-form"`, "the player has moves to make")
	assert.NotContains(t, pageOf(t, watcher, first), `id="move-form"`, "the other watches: no move to make")
	status, body, _ = watcher.post(t, "/"+first+"/move", map[string]string{"move": "1 a", "version": "0"})
	assert.Equal(t, http.StatusForbidden, status, body)
	row, err = rig.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Zero(t, row.Moves, "nothing changed")
	require.Empty(t, rig.fake.Violations())
}

// TestActivityFraming: with the Activity the pages may be framed by
// Discord (and the site itself), else by no one; without it, its routes
// are not there.
func TestActivityFraming(t *testing.T) {
	t.Parallel()
	rig := newActivityRig(t)
	res, err := http.Get(rig.url + "/?frame_id=1&instance_id=i-1&platform=desktop")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'self' https://discord.com")
	assert.Contains(t, string(body), `id="activity"`, "Discord's frame is the Activity's page")

	f := newFixture(t, webtest.Seed{Tables: 1, Rand: 2}, -1)
	res, err = http.Get(f.url + "/?frame_id=1&instance_id=i-1&platform=desktop")
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	assert.NotContains(t, string(body), `id="activity"`, "no Activity: the home page")
	res, err = http.Post(f.url+"/activity/token", "application/json", strings.NewReader(`{"code":"x"}`))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// pageOf is the page at path (relative to the site) as ac sees it.
func pageOf(t *testing.T, ac *activityClient, path string) string {
	t.Helper()
	_, body := get(t, ac.c, ac.rig.url+"/"+path)
	return body
}

// TestActivitySeatsMultiplayer: with the bot to play them, an Activity
// deals a multiplayer game too: its participants then (the chooser first)
// take the seats, under their Discord names, computer players the rest,
// in the Activity's channel; each seated player's page is their seat, and
// they play from it; someone who joins later watches, with no hand.
func TestActivitySeatsMultiplayer(t *testing.T) {
	t.Parallel()
	rig := newActivityRigWith(t, true)
	ctx := context.Background()
	inst, err := rig.fake.StartActivity(activityGuild, "1", bob.ID)
	require.NoError(t, err)
	require.NoError(t, rig.fake.JoinActivity(inst.ID, ann.ID))
	a, b := rig.signInActivity(t, ann), rig.signInActivity(t, bob)
	status, body := a.table(t, inst.ID, "secretagent")
	require.Equal(t, http.StatusOK, status, body)
	var r struct{ Table string }
	require.NoError(t, json.Unmarshal([]byte(body), &r))

	id, err := rig.st.ActivityTable(ctx, inst.ID)
	require.NoError(t, err)
	row, err := rig.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "1", row.ChannelID, "in the Activity's channel")
	require.Len(t, row.Players, 4)
	for seat, want := range []struct {
		user, name string
		computer   bool
	}{{ann.ID, ann.Name, false}, {bob.ID, bob.Name, false}, {"", "Cipher", true}, {"", "Dagger", true}} {
		p := row.Players[seat]
		assert.Equal(t, want.user, p.UserID, "seat %d", seat)
		assert.Equal(t, want.name, p.Name, "seat %d", seat)
		assert.Equal(t, want.computer, p.Computer, "seat %d", seat)
	}

	require.NoError(t, rig.fake.JoinActivity(inst.ID, cat.ID))
	c := rig.signInActivity(t, cat)
	status, body = c.table(t, inst.ID, "doublets")
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, r.Table, "a late joiner is shown the table there is")
	assert.NotContains(t, pageOf(t, c, r.Table), `id="seat"`, "a late joiner watches: no hand")
	for _, p := range []*activityClient{a, b} {
		assert.Contains(t, pageOf(t, p, r.Table), `id="seat"`, "a seated player's page is their seat")
	}

	// The one to act plays from the Activity: its session and CSRF token.
	reg, _ := shared()
	tb, err := play.Load(ctx, rig.st, reg.Engines(), id)
	require.NoError(t, err)
	seat := games.WaitingOn(tb.Game)[0]
	player := map[games.Seat]*activityClient{0: a, 1: b}[seat]
	require.NotNil(t, player, "the computers played up to a person's turn")
	form := url.Values{"csrf": {player.csrf}, "version": {strconv.Itoa(tb.Game.Moves())}, "move": {tb.Game.Legal(seat)[0].String()}}
	req, err := http.NewRequest(http.MethodPost, rig.url+"/"+r.Table+"/move", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := player.c.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	row, err = rig.st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Greater(t, row.Moves, tb.Game.Moves(), "the move is saved")
	require.Empty(t, rig.fake.Violations())
}
