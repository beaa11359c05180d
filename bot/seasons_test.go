package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web/webtest"
)

// A season rolls over at midnight UTC of the first (the store's clock, a
// test clock here): the board of the new season starts empty, the old one
// is still there by season:, and a minute later it is archived and its
// final board posted in the channel a server's admin chose with /season.
func TestSeasonRollsOverAtMidnight(t *testing.T) {
	h := newHarness(t)
	h.clock = testkit.NewClock(time.Date(2026, 11, 30, 23, 0, 0, 0, time.UTC))
	h.restart()
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol", ManageServer: true})

	refused := h.command(alice, "season", map[string]any{"channel": channelID})
	assert.True(t, refused.Ephemeral)
	assert.Contains(t, refused.Text(), "manage this server")
	shown := h.command(alice, "season", nil)
	assert.Contains(t, shown.Text(), "The season is **November 2026**; it ends at midnight UTC on 2026-12-01")
	assert.Contains(t, shown.Text(), "posted nowhere")
	saved := h.command(carol, "season", map[string]any{"channel": channelID})
	assert.Contains(t, saved.Text(), "posted in <#"+channelID+">")

	h.resignSolitaire(alice, map[string]any{"game": "doublets"})
	h.resignSolitaire(bob, map[string]any{"game": "doublets"})
	november := h.command(alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.Contains(t, november.Text(), "(season: November 2026)")
	assert.Contains(t, november.Text(), "<@"+alice+">")

	h.clock.Advance(time.Hour) // midnight UTC, the first of December
	december := h.command(alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.Contains(t, december.Text(), "(season: December 2026)")
	assert.Contains(t, december.Text(), "No finished games this season")
	assert.NotContains(t, december.Text(), "<@"+alice+">")
	last := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "season": "2026-11"})
	assert.Contains(t, last.Text(), "<@"+bob+">", "the last season, computed until it is archived")

	h.clock.Advance(time.Minute) // the last writes have landed: archived and posted
	final, err := h.fake.WaitChannelMessage(channelID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "season is over")
	})
	require.NoError(t, err)
	assert.Contains(t, final.Content, "The November 2026 season is over")
	assert.Contains(t, final.Content, "**Doublets**")
	assert.Contains(t, final.Content, "<@"+alice+">")
	archived, err := h.st.SeasonArchived(context.Background(), guildID, "2026-11")
	require.NoError(t, err)
	assert.True(t, archived)

	choices := h.autocomplete(alice, "leaderboard", map[string]any{"game": "doublets"}, "season", "")
	var names []string
	for _, c := range choices {
		names = append(names, fmt.Sprint(c.Name, "=", c.Value))
	}
	assert.Equal(t, []string{"this season (December 2026)=current", "all time=all", "November 2026=2026-11"}, names)
	assert.Len(t, h.autocomplete(alice, "leaderboard", map[string]any{"game": "doublets"}, "season", "nov"), 1, "filtered by what is typed")
	allTime := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "season": "all"})
	assert.Contains(t, allTime.Text(), "(all time)")
	assert.Contains(t, allTime.Text(), "<@"+alice+">")
	for _, bad := range []string{"2027-01", "2026-13", "' OR 1=1 --"} {
		r := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "season": bad})
		assert.True(t, r.Ephemeral, bad)
		assert.Contains(t, r.Text(), "Choose a season from the list", bad)
	}
	off := h.command(carol, "season", map[string]any{"off": true})
	assert.Contains(t, off.Text(), "posted nowhere")
}

// /leaderboard by:rating ranks a multiplayer game's people by rating, and
// /stats says a player's rating, their rank in the server and its change
// over their last games; a solitaire has no ratings.
func TestRatingsBoardAndStats(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	for n := range 3 {
		_, err := webtest.PlayGame(ctx, h.st, catalog.Registry(), store.TableRow{Game: "theagents", Deal: uint64(n + 1), GuildID: guildID,
			Players: []store.Player{{UserID: alice, Name: "alice"}, {Seat: 1, UserID: bob, Name: "bob"}}}, rand.New(rand.NewPCG(uint64(n), 9)), nil)
		require.NoError(t, err)
	}
	ratings, err := h.st.Ratings(ctx, guildID, "theagents", "", 0)
	require.NoError(t, err)
	require.Len(t, ratings, 2)

	board := h.command(alice, "leaderboard", map[string]any{"game": "theagents", "by": "rating"})
	assert.Contains(t, board.Text(), "The Agents — ratings of this server** (today)")
	for _, r := range ratings {
		assert.Contains(t, board.Text(), fmt.Sprintf("%d. <@%s> — rating %.1f, 3 games", r.Rank, r.UserID, r.Rating.Ordinal()))
	}
	noDaily := h.command(alice, "leaderboard", map[string]any{"game": "theagents", "by": "streak"})
	assert.True(t, noDaily.Ephemeral)
	assert.Contains(t, noDaily.Text(), "The Agents has no daily deal")
	streaks := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "by": "streak", "season": "all"})
	assert.Contains(t, streaks.Text(), "Doublets — daily deal streaks of this server** (all time)")
	assert.Contains(t, streaks.Text(), "Nobody has won a daily deal here")
	solitaire := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "by": "rating"})
	assert.True(t, solitaire.Ephemeral)
	assert.Contains(t, solitaire.Text(), "Ratings are for multiplayer games")

	mine, err := h.st.RatingOf(ctx, guildID, "theagents", alice)
	require.NoError(t, err)
	stats := h.command(bob, "stats", map[string]any{"user": alice})
	assert.Contains(t, stats.Text(), fmt.Sprintf("rating %.1f (#%d in this server, %+.1f over the last 3 games)",
		mine.Rating.Ordinal(), mine.Rank, mine.Rating.Ordinal()), "three games from a new player's 0")

}
