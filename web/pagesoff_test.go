package web_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web/webtest"
)

// TestPagesOff: a server whose admins turned its pages off shows nothing on
// any of them, its tables' pages, pictures and live streams included, and
// says so; on again, everything is back. Another server's pages are not
// touched.
func TestPagesOff(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 8, Daily: 2, Rand: 9}, -1)
	day := f.clock.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02") // a day of the seed's daily deals
	other := webtest.Populate(t, f.st, f.reg, f.clock, webtest.Seed{Guild: "555555555555555555", People: webtest.People(3),
		Tables: 2, Rand: 4})
	ctx := context.Background()
	sa := f.tableOf(t, "secretagent")
	live := openComputerTable(t, f, "secretagent", 4)
	computerMove(t, live)
	liveToken := f.token(t, live.Row.ID)
	g := "/g/" + guild
	paths := []string{
		g, g + "/leaderboard/doublets", g + "/leaderboard/doublets?by=score&page=1", g + "/players/" + f.people[0].ID,
		g + "/daily/doublets", g + "/daily/doublets/" + day, g + "/daily/doublets/" + day + "/deal.png", g + "/daily/doublets/days",
		"/t/" + sa.Token, "/t/" + sa.Token + "?step=1", "/t/" + sa.Token + "/at/1.png", "/t/" + sa.Token + "/at/1/0.png",
		"/t/" + sa.Token + "/events", "/t/" + liveToken, "/t/" + liveToken + "/at/1.png",
	}
	stream := f.stream(t, liveToken, "")
	ev, _ := stream.next(t)
	require.Equal(t, "table", ev)

	require.NoError(t, f.st.SetPagesOff(ctx, guild, true))
	f.srv.Notify(live.Row.ID)
	ev, _ = stream.next(t)
	assert.Equal(t, "reload", ev, "an open live page reloads, to show the notice")
	for _, p := range paths {
		code, body := f.get(t, p)
		assert.Equal(t, http.StatusForbidden, code, p)
		assert.Contains(t, body, "turned its pages off", p)
		for _, person := range f.people {
			assert.NotContains(t, body, person.Name, "%s shows nothing of the server", p)
		}
		assert.NotContains(t, body, "Secret Agent", p)
		assert.NotContains(t, body, "\x89PNG", p)
	}
	code, _ := f.get(t, "/t/"+other[0].Token)
	assert.Equal(t, http.StatusOK, code, "another server's pages stay on")
	code, _ = f.get(t, "/g/555555555555555555")
	assert.Equal(t, http.StatusOK, code)

	require.NoError(t, f.st.SetPagesOff(ctx, guild, false))
	for _, p := range paths[:len(paths)-3] {
		if p == "/t/"+sa.Token+"/events" {
			continue // a closed table has no stream to follow (it answers, and ends)
		}
		code, body := f.get(t, p)
		assert.Equal(t, http.StatusOK, code, fmt.Sprintf("%s: %.200s", p, body))
	}
}

// TestStreakCountsServersWithPagesOn: a player's daily streak on a server's
// pages counts only the days won in servers whose pages are on: a day won
// in a server that turned its pages off is not counted (nor shown) on any
// page.
func TestStreakCountsServersWithPagesOn(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Rand: 10}, -1)
	ctx := context.Background()
	const other = "777777777777777777"
	p := f.people[0]
	today := f.clock.Now().UTC()
	won := func(server string, back int) {
		id, err := f.st.CreateDaily(ctx, store.TableRow{Game: "doublets", Deal: 5, Seats: 1, GuildID: server, ChannelID: "1",
			OwnerID: p.ID, Players: []store.Player{{UserID: p.ID, Name: p.Name}}}, today.AddDate(0, 0, -back).Format(time.DateOnly))
		require.NoError(t, err)
		v, err := f.st.Version(ctx, id)
		require.NoError(t, err)
		_, err = f.st.Finish(ctx, id, v, store.StatusWon, []store.Result{{Seat: 0, UserID: p.ID, Name: p.Name, Score: 9, Won: true}})
		require.NoError(t, err)
	}
	won(guild, 3)
	won(other, 2)
	won(guild, 1)
	cases := []struct {
		name          string
		otherOff      bool
		current, best int
	}{
		{"both servers' pages on", false, 3, 3},
		{"the other server's pages off", true, 1, 1},
	}
	for _, tc := range cases {
		require.NoError(t, f.st.SetPagesOff(ctx, other, tc.otherOff))
		code, html := f.get(t, "/g/"+guild+"/players/"+p.ID)
		require.Equal(t, http.StatusOK, code, tc.name)
		assert.Contains(t, html, fmt.Sprintf("a streak of %d day", tc.current), tc.name)
		assert.Contains(t, html, fmt.Sprintf("the best %d.", tc.best), tc.name)
	}
}

// TestDailyTableHidesTodaysDeal: today's daily deal's table page does not
// say its deal number, in its text or its picture, until the day is over
// (in Discord as here): the number would let a player practise the deal
// first.
func TestDailyTableHidesTodaysDeal(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Rand: 11}, -1)
	ctx := context.Background()
	p := f.people[0]
	day := f.clock.Now().UTC().Format(time.DateOnly)
	id, err := f.st.CreateDaily(ctx, store.TableRow{Game: "doublets", Deal: 424242, Seats: 1, GuildID: guild, ChannelID: "1",
		OwnerID: p.ID, Players: []store.Player{{UserID: p.ID, Name: p.Name}}}, day)
	require.NoError(t, err)
	token, err := f.st.TableToken(ctx, id)
	require.NoError(t, err)

	code, html := f.get(t, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	assert.NotContains(t, html, "424242", "today's deal number is kept")
	code, hidden := f.get(t, "/t/"+token+"/at/0.png")
	require.Equal(t, http.StatusOK, code)

	f.clock.Advance(24 * time.Hour) // the day is over
	code, html = f.get(t, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, html, "deal #424242", "shown once the day is over")
	other, err := f.st.CreateTable(ctx, store.TableRow{Game: "doublets", Deal: 424242, Seats: 1, GuildID: guild, ChannelID: "1",
		OwnerID: p.ID, Players: []store.Player{{UserID: p.ID, Name: p.Name}}})
	require.NoError(t, err)
	otherToken, err := f.st.TableToken(ctx, other)
	require.NoError(t, err)
	code, shown := f.get(t, "/t/"+otherToken+"/at/0.png")
	require.Equal(t, http.StatusOK, code)
	assert.NotEqual(t, hidden, shown, "the picture of the hidden deal leaves its number out")
}
