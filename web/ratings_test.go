package web_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web/webtest"
)

// TestBrowserRatings: a multiplayer game's rating board and a player's
// page with their rating curve, in Chromium at 390 and 1280 px
// (DEALER_WEB_SHOTS=dir keeps the screenshots); then, a season later,
// the board as it stood at the season's end.
func TestBrowserRatings(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 30, People: webtest.People(6), Rand: 5, Games: []string{"theagents", "secretagent"}}, -1)
	ctx := context.Background()
	ratings, err := f.st.Ratings(ctx, guild, "theagents", "", 0)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(ratings), 3, "the seed rates people")

	b := &browser{ctx: webtest.Browser(t), f: f, shots: webtest.ShotsDir(t)}
	t.Logf("screenshots in %s", b.shots)
	b.open(t, "/g/"+guild+"/leaderboard/theagents?by=rating")
	assert.Equal(t, strconv.Itoa(len(ratings)), b.js(t, `String(document.querySelectorAll(".board tbody tr").length)`))
	assert.Equal(t, ratings[0].Name, b.js(t, `document.querySelector(".board tbody .name").textContent`))
	assert.Equal(t, "Rating", b.js(t, `document.querySelector(".tabs [aria-current]").textContent`))
	assert.Equal(t, "Ratings of this server, today.", b.js(t, `document.querySelector(".lead").textContent`))
	b.shoot(t, "rating-board")

	best := ratings[0]
	hist, err := f.st.RatingHistory(ctx, guild, "theagents", best.UserID, 0)
	require.NoError(t, err)
	b.open(t, "/g/"+guild+"/players/"+best.UserID)
	section := `[...document.querySelectorAll("section.game")].find(s => s.querySelector("h2").textContent === "The Agents")`
	assert.Equal(t, strconv.Itoa(len(hist)), b.js(t, `String(`+section+`.querySelectorAll("svg.rating circle").length)`), "a dot a rated game")
	assert.Contains(t, b.js(t, section+`.querySelector("svg.rating title").textContent`), "now "+strconv.FormatFloat(best.Rating.Ordinal(), 'f', 1, 64))
	b.shoot(t, "rating-player")

	// The season ends; its rating board is kept as it stood.
	november := store.SeasonsMonth.Of(f.clock.Now())
	f.clock.Advance(november.End.Sub(f.clock.Now()) + time.Hour)
	_, err = f.st.CloseSeason(ctx, november)
	require.NoError(t, err)
	b.open(t, "/g/"+guild+"/leaderboard/theagents?by=rating&season="+november.Key)
	assert.Equal(t, ratings[0].Name, b.js(t, `document.querySelector(".board tbody .name").textContent`))
	assert.Contains(t, b.js(t, `document.querySelector(".board thead").textContent`), "Games")
	assert.Equal(t, "Ratings of this server, at the end of November 2026.", b.js(t, `document.querySelector(".lead").textContent`))
	b.shoot(t, "rating-board-past")
	b.open(t, "/g/"+guild+"/leaderboard/theagents?by=rating&season=2026-10")
	assert.Equal(t, "No ratings were kept at the end of October 2026.", b.js(t, `document.querySelector(".notice").textContent`))
}
