package web_test

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestRoutes: every page answers what it is asked: good addresses 200,
// unknown ids and bad tokens 404, absurd query values 400 or 404, never a
// 500.
func TestRoutes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 10, Daily: 2, Rand: 3}, -1)
	g := "/g/" + guild
	sa := f.tableOf(t, "secretagent").Token
	solo := f.tableOf(t, "doublets").Token
	user := f.people[0].ID
	// A game under house rules: a board of its own.
	house, err := webtest.PlayGame(context.Background(), f.st, f.reg, store.TableRow{Game: "doublets", Deal: 3, GuildID: guild,
		Options: "passes=1", Players: []store.Player{{UserID: user, Name: f.people[0].Name}}}, rand.New(rand.NewPCG(1, 2)), nil)
	require.NoError(t, err)
	require.Equal(t, "passes=1", house.Row.Options)
	day := f.clock.Now().UTC().Format("2006-01-02")
	yesterday := f.clock.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	addr := addresses{g: g, sa: sa, solo: solo, user: user, day: day, yesterday: yesterday}
	cases := append(append(addr.good(), addr.unknown()...), addr.absurd()...)
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.path, "/", "|"), func(t *testing.T) {
			code, body := f.get(t, tc.path)
			assert.Equal(t, tc.want, code, "%s: %.300s", tc.path, body)
		})
	}
	// The standard board is the default; the rules played are offered.
	_, standard := f.get(t, g+"/leaderboard/doublets")
	assert.Contains(t, standard, `<option value="passes=1">`)
	_, houseBoard := f.get(t, g+"/leaderboard/doublets?rules=passes%3D1")
	assert.Contains(t, houseBoard, `<option value="passes=1" selected>`)
	assert.Contains(t, houseBoard, "under house rules")
	// The daily deals' streaks: those who won one, by their best run.
	streaks, err := f.st.StreakBoard(context.Background(), guild, "doublets", store.Season{}, 0)
	require.NoError(t, err)
	require.NotEmpty(t, streaks, "the seed wins daily deals")
	_, streakBoard := f.get(t, g+"/leaderboard/doublets?by=streak&season=all")
	assert.Contains(t, streakBoard, "Days won in a row")
	assert.Equal(t, len(streaks), strings.Count(streakBoard, `<td class="rank">`))

	// Only reading.
	res, err := http.Post(f.url+g, "text/plain", strings.NewReader("x"))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode)
}

// route is an address and the status it answers.
type route struct {
	path string
	want int
}

// addresses are TestRoutes' fixture's: its server's pages (g), a
// Secret Agent table's token (sa), a solitaire's (solo), a player, today
// and yesterday.
type addresses struct {
	g, sa, solo, user, day, yesterday string
}

// good are the addresses that answer 200 (and one that waits for the day
// to end: 404).
func (a addresses) good() []route {
	g, sa, solo := a.g, a.sa, a.solo
	return []route{
		{"/", 200},
		{g, 200},
		{g + "/leaderboard/doublets", 200},
		{g + "/leaderboard/doublets?by=points", 200},
		{g + "/leaderboard/doublets?by=score&page=1", 200},
		{g + "/leaderboard/secretagent?by=points", 200},
		{g + "/leaderboard/doublets?by=daily", 200}, // followed to today's daily deal
		{g + "/leaderboard/doublets?season=all", 200},
		{g + "/leaderboard/doublets?season=2026-10", 200}, // before the first game: an empty board
		{g + "/leaderboard/doublets?season=2026-11&by=points&page=1", 200},
		{g + "/leaderboard/doublets?season=2026-Q4", 200},
		{g + "/leaderboard/secretagent?by=rating", 200},
		{g + "/leaderboard/doublets?by=streak&season=all", 200},
		{g + "/leaderboard/secretagent?by=rating&season=2026-10", 200}, // no ratings kept: said so
		{g + "/players/" + a.user, 200},
		{g + "/daily/doublets", 200},
		{g + "/daily/doublets/" + a.day, 200},
		{g + "/daily/doublets/" + a.yesterday, 200},
		{g + "/daily/doublets/" + a.yesterday + "/deal.png", 200},
		{g + "/daily/doublets/" + a.day + "/deal.png", 404}, // not before the day is over
		{g + "/daily/doublets/days", 200},
		{"/t/" + sa, 200},
		{"/t/" + sa + "?step=0", 200},
		{"/t/" + sa + "/at/0.png", 200},
		{"/t/" + sa + "/at/3/1.png", 200},
		{"/t/" + solo, 200},
		{"/static/style.css", 200},
		{"/livez", 200},
		{"/readyz", 200},
		{"/metrics", 200},
	}
}

