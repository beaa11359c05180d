package bot_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
)

func TestHintLightsTheNextMoveAndCounts(t *testing.T) {
	h := newHarness(t)
	m := h.play(alice)
	id := tableOf(t, m)
	r := h.click(m.ID, alice, button(t, m, "Hint").CustomID)
	require.False(t, r.Ephemeral, r.Content)
	assert.Contains(t, r.Content, "💡")
	hints, err := h.st.Hints(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 1, hints)
	assert.Empty(t, h.storedMoves(id), "a hint is not a move")
	if strings.Contains(r.Content, "Hint 1: `") {
		// The hinted move's source is selected: its destination is lit.
		move := regexp.MustCompile("Hint 1: `([^`]+)`").FindStringSubmatch(r.Content)[1]
		var lit bool
		for _, b := range r.Buttons() {
			lit = lit || strings.HasSuffix(b.CustomID, ":m"+move)
		}
		assert.True(t, lit, "the hinted move %q is a button", move)
	}
}

// clickMove clicks the button that makes move on a table message.
func (h *harness) clickMove(m discordtest.Message, move string) discordtest.Message {
	h.t.Helper()
	for _, b := range m.Buttons() {
		if !b.Disabled && strings.HasSuffix(b.CustomID, ":m"+move) {
			r := h.click(m.ID, alice, b.CustomID)
			require.False(h.t, r.Ephemeral, r.Content)
			return r.Message
		}
	}
	h.t.Fatalf("no button makes %q: %q", move, m.CustomIDs())
	return m
}

func TestDailyDealOneAttemptBoardAndStreak(t *testing.T) {
	h := newHarness(t)
	r := h.command(alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	day := time.Now().UTC().Format(time.DateOnly)
	assert.Contains(t, r.Content, "daily deal of "+day)
	deal, ok, err := h.st.DailyDeal(context.Background(), "doublets", day)
	require.NoError(t, err)
	require.True(t, ok)

	// Bob gets the same deal; Alice gets no second attempt.
	rb := h.command(bob, "daily", map[string]any{"game": "doublets"})
	assert.Equal(t, deal, h.tableOf(tableOf(t, rb.Message)).Deal)
	again := h.command(alice, "daily", map[string]any{"game": "doublets"})
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Content, "today's")

	// The daily deal is one the solver wins: play its solution by buttons.
	info, _ := catalog.Registry().Lookup("doublets")
	g, err := info.New(deal, 1)
	require.NoError(t, err)
	sol := info.Solve(g, 10*time.Second)
	require.Equal(t, "solved", sol.Verdict.String())
	m := r.Message
	for _, move := range sol.Moves {
		m = h.clickMove(m, move)
	}
	assert.Contains(t, m.Content, "Won")

	board := h.command(bob, "leaderboard", map[string]any{"game": "doublets", "by": "daily"})
	assert.Contains(t, board.Content, "<@"+alice+"> — 🏆 won")
	assert.Contains(t, board.Content, "<@"+bob+"> — playing")
	stats := h.command(alice, "stats", nil)
	assert.Contains(t, stats.Content, "streak of 1 day")
}
