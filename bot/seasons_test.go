package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
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
	assert.Contains(t, refused.Content, "manage this server")
	shown := h.command(alice, "season", nil)
	assert.Contains(t, shown.Content, "The season is **November 2026**; it ends at midnight UTC on 2026-12-01")
	assert.Contains(t, shown.Content, "posted nowhere")
	saved := h.command(carol, "season", map[string]any{"channel": channelID})
	assert.Contains(t, saved.Content, "posted in <#"+channelID+">")

	h.resignSolitaire(alice, map[string]any{"game": "doublets"})
	h.resignSolitaire(bob, map[string]any{"game": "doublets"})
	november := h.command(alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.Contains(t, november.Content, "(season: November 2026)")
	assert.Contains(t, november.Content, "<@"+alice+">")

	h.clock.Advance(time.Hour) // midnight UTC, the first of December
	december := h.command(alice, "leaderboard", map[string]any{"game": "doublets"})
	assert.Contains(t, december.Content, "(season: December 2026)")
	assert.Contains(t, december.Content, "No finished games this season")
	assert.NotContains(t, december.Content, "<@"+alice+">")
	last := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "season": "2026-11"})
	assert.Contains(t, last.Content, "<@"+bob+">", "the last season, computed until it is archived")

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
	assert.Contains(t, allTime.Content, "(all time)")
	assert.Contains(t, allTime.Content, "<@"+alice+">")
	for _, bad := range []string{"2027-01", "2026-13", "' OR 1=1 --"} {
		r := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "season": bad})
		assert.True(t, r.Ephemeral, bad)
		assert.Contains(t, r.Content, "Choose a season from the list", bad)
	}
	off := h.command(carol, "season", map[string]any{"off": true})
	assert.Contains(t, off.Content, "posted nowhere")
}
