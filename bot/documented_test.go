package bot_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// nullList is a components or embeds field sent as null.
var nullList = regexp.MustCompile(`"(components|embeds)":\s*null`)

// Every body the bot sends says a message's components and embeds as
// Discord documents them, a list or no field, never null: answers with and
// without pictures, updates, deferred answers' edits, channel messages and
// DMs.
func TestBodiesSendNoNullLists(t *testing.T) {
	h := newHarness(t)
	m, _ := h.playTable(alice)
	h.moveOnce(alice, m)
	h.command(alice, "rules", map[string]any{"game": "doublets"})
	h.command(alice, "settings", map[string]any{"cards": "large"})
	h.command(alice, "privacy", map[string]any{"export": map[string]any{}})
	h.command(alice, "leaderboard", map[string]any{"game": "doublefreecell"})
	table := h.startSecretAgent()
	h.click(table.ID, alice, button(t, table, "My hand").CustomID)
	_, err := h.fake.WaitDM(alice, wait, func(discordtest.Message) bool { return true })
	require.NoError(t, err, "her hand by DM")
	// Deferred at once: the answers are webhook edits.
	h.deferAfter = time.Nanosecond
	h.restart()
	m, _ = h.playTable(alice)
	h.moveOnce(alice, m)
	h.command(alice, "rules", map[string]any{"game": "doublets"})

	sent := h.fake.Requests("")
	require.NotEmpty(t, sent)
	routes := map[string]bool{}
	for _, r := range sent {
		if len(r.JSON) == 0 {
			continue
		}
		routes[r.Route] = true
		assert.False(t, nullList.Match(r.JSON), "%s %s: %s", r.Method, r.Route, r.JSON)
	}
	for _, route := range []string{discordtest.RouteCallback, discordtest.RouteSendMessage, discordtest.RouteWebhookEdit} {
		assert.True(t, routes[route], "the scenario sent bodies to %s", route)
	}
}
