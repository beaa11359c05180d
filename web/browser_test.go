package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// stepTimeout bounds one step of a browser test: what the page waits for
// comes in milliseconds, so this only turns a hang into a failure.
const stepTimeout = 30 * time.Second

// TestBrowser: the pages in a real browser (Debian's chromium, headless): a
// leaderboard, a player's page, a daily deal, a replay stepped with its
// buttons, and a live table that changes after a move; each page is
// screenshot at 390 and 1280 px wide (DEALER_WEB_SHOTS=dir keeps them). The
// steps run in order on one fixture: the last stops its server.
func TestBrowser(t *testing.T) {
	t.Parallel()
	// Quick heartbeats: a stream whose page is gone is seen gone soon.
	f := newFixtureWith(t, fixtureOptions{Seed: webtest.Seed{Tables: 16, Daily: 2, People: webtest.People(30), Rand: 7}, Watch: -1,
		Config: func(c *web.Config) { c.Limits.Heartbeat = 100 * time.Millisecond }})
	b := &browser{ctx: webtest.Browser(t), f: f, shots: webtest.ShotsDir(t)}
	t.Logf("screenshots in %s", b.shots)
	for _, step := range []struct {
		name string
		run  func(t *testing.T, b *browser)
	}{
		{"server", browseServer},
		{"leaderboard", browseLeaderboard},
		{"profile", browseProfile},
		{"daily", browseDaily},
		{"replay", browseReplay},
		{"solitaire", browseSolitaires},
		{"lobby and notices", browseLobby},
		{"live", browseLive},
		{"abandoned", browseAbandoned},
		{"broken", browseBroken},
		{"too many watchers", browseTooManyWatchers},
		{"live updates end", browseLiveEnds},
	} {
		t.Run(step.name, func(t *testing.T) { step.run(t, b) })
	}
}

// browser is a headless Chromium on a fixture's pages, with the steps of
// TestBrowser.
type browser struct {
	ctx   context.Context
	f     *fixture
	shots string // where screenshots go
}

// bounded is the browser's context for one step: a page that never comes
// fails the test instead of hanging it.
func (b *browser) bounded(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(b.ctx, stepTimeout)
	t.Cleanup(cancel)
	return c
}

// shoot takes screenshots of the page at 390 and 1280 px wide.
func (b *browser) shoot(t *testing.T, name string) {
	t.Helper()
	for _, w := range []int{390, 1280} {
		require.NoError(t, webtest.Screenshot(b.bounded(t), w, filepath.Join(b.shots, fmt.Sprintf("%s-%d.png", name, w))))
	}
}

// open opens the fixture's page at path.
func (b *browser) open(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, chromedp.Do(b.bounded(t), chromedp.Navigate(b.f.url+path)))
}

// js is what the JavaScript expression expr gives on the page.
func (b *browser) js(t *testing.T, expr string) string {
	t.Helper()
	v, err := chromedp.Run(b.bounded(t), chromedp.Evaluate[string](expr))
	require.NoError(t, err, expr)
	return v
}

// fromJSON is s, the JSON text a page's script gave (js), decoded.
func fromJSON[T any](t *testing.T, s string) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(s), &v), s)
	return v
}

// wait waits until the page makes expr true (the browser's own polling,
// on every frame; the context bounds it).
func (b *browser) wait(t *testing.T, expr string) {
	t.Helper()
	_, err := chromedp.Run(b.bounded(t), chromedp.Poll[chromedp.Void](expr))
	require.NoError(t, err, "waiting for %s", expr)
}

// navigating runs action, which leaves the page, and waits for the next
// page to load.
func (b *browser) navigating(t *testing.T, action chromedp.Action[chromedp.Void]) {
	t.Helper()
	_, err := chromedp.Run(b.bounded(t), chromedp.WaitEvent(page.LoadEventFired, nil, action))
	require.NoError(t, err)
}

// loaded is a JavaScript expression true once the image sel finds has
// loaded.
func loaded(sel string) string {
	return `(() => { const i = document.querySelector(` + strconv.Quote(sel) + `); return !!i && i.complete && i.naturalWidth > 0; })()`
}

// browseServer checks the server's page of leaderboards.
func browseServer(t *testing.T, b *browser) {
	b.open(t, "/g/"+guild)
	assert.Equal(t, "Leaderboards", b.js(t, `document.querySelector("h1").textContent`))
	b.shoot(t, "server")
}

