package bot_test

import (
	"context"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
)

// tableOf reads a table's row from the store.
func (h *harness) tableOf(id int64) store.TableRow {
	h.t.Helper()
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(h.t, err)
	return sess
}

// dealSaid matches a deal's number said: "deal #12", "deal 12".
var dealSaid = regexp.MustCompile(`(?i)deal #?[0-9]`)

// keepsDeal checks that nothing of m a player sees says deal's number:
// its text, its picture's file name and description, its link buttons.
func keepsDeal(t *testing.T, m discordtest.Message, deal uint64, what string) {
	t.Helper()
	number := regexp.MustCompile(`(^|[^0-9])` + strconv.FormatUint(deal, 10) + `([^0-9]|$)`)
	seen := []string{m.Content}
	for _, a := range m.Attachments {
		seen = append(seen, a.Filename, a.Description)
	}
	for _, b := range m.Buttons() {
		seen = append(seen, b.Label, b.URL)
		assert.Empty(t, b.URL, "%s: no link to the table's page (it names the deal)", what)
	}
	for _, s := range seen {
		assert.NotRegexp(t, dealSaid, s, what)
		if deal >= 10_000 { // smaller numbers could be a move count or a score
			assert.NotRegexp(t, number, s, what)
		}
	}
}

// TestDailyDealNumberIsKeptUntilTheDayIsOver: today's daily deal is played
// without its number: a player who knew it could practise the deal first.
// Other tables keep saying theirs.
func TestDailyDealNumberIsKeptUntilTheDayIsOver(t *testing.T) {
	h := newHarness(t)
	links, err := web.NewURLs("https://dealer.example.org")
	require.NoError(t, err)
	h.links = links
	h.restart()
	r := h.command(alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	day := time.Now().UTC().Format(time.DateOnly)
	deal, ok, err := h.st.DailyDeal(context.Background(), "doublets", day)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Contains(t, r.Content, "daily deal of "+day)
	keepsDeal(t, r.Message, deal, "the daily table")
	picture(t, r.Message)

	m := r.Message
	for k := range 3 {
		m = h.anyMove(alice, m)
		keepsDeal(t, m, deal, "after move "+strconv.Itoa(k+1))
	}
	hint := h.click(m.ID, alice, button(t, m, "Hint").CustomID)
	keepsDeal(t, hint.Message, deal, "a hint")
	ask := h.click(m.ID, alice, button(t, hint.Message, "Resign").CustomID)
	keepsDeal(t, ask.Message, deal, "resigning")
	over := h.click(m.ID, alice, button(t, ask.Message, "Yes").CustomID)
	assert.Contains(t, over.Content, "Game over")
	assert.Contains(t, over.Content, "new daily deal comes at midnight UTC")
	keepsDeal(t, over.Message, deal, "the game over")
	now, ok := h.fake.Message(m.ID)
	require.True(t, ok)
	keepsDeal(t, now, deal, "the table's message as the channel sees it")

	for _, cmd := range []struct {
		name string
		opts map[string]any
	}{
		{"leaderboard", map[string]any{"game": "doublets", "by": "daily"}},
		{"leaderboard", map[string]any{"game": "doublets"}},
		{"stats", nil},
	} {
		a := h.command(bob, cmd.name, cmd.opts)
		seen := a.Content
		for _, b := range a.Buttons() {
			seen += " " + b.Label
		}
		assert.NotRegexp(t, dealSaid, seen, "/%s %v", cmd.name, cmd.opts)
	}

	// The same deal played as an ordinary table says its number.
	p := h.command(bob, "play", map[string]any{"game": "doublets", "deal": deal})
	require.False(t, p.Ephemeral, p.Content)
	n := strconv.FormatUint(deal, 10)
	assert.Contains(t, p.Content, "deal #"+n)
	require.Len(t, p.Message.Attachments, 1)
	assert.Contains(t, p.Message.Attachments[0].Filename, n)
	assert.Contains(t, p.Message.Attachments[0].Description, "deal "+n)
}