// unknown are unknown ids and bad tokens: 404.
func (a addresses) unknown() []route {
	g, sa, solo := a.g, a.sa, a.solo
	return []route{
		{"/g/999999999999999999", 404},
		{"/g/not-a-server", 404},
		{"/g/" + strings.Repeat("9", 40), 404},
		{g + "/players/999999999999999999", 404},
		{g + "/players/ann", 404},
		{g + "/leaderboard/chess", 404},
		{g + "/leaderboard/DOUBLETS", 404},
		{g + "/leaderboard/..%2F..%2Fetc", 404},
		{g + "/leaderboard/doublets/extra", 404},
		{g + "/daily/secretagent", 404}, // no daily deal
		{g + "/daily/doublets/2001-01-01", 404},
		{g + "/daily/doublets/2999-01-01", 404},
		{"/t/00000000000000000000000000000000", 404},
		{"/t/" + strings.ToUpper(sa), 404},
		{"/t/" + sa[:31], 404},
		{"/t/1", 404},
		{"/t/" + sa + "/at/99999.png", 404},
		{"/t/" + sa + "/at/-1.png", 404},
		{"/t/" + sa + "/at/x.png", 404},
		{"/t/" + sa + "/at/1", 404},
		{"/t/" + sa + "/at/1/9.png", 404},
		{"/t/" + solo + "/at/1/0.png", 404}, // a solitaire has no hands
		{"/t/" + sa + "?step=99999", 404},
		{"/static/nothing.js", 404},
		{"/nowhere", 404},
		{"/../../etc/passwd", 404},
		{"/g/" + guild + "/../../etc/passwd", 404},
	}
}

// absurd are absurd query values: 400, or 404 for what is well-formed
// but not there.
func (a addresses) absurd() []route {
	g, sa := a.g, a.sa
	return []route{
		{g + "/leaderboard/doublets?page=-1", 400},
		{g + "/leaderboard/doublets?page=0", 400},
		{g + "/leaderboard/doublets?page=1e30", 400},
		{g + "/leaderboard/doublets?page=99999999999999999999999", 400},
		{g + "/leaderboard/doublets?page=1&page=2", 400},
		{g + "/leaderboard/doublets?page=999", 404},
		{g + "/leaderboard/doublets?by=drop%20table", 400},
		{g + "/leaderboard/doublets?by=wins%27%3B--", 400},
		{g + "/leaderboard/doublets?rules=cells%3D99", 404},
		{g + "/leaderboard/doublets?rules=passes%3D1", 200},
		{g + "/leaderboard/doublets?rules=passes%3D1&by=score", 200},
		{g + "/leaderboard/doublets?game=../../etc", 200}, // an unknown parameter is ignored
		{g + "/leaderboard/doublets?season=2026-13", 400},
		{g + "/leaderboard/doublets?season=2026-Q9", 400},
		{g + "/leaderboard/doublets?season=week", 400},
		{g + "/leaderboard/doublets?season=2026-11%27%3B--", 400},
		{g + "/leaderboard/doublets?season=2999-01", 404}, // yet to come
		{g + "/leaderboard/doublets?by=rating", 404},      // a solitaire has no ratings
		{g + "/leaderboard/secretagent?by=streak", 404},   // no daily deal, no streaks
		{g + "/daily/doublets/2026-13-45", 400},
		{g + "/daily/doublets/yesterday", 400},
		{g + "/daily/doublets?page=-5", 400},
		{g + "/daily/doublets/days?page=abc", 400},
		{"/t/" + sa + "?step=-1", 400},
		{"/t/" + sa + "?step=1e30", 400},
	}
}