// browseLeaderboard checks a leaderboard, paged and by score.
func browseLeaderboard(t *testing.T, b *browser) {
	b.open(t, "/g/"+guild+"/leaderboard/doublets")
	board, err := b.f.st.LeaderboardPage(context.Background(), store.LeaderQuery{Guild: guild, Game: "doublets", Limit: 25})
	require.NoError(t, err)
	require.Greater(t, board.Total, 25, "the seed makes two pages")
	assert.Equal(t, "25", b.js(t, `String(document.querySelectorAll(".board tbody tr").length)`))
	assert.Equal(t, board.Rows[0].Name, b.js(t, `document.querySelector(".board tbody .name").textContent`))
	b.shoot(t, "leaderboard")
	b.navigating(t, chromedp.Click(chromedp.CSS(`.pager a[rel="next"]`)))
	assert.Contains(t, b.js(t, `location.search`), "page=2")
	assert.Equal(t, strconv.Itoa(board.Total-25), b.js(t, `String(document.querySelectorAll(".board tbody tr").length)`))
	assert.Equal(t, "26", b.js(t, `document.querySelector(".board tbody .rank").textContent`))
	b.navigating(t, chromedp.Click(chromedp.CSS(`.tabs a[href*="by=score"]`)))
	assert.Contains(t, b.js(t, `location.search`), "by=score")
	assert.Equal(t, "Best score", b.js(t, `document.querySelector(".tabs [aria-current]").textContent`))
}

// browseProfile checks a player's page, a dot a game in its plot.
func browseProfile(t *testing.T, b *browser) {
	p := b.f.people[0]
	b.open(t, "/g/"+guild+"/players/"+p.ID)
	assert.Equal(t, p.Name, b.js(t, `document.querySelector("h1").textContent`))
	hist, err := b.f.st.History(context.Background(), guild, p.ID, 1000)
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(len(hist)), b.js(t, `String(document.querySelectorAll("svg.plot circle").length)`),
		"a dot a game")
	b.shoot(t, "player")
}

// browseDaily checks the daily deals: today's not shown, an earlier one shown.
func browseDaily(t *testing.T, b *browser) {
	b.open(t, "/g/"+guild+"/daily/doublefreecell")
	assert.Equal(t, "0", b.js(t, `String(document.querySelectorAll(".table-picture").length)`), "today's deal is not shown")
	b.shoot(t, "daily-today")
	b.navigating(t, chromedp.Click(chromedp.CSS(`.days li:nth-child(2) a`)))
	b.wait(t, loaded(".table-picture img"))
	b.shoot(t, "daily")
}

// browseReplay checks a replay stepped with its buttons.
func browseReplay(t *testing.T, b *browser) {
	tb := b.f.tableOf(t, "secretagent")
	b.open(t, "/t/"+tb.Token)
	last := b.js(t, `document.querySelector("[data-replay]").dataset.last`)
	assert.Equal(t, last, b.js(t, `document.getElementById("step").textContent`), "the replay opens at the end")
	b.wait(t, loaded("#picture"))
	b.shoot(t, "replay")
	steps := []struct{ click, want string }{{"first", "0"}, {"next", "1"}, {"next", "2"}, {"prev", "1"}, {"last", last}}
	for _, st := range steps {
		require.NoError(t, chromedp.Do(b.bounded(t), chromedp.Click(chromedp.CSS(`[data-go="`+st.click+`"]`))))
		b.wait(t, `document.getElementById("step").textContent === "`+st.want+`"`)
		b.wait(t, `document.getElementById("picture").src.endsWith("/at/`+st.want+`.png")`)
		b.wait(t, loaded("#picture"))
		b.wait(t, `[...document.querySelectorAll(".hands img")].every(i => i.src.includes("/at/`+st.want+`/") && i.complete && i.naturalWidth > 0)`)
		assert.Contains(t, b.js(t, `location.search`), "step="+st.want)
	}
}

// browseSolitaires checks replays of other games at a step.
func browseSolitaires(t *testing.T, b *browser) {
	for _, game := range []string{"doublefreecell", "theagents"} {
		b.open(t, "/t/"+b.f.tableOf(t, game).Token+"?step=5")
		b.wait(t, loaded("#picture"))
		assert.Equal(t, "5", b.js(t, `document.getElementById("step").textContent`))
		b.shoot(t, "replay-"+game)
	}
}

