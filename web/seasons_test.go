package web_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web/webtest"
)

// TestBrowserSeasons: the boards by season in Chromium, at 390 and 1280 px
// (DEALER_WEB_SHOTS=dir keeps the screenshots). November's games were
// played, then one on the first of December: the board shows December's
// by default; the season selector shows November's, archived as it stood;
// all time holds both; the server's page names the season.
func TestBrowserSeasons(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 12, Daily: 3, People: webtest.People(10), Rand: 11, Games: []string{"doublets", "secretagent"}}, -1)
	ctx := context.Background()
	f.clock.Advance(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC).Sub(f.clock.Now()))
	november, err := store.ParseSeason("2026-11")
	require.NoError(t, err)
	_, err = f.st.CloseSeason(ctx, november)
	require.NoError(t, err)
	newcomer := f.people[9]
	_, err = webtest.PlayGame(ctx, f.st, f.reg, store.TableRow{Game: "doublets", Deal: 9, GuildID: guild,
		Players: []store.Player{{UserID: newcomer.ID, Name: newcomer.Name}}}, rand.New(rand.NewPCG(3, 4)), nil)
	require.NoError(t, err)
	all, err := f.st.LeaderboardPage(ctx, store.LeaderQuery{Guild: guild, Game: "doublets"})
	require.NoError(t, err)
	require.Greater(t, all.Total, 1)

	b := &browser{ctx: webtest.Browser(t), f: f, shots: webtest.ShotsDir(t)}
	t.Logf("screenshots in %s", b.shots)
	rows := `String(document.querySelectorAll(".board tbody tr").length)`
	b.open(t, "/g/"+guild+"/leaderboard/doublets")
	assert.Contains(t, b.js(t, `document.querySelector(".lead").textContent`), "December 2026")
	assert.Equal(t, "1", b.js(t, rows), "this season: the one game of December")
	assert.Equal(t, newcomer.Name, b.js(t, `document.querySelector(".board tbody .name").textContent`))
	b.shoot(t, "season-current")

	// The selector submits itself (site.js): November, from the archive.
	b.navigating(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#season");
		s.value = "2026-11"; s.dispatchEvent(new Event("change")); })()`))
	assert.Contains(t, b.js(t, `location.search`), "season=2026-11")
	assert.Contains(t, b.js(t, `document.querySelector(".lead").textContent`), "November 2026")
	archived, err := f.st.LeaderboardPage(ctx, store.LeaderQuery{Guild: guild, Game: "doublets", Season: november})
	require.NoError(t, err)
	computed, err := f.st.LeaderboardPage(ctx, store.LeaderQuery{Game: "doublets", Season: november}) // every server's: from the results
	require.NoError(t, err)
	assert.Equal(t, computed.Rows, archived.Rows, "the archive is November's results, December's game left out")
	assert.Equal(t, archived.Rows[0].Name, b.js(t, `document.querySelector(".board tbody .name").textContent`))
	b.shoot(t, "season-past")
	// The tabs keep the season.
	b.navigating(t, chromedp.Click(chromedp.CSS(`.tabs a[href*="by=score"]`)))
	assert.Contains(t, b.js(t, `location.search`), "season=2026-11")

	b.open(t, "/g/"+guild+"/leaderboard/doublets?season=all")
	assert.Contains(t, b.js(t, `document.querySelector(".lead").textContent`), "all time")
	streaks, err := f.st.StreakBoard(ctx, guild, "doublets", november, 0)
	require.NoError(t, err)
	require.NotEmpty(t, streaks)
	b.open(t, "/g/"+guild+"/leaderboard/doublets?by=streak&season=2026-11")
	assert.Equal(t, strconv.Itoa(streaks[0].Best), b.js(t, `document.querySelector(".board tbody .key").textContent`))
	b.shoot(t, "season-streaks")
	b.open(t, "/g/"+guild)
	assert.Contains(t, b.js(t, `document.querySelector(".lead").textContent`), "in December 2026")
	b.shoot(t, "season-server")
}