// FuzzRouter: no address, however made, makes the router fail (500) or
// panic.
func FuzzRouter(f *testing.F) {
	fx := newFixture(f, webtest.Seed{Tables: 4, Daily: 1, Rand: 5}, -1)
	token := fx.tables[1].Token
	for _, seed := range []string{
		"/", "/g/" + guild, "/g/" + guild + "/leaderboard/doublets?by=points&page=2",
		"/g/" + guild + "/players/" + fx.people[0].ID, "/g/" + guild + "/daily/doublets/2026-11-01/deal.png",
		"/t/" + token, "/t/" + token + "?step=3", "/t/" + token + "/at/2.png", "/t/" + token + "/at/2/1.png",
		"/g/%00/leaderboard/%ff", "/t/%2e%2e/at/..%2f.png", "/g/1/daily/x/9999-99-99", "/static/../server.go",
		"/g/" + guild + "/leaderboard/doublets?rules=%E2%80%AE&by=score&page=00001",
		"/g/" + guild + "/leaderboard/doublets?season=2026-Q4&by=points", "/g/" + guild + "/leaderboard/doublets?season=0000-00",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, path string) {
		req, err := http.NewRequest(http.MethodGet, "http://dealer.test/", nil)
		require.NoError(t, err)
		p, q, _ := strings.Cut(path, "?")
		req.URL.Path, req.URL.RawQuery = p, q
		if !strings.HasPrefix(req.URL.Path, "/") {
			req.URL.Path = "/" + req.URL.Path
		}
		rec := httptest.NewRecorder()
		fx.srv.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q: %d %s", path, rec.Code, rec.Body.String())
		}
	})
}

// TestURLs: the addresses for Discord's links: web.public_url and a page's
// path, which the server then serves.
func TestURLs(t *testing.T) {
	u, err := web.NewURLs("https://dealer.example.org/")
	require.NoError(t, err)
	tok := "0123456789abcdef0123456789abcdef"
	assert.Equal(t, "https://dealer.example.org/t/"+tok, u.Table(tok))
	assert.Equal(t, "https://dealer.example.org/g/42", u.Server("42"))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets", u.Leaderboard("42", "doublets", store.ByWins, "", ""))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets?by=points", u.Leaderboard("42", "doublets", store.ByPoints, "", ""))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets?rules=passes%3D2", u.Leaderboard("42", "doublets", store.ByWins, "passes=2", ""))
	assert.Equal(t, "https://dealer.example.org/g/42/leaderboard/doublets?season=2026-10", u.Leaderboard("42", "doublets", store.ByWins, "", "2026-10"))
	assert.Equal(t, "https://dealer.example.org/g/42/players/7", u.Player("42", "7"))
	assert.Equal(t, "https://dealer.example.org/g/42/daily/doublets", u.Daily("42", "doublets", ""))
	assert.Equal(t, "https://dealer.example.org/g/42/daily/doublets/2026-11-22", u.Daily("42", "doublets", "2026-11-22"))

	prefixed, err := web.NewURLs("http://example.org:8080/dealer")
	require.NoError(t, err)
	assert.Equal(t, "http://example.org:8080/dealer/g/42", prefixed.Server("42"))

	for _, bad := range []string{"", "example.org", "ftp://example.org", "https://", "https://example.org/?a=b", "https://u:p@example.org", "://"} {
		_, err := web.NewURLs(bad)
		assert.Error(t, err, "%q", bad)
	}

	// A table's URL from its id, and the pages answer at the URLs made.
	f := newFixture(t, webtest.Seed{Tables: 3, Rand: 8}, -1)
	local, err := web.NewURLs(f.url)
	require.NoError(t, err)
	tableURL, err := local.TableOf(context.Background(), f.st, f.tables[0].ID)
	require.NoError(t, err)
	assert.Equal(t, local.Table(f.tables[0].Token), tableURL)
	_, err = local.TableOf(context.Background(), f.st, 99999)
	require.ErrorIs(t, err, store.ErrNotFound)
	for _, link := range []string{tableURL, local.Server(guild), local.Leaderboard(guild, "doublets", store.ByScore, "", ""),
		local.Player(guild, f.people[0].ID)} {
		code, _ := f.get(t, link[len(f.url):])
		assert.Equal(t, 200, code, link)
	}
}