// browseLobby checks a lobby that shows a player sitting down by itself, and a page not found.
func browseLobby(t *testing.T, b *browser) {
	lobby := openLobby(t, b.f, "theagents")
	b.open(t, "/t/"+b.f.token(t, lobby.Row.ID))
	b.wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
	b.shoot(t, "lobby")
	// A player sits down: the page shows it by itself.
	b.f.clock.Advance(time.Second)
	b.navigating(t, chromedp.Func(func(context.Context, *chromedp.Target) error {
		err := lobby.SetPlayers(context.Background(), append(lobby.Row.Players,
			store.Player{Seat: 1, UserID: b.f.people[1].ID, Name: b.f.people[1].Name}))
		b.f.srv.Notify(lobby.Row.ID)
		return err
	}))
	assert.Contains(t, b.js(t, `document.querySelector(".seated").textContent`), b.f.people[1].Name)
	b.open(t, "/g/"+guild+"/players/999999999999999999")
	b.shoot(t, "not-found")
}

// browseLive checks a live table that follows moves made elsewhere, then turns into its replay.
func browseLive(t *testing.T, b *browser) {
	tb := openComputerTable(t, b.f, "secretagent", 4)
	for range 3 {
		computerMove(t, tb)
	}
	b.open(t, "/t/"+b.f.token(t, tb.Row.ID))
	b.wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
	b.wait(t, loaded("#picture"))
	assert.Equal(t, "3", b.js(t, `document.getElementById("moves").textContent`))
	b.shoot(t, "live")
	for want := 4; want <= 6; want++ {
		computerMove(t, tb)
		b.f.srv.Notify(tb.Row.ID)
		b.wait(t, `document.getElementById("moves").textContent === "`+strconv.Itoa(want)+`"`)
		b.wait(t, `document.getElementById("picture").src.endsWith("/at/`+strconv.Itoa(want)+`.png")`)
		b.wait(t, loaded("#picture"))
	}
	// Played to the end, the page turns into the replay by itself.
	for !tb.Game.Status().Finished() {
		computerMove(t, tb)
	}
	b.navigating(t, chromedp.Func(func(context.Context, *chromedp.Target) error {
		err := tb.Finish(context.Background())
		b.f.srv.Notify(tb.Row.ID)
		return err
	}))
	assert.Equal(t, "true", b.js(t, `String(!!document.querySelector("[data-replay]"))`))
}

// browseAbandoned checks an abandoned game of The Agents: its moves as the channel saw them, no hand.
func browseAbandoned(t *testing.T, b *browser) {
	// An abandoned game of The Agents: its moves as the channel saw
	// them, no hand.
	whole := openComputerTable(t, b.f, "theagents", 3)
	for !whole.Game.Status().Finished() {
		computerMove(t, whole)
	}
	log := whole.Log()
	cut := len(log) / 2
	for i, e := range log {
		if strings.HasPrefix(e.Move, "trade ") || strings.HasPrefix(e.Move, "take ") || strings.Contains(e.Move, " ip ") {
			cut = max(cut, i+3)
			break
		}
	}
	tb := openComputerTable(t, b.f, "theagents", 3)
	for _, e := range log[:min(cut, len(log)-1)] {
		require.NoError(t, tb.Apply(context.Background(), e.Seat, e.Move))
	}
	require.NoError(t, tb.Abandon(context.Background()))
	b.open(t, "/t/"+b.f.token(t, tb.Row.ID))
	b.wait(t, loaded("#picture"))
	assert.Contains(t, b.js(t, `document.querySelector(".ending").textContent`), "Abandoned")
	assert.Equal(t, "0", b.js(t, `String(document.querySelectorAll(".hands img").length)`))
	b.shoot(t, "replay-abandoned")
}

// browseBroken checks a table that can no longer be shown.
func browseBroken(t *testing.T, b *browser) {
	tb := b.f.tableOf(t, "doublets")
	b.f.markBroken(t, tb.ID, "the rules changed")
	b.open(t, "/t/"+tb.Token)
	assert.Equal(t, "This table can no longer be shown", b.js(t, `document.querySelector("h1").textContent`))
	b.shoot(t, "broken")
}

