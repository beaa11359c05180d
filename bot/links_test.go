package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/web"
)

// TestWebLinksAndPagesCommand: with web pages, leaderboards, statistics and
// finished tables carry link buttons to their pages; the web is told of
// every change of a table; a server's admin, and only an admin, turns its
// pages off with /web.
func TestWebLinksAndPagesCommand(t *testing.T) {
	h := newHarness(t)
	links, err := web.NewURLs("https://dealer.example.org")
	require.NoError(t, err)
	var (
		mu      sync.Mutex
		changes []int64
	)
	h.links = links
	h.onChange = func(id int64) { mu.Lock(); changes = append(changes, id); mu.Unlock() }
	h.restart()
	h.fake.AddUser(discordtest.User{ID: carol, Name: "carol", ManageServer: true})

	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	id := tableOf(t, table.Message)
	moved := h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	require.False(t, moved.Ephemeral, moved.Text())
	mu.Lock()
	assert.Contains(t, changes, id, "the web hears of the move")
	mu.Unlock()
	resigned := h.click(table.ID, alice, button(t, moved.Message, "Resign").CustomID)
	over := h.click(table.ID, alice, button(t, resigned.Message, "Yes, resign").CustomID)
	token, err := h.st.TableToken(context.Background(), id)
	require.NoError(t, err)
	replay := linkTo(t, over.Message, "Replay")
	assert.Equal(t, "https://dealer.example.org/t/"+token, replay, "the finished table links to its replay, by token")

	board := h.command(bob, "leaderboard", map[string]any{"game": "doublets"})
	assert.True(t, strings.HasPrefix(linkTo(t, board.Message, "Full leaderboard"), "https://dealer.example.org/g/"+guildID+"/leaderboard/doublets"))
	stats := h.command(bob, "stats", map[string]any{"user": alice})
	assert.Contains(t, linkTo(t, stats.Message, "All statistics"), "/players/"+alice)

	refused := h.command(alice, "web", map[string]any{"pages": "off"})
	assert.True(t, refused.Ephemeral)
	assert.Contains(t, refused.Text(), "manage this server")
	off, err := h.st.PagesOff(context.Background(), guildID)
	require.NoError(t, err)
	assert.False(t, off)
	done := h.command(carol, "web", map[string]any{"pages": "off"})
	assert.Contains(t, done.Text(), "pages are off")
	off, err = h.st.PagesOff(context.Background(), guildID)
	require.NoError(t, err)
	assert.True(t, off)
}

// linkTo is the URL of a message's link button labelled label.
func linkTo(t *testing.T, m discordtest.Message, label string) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if b.Label == label {
			require.NotEmpty(t, b.URL, "a link button")
			return b.URL
		}
	}
	t.Fatalf("no link %q among %+v", label, m.Buttons())
	return ""
}
