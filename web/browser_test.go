package web_test

import (
	"context"
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
	"github.com/dealer/dealer/store/session"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// stepTimeout bounds one step of a browser test: what the page waits for
// comes in milliseconds, so this only turns a hang into a failure.
const stepTimeout = 30 * time.Second

// The pages in a real browser (Debian's chromium, headless): a
// leaderboard, a player's page, a daily deal, a replay stepped with its
// buttons, and a live table that changes after a move; each page is
// screenshot at 390 and 1280 px wide (DEALER_WEB_SHOTS=dir keeps them).
func TestBrowser(t *testing.T) {
	t.Parallel()
	ctx := webtest.Browser(t)
	// Quick heartbeats: a stream whose page is gone is seen gone soon.
	f := newFixtureWith(t, fixtureOptions{Seed: webtest.Seed{Tables: 16, Daily: 2, People: webtest.People(30), Rand: 7}, Watch: -1,
		Config: func(c *web.Config) { c.Limits.Heartbeat = 100 * time.Millisecond }})
	shots := webtest.ShotsDir(t)
	t.Logf("screenshots in %s", shots)
	// bounded is ctx for one step: a page that never comes fails the test
	// instead of hanging it.
	bounded := func(t *testing.T) context.Context {
		c, cancel := context.WithTimeout(ctx, stepTimeout)
		t.Cleanup(cancel)
		return c
	}
	shoot := func(t *testing.T, name string) {
		t.Helper()
		for _, w := range []int{390, 1280} {
			require.NoError(t, webtest.Screenshot(bounded(t), w, filepath.Join(shots, fmt.Sprintf("%s-%d.png", name, w))))
		}
	}
	open := func(t *testing.T, path string) {
		t.Helper()
		require.NoError(t, chromedp.Do(bounded(t), chromedp.Navigate(f.url+path)))
	}
	js := func(t *testing.T, expr string) string {
		t.Helper()
		v, err := chromedp.Run(bounded(t), chromedp.Evaluate[string](expr))
		require.NoError(t, err, expr)
		return v
	}
	// wait waits until the page makes expr true (the browser's own
	// polling, on every frame; the context bounds it).
	wait := func(t *testing.T, expr string) {
		t.Helper()
		_, err := chromedp.Run(bounded(t), chromedp.Poll[chromedp.Void](expr))
		require.NoError(t, err, "waiting for %s", expr)
	}
	// navigating runs action, which leaves the page, and waits for the
	// next page to load.
	navigating := func(t *testing.T, action chromedp.Action[chromedp.Void]) {
		t.Helper()
		_, err := chromedp.Run(bounded(t), chromedp.WaitEvent(page.LoadEventFired, nil, action))
		require.NoError(t, err)
	}
	loaded := func(sel string) string {
		return `(() => { const i = document.querySelector(` + strconv.Quote(sel) + `); return !!i && i.complete && i.naturalWidth > 0; })()`
	}

	t.Run("server", func(t *testing.T) {
		open(t, "/g/"+guild)
		assert.Equal(t, "Leaderboards", js(t, `document.querySelector("h1").textContent`))
		shoot(t, "server")
	})

	t.Run("leaderboard", func(t *testing.T) {
		open(t, "/g/"+guild+"/leaderboard/doublets")
		board, err := f.st.LeaderboardPage(context.Background(), store.LeaderQuery{Guild: guild, Game: "doublets", Limit: 25})
		require.NoError(t, err)
		require.Greater(t, board.Total, 25, "the seed makes two pages")
		assert.Equal(t, "25", js(t, `String(document.querySelectorAll(".board tbody tr").length)`))
		assert.Equal(t, board.Rows[0].Name, js(t, `document.querySelector(".board tbody .name").textContent`))
		shoot(t, "leaderboard")
		navigating(t, chromedp.Click(chromedp.CSS(`.pager a[rel="next"]`)))
		assert.Contains(t, js(t, `location.search`), "page=2")
		assert.Equal(t, strconv.Itoa(board.Total-25), js(t, `String(document.querySelectorAll(".board tbody tr").length)`))
		assert.Equal(t, "26", js(t, `document.querySelector(".board tbody .rank").textContent`))
		navigating(t, chromedp.Click(chromedp.CSS(`.tabs a[href*="by=score"]`)))
		assert.Contains(t, js(t, `location.search`), "by=score")
		assert.Equal(t, "Best score", js(t, `document.querySelector(".tabs [aria-current]").textContent`))
	})

	t.Run("profile", func(t *testing.T) {
		p := f.people[0]
		open(t, "/g/"+guild+"/players/"+p.ID)
		assert.Equal(t, p.Name, js(t, `document.querySelector("h1").textContent`))
		hist, err := f.st.History(context.Background(), guild, p.ID, 1000)
		require.NoError(t, err)
		assert.Equal(t, strconv.Itoa(len(hist)), js(t, `String(document.querySelectorAll("svg.plot circle").length)`),
			"a dot a game")
		shoot(t, "player")
	})

	t.Run("daily", func(t *testing.T) {
		open(t, "/g/"+guild+"/daily/doublefreecell")
		assert.Equal(t, "0", js(t, `String(document.querySelectorAll(".table-picture").length)`), "today's deal is not shown")
		shoot(t, "daily-today")
		navigating(t, chromedp.Click(chromedp.CSS(`.days li:nth-child(2) a`)))
		wait(t, loaded(".table-picture img"))
		shoot(t, "daily")
	})

	t.Run("replay", func(t *testing.T) {
		tb := f.tableOf(t, "secretagent")
		open(t, "/t/"+tb.Token)
		last := js(t, `document.querySelector("[data-replay]").dataset.last`)
		assert.Equal(t, last, js(t, `document.getElementById("step").textContent`), "the replay opens at the end")
		wait(t, loaded("#picture"))
		shoot(t, "replay")
		steps := []struct{ click, want string }{{"first", "0"}, {"next", "1"}, {"next", "2"}, {"prev", "1"}, {"last", last}}
		for _, st := range steps {
			require.NoError(t, chromedp.Do(bounded(t), chromedp.Click(chromedp.CSS(`[data-go="`+st.click+`"]`))))
			wait(t, `document.getElementById("step").textContent === "`+st.want+`"`)
			wait(t, `document.getElementById("picture").src.endsWith("/at/`+st.want+`.png")`)
			wait(t, loaded("#picture"))
			wait(t, `[...document.querySelectorAll(".hands img")].every(i => i.src.includes("/at/`+st.want+`/") && i.complete && i.naturalWidth > 0)`)
			assert.Contains(t, js(t, `location.search`), "step="+st.want)
		}
	})

	t.Run("solitaire", func(t *testing.T) {
		for _, game := range []string{"doublefreecell", "theagents"} {
			open(t, "/t/"+f.tableOf(t, game).Token+"?step=5")
			wait(t, loaded("#picture"))
			assert.Equal(t, "5", js(t, `document.getElementById("step").textContent`))
			shoot(t, "replay-"+game)
		}
	})

	t.Run("lobby and notices", func(t *testing.T) {
		lobby := openLobby(t, f, "theagents")
		open(t, "/t/"+f.token(t, lobby.Sess.ID))
		wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
		shoot(t, "lobby")
		// A player sits down: the page shows it by itself.
		f.clock.Advance(time.Second)
		navigating(t, chromedp.Func(func(context.Context, *chromedp.Target) error {
			err := lobby.SetPlayers(context.Background(), append(lobby.Sess.Players,
				store.Player{Seat: 1, UserID: f.people[1].ID, Name: f.people[1].Name}))
			f.srv.Notify(lobby.Sess.ID)
			return err
		}))
		assert.Contains(t, js(t, `document.querySelector(".seated").textContent`), f.people[1].Name)
		open(t, "/g/"+guild+"/players/999999999999999999")
		shoot(t, "not-found")
	})

	t.Run("live", func(t *testing.T) {
		tb := openComputerTable(t, f, "secretagent", 4)
		for range 3 {
			computerMove(t, tb)
		}
		open(t, "/t/"+f.token(t, tb.Sess.ID))
		wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
		wait(t, loaded("#picture"))
		assert.Equal(t, "3", js(t, `document.getElementById("moves").textContent`))
		shoot(t, "live")
		for want := 4; want <= 6; want++ {
			computerMove(t, tb)
			f.srv.Notify(tb.Sess.ID)
			wait(t, `document.getElementById("moves").textContent === "`+strconv.Itoa(want)+`"`)
			wait(t, `document.getElementById("picture").src.endsWith("/at/`+strconv.Itoa(want)+`.png")`)
			wait(t, loaded("#picture"))
		}
		// Played to the end, the page turns into the replay by itself.
		for !tb.Game.Status().Finished() {
			computerMove(t, tb)
		}
		navigating(t, chromedp.Func(func(context.Context, *chromedp.Target) error {
			err := tb.Finish(context.Background())
			f.srv.Notify(tb.Sess.ID)
			return err
		}))
		assert.Equal(t, "true", js(t, `String(!!document.querySelector("[data-replay]"))`))
	})

	t.Run("abandoned", func(t *testing.T) {
		// An abandoned game of The Agents: its moves as the channel saw
		// them, no hand.
		whole := openComputerTable(t, f, "theagents", 3)
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
		tb := openComputerTable(t, f, "theagents", 3)
		for _, e := range log[:min(cut, len(log)-1)] {
			require.NoError(t, tb.Apply(context.Background(), e.Seat, e.Move))
		}
		require.NoError(t, tb.Abandon(context.Background()))
		open(t, "/t/"+f.token(t, tb.Sess.ID))
		wait(t, loaded("#picture"))
		assert.Contains(t, js(t, `document.querySelector(".ending").textContent`), "Abandoned")
		assert.Equal(t, "0", js(t, `String(document.querySelectorAll(".hands img").length)`))
		shoot(t, "replay-abandoned")
	})

	t.Run("broken", func(t *testing.T) {
		tb := f.tableOf(t, "doublets")
		f.markBroken(t, tb.ID, "the rules changed")
		open(t, "/t/"+tb.Token)
		assert.Equal(t, "This table can no longer be shown", js(t, `document.querySelector("h1").textContent`))
		shoot(t, "broken")
	})

	t.Run("too many watchers", func(t *testing.T) {
		// Streams from this address up to its cap: the page shows the
		// table, and says it does not follow it.
		tb := openComputerTable(t, f, "secretagent", 4)
		computerMove(t, tb)
		token := f.token(t, tb.Sess.ID)
		before := metric(t, f.metrics, "dealer_web_live_streams") // an earlier page's, the browser may keep
		var streams []*sse
		for {
			s, code, _ := f.streamAs(t, token, "", "")
			if code != http.StatusOK {
				require.Equal(t, http.StatusTooManyRequests, code)
				break
			}
			streams = append(streams, s)
		}
		open(t, "/t/"+token)
		wait(t, loaded("#picture"))
		assert.Equal(t, "false", js(t, `String(document.getElementById("live-off").hidden)`))
		assert.Contains(t, js(t, `document.getElementById("live-off").textContent`), "Too many live pages")
		assert.Equal(t, "false", js(t, `String(!!document.querySelector("[data-events]"))`), "the page does not listen")
		shoot(t, "live-off")
		for _, s := range streams {
			s.stop()
		}
		require.Eventually(t, func() bool { return metric(t, f.metrics, "dealer_web_live_streams") == before },
			stepTimeout, 10*time.Millisecond, "the streams are seen gone")
	})

	t.Run("live updates end", func(t *testing.T) {
		// The server stops pushing (it is restarting) while a live page
		// is open: the stream ends, the browser tries again, is refused,
		// and the page says live updates are unavailable. Last: the
		// fixture's server pushes nothing more.
		tb := openComputerTable(t, f, "secretagent", 4)
		computerMove(t, tb)
		open(t, "/t/"+f.token(t, tb.Sess.ID))
		wait(t, `document.querySelector("[data-events]").dataset.connected === "1"`)
		require.NoError(t, f.srv.Close())
		wait(t, `document.querySelector("[data-events]").dataset.closed === "1"`)
		assert.Equal(t, "false", js(t, `String(document.getElementById("live-off").hidden)`))
		shoot(t, "live-ended")
	})
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
func openComputerTable(t testing.TB, f *fixture, game string, seats int, options ...string) *session.Table {
	t.Helper()
	players := []store.Player{{Seat: 0, UserID: f.people[0].ID, Name: f.people[0].Name}}
	for s := 1; s < seats; s++ {
		players = append(players, store.Player{Seat: s, Computer: true, Name: session.ComputerName(s)})
	}
	sess := store.Session{Game: game, Deal: 42, Seats: seats, GuildID: guild, ChannelID: "1", OwnerID: f.people[0].ID, Players: players}
	if len(options) > 0 {
		sess.Options = options[0]
	}
	tb, err := session.Open(context.Background(), f.st, f.reg.Engines(), sess)
	require.NoError(t, err)
	return tb
}

// openLobby opens a lobby of game in the fixture's guild, the first
// person seated.
func openLobby(t testing.TB, f *fixture, game string) *session.Table {
	t.Helper()
	tb, err := session.Open(context.Background(), f.st, f.reg.Engines(), store.Session{Game: game, Deal: 7, Seats: 5,
		GuildID: guild, ChannelID: "1", OwnerID: f.people[0].ID, Status: store.StatusLobby,
		Players: []store.Player{{Seat: 0, UserID: f.people[0].ID, Name: f.people[0].Name}}})
	require.NoError(t, err)
	return tb
}

// computerMove makes the next move of tb's game with its computer player,
// saved as the bot saves it.
func computerMove(t testing.TB, tb *session.Table) {
	t.Helper()
	seat := games.WaitingOn(tb.Game)
	if act := tb.Game.ToAct(); len(act) > 0 {
		seat = act[:1]
	}
	require.NotEmpty(t, seat)
	m := tb.Info.Computer(tb.Game, seat[0])
	require.NoError(t, tb.Apply(context.Background(), seat[0], m.String()))
}