// browseTooManyWatchers checks a table whose client address has all its streams: shown, not followed.
func browseTooManyWatchers(t *testing.T, b *browser) {
	// Streams from this address up to its cap: the page shows the
	// table, and says it does not follow it.
	tb := openComputerTable(t, b.f, "secretagent", 4)
	computerMove(t, tb)
	token := b.f.token(t, tb.Row.ID)
	before := metric(t, b.f.metrics, "dealer_web_live_streams") // an earlier page's, the browser may keep
	var streams []*sse
	for {
		s, code, _ := b.f.streamAs(t, token, "", "")
		if code != http.StatusOK {
			require.Equal(t, http.StatusTooManyRequests, code)
			break
		}
		streams = append(streams, s)
	}
	b.open(t, "/t/"+token)
	b.wait(t, loaded("#picture"))
	assert.Equal(t, "false", b.js(t, `String(document.getElementById("live-off").hidden)`))
	assert.Contains(t, b.js(t, `document.getElementById("live-off").textContent`), "Too many live pages")
	assert.Equal(t, "false", b.js(t, `String(!!document.querySelector("[data-events]"))`), "the page does not listen")
	b.shoot(t, "live-off")
	for _, s := range streams {
		s.stop()
	}
	require.Eventually(t, func() bool { return metric(t, b.f.metrics, "dealer_web_live_streams") == before },
		stepTimeout, 10*time.Millisecond, "the streams are seen gone")
}

// browseLiveEnds checks a live page whose server stops pushing: it says live updates are unavailable.
func browseLiveEnds(t *testing.T, b *browser) {
	// The server stops pushing (it is restarting) while a live page
	// is open: the stream ends, the browser tries again, is refused,
	// and the page says live updates are unavailable. Last: the
	// fixture's server pushes nothing more.
	tb := openComputerTable(t, b.f, "secretagent", 4)
	computerMove(t, tb)
	b.open(t, "/t/"+b.f.token(t, tb.Row.ID))
	b.wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
	require.NoError(t, b.f.srv.Close())
	b.wait(t, `document.querySelector("[data-events]").dataset.closed === "1"`)
	assert.Equal(t, "false", b.js(t, `String(document.getElementById("live-off").hidden)`))
	b.shoot(t, "live-ended")
}

// tableOf is a finished seeded table of game.
func (f *fixture) tableOf(t testing.TB, game string) webtest.Table {
	t.Helper()
	for _, tb := range f.tables {
		if tb.Game == game && tb.Status.Finished() {
			return tb
		}
	}
	t.Fatalf("no finished %s table in the seed", game)
	return webtest.Table{}
}

// token is table id's token.
func (f *fixture) token(t testing.TB, id int64) string {
	t.Helper()
	token, err := f.st.TableToken(context.Background(), id)
	require.NoError(t, err)
	return token
}

// openComputerTable opens a table of game in the fixture's guild: the
// first person in seat 0, computer players in the others (seats in all).
func openComputerTable(t testing.TB, f *fixture, game string, seats int, options ...string) *play.Table {
	t.Helper()
	players := []store.Player{{Seat: 0, UserID: f.people[0].ID, Name: f.people[0].Name}}
	for s := 1; s < seats; s++ {
		players = append(players, store.Player{Seat: s, Computer: true, Name: play.ComputerName(s)})
	}
	sess := store.TableRow{Game: game, Deal: 42, Seats: seats, GuildID: guild, ChannelID: "1", OwnerID: f.people[0].ID, Players: players}
	if len(options) > 0 {
		sess.Options = options[0]
	}
	tb, err := play.Open(context.Background(), f.st, f.reg.Engines(), sess)
	require.NoError(t, err)
	return tb
}

// openLobby opens a lobby of game in the fixture's guild, the first
// person seated.
func openLobby(t testing.TB, f *fixture, game string) *play.Table {
	t.Helper()
	tb, err := play.Open(context.Background(), f.st, f.reg.Engines(), store.TableRow{Game: game, Deal: 7, Seats: 5,
		GuildID: guild, ChannelID: "1", OwnerID: f.people[0].ID, Status: store.StatusLobby,
		Players: []store.Player{{Seat: 0, UserID: f.people[0].ID, Name: f.people[0].Name}}})
	require.NoError(t, err)
	return tb
}

// computerMove makes the next move of tb's game with its computer player,
// saved as the bot saves it.
func computerMove(t testing.TB, tb *play.Table) {
	t.Helper()
	seat := games.WaitingOn(tb.Game)
	if act := tb.Game.ToAct(); len(act) > 0 {
		seat = act[:1]
	}
	require.NotEmpty(t, seat)
	m := tb.Info.Computer(tb.Game, seat[0])
	require.NoError(t, tb.Apply(context.Background(), seat[0], m.String()))
}
