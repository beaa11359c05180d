package bot_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
)

func TestHintLightsTheNextMoveAndCounts(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	r := h.click(m.ID, alice, button(t, m, "Hint").CustomID)
	require.False(t, r.Ephemeral, r.Text())
	assert.Contains(t, r.Text(), "💡")
	hints, err := h.st.Hints(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 1, hints)
	assert.Empty(t, h.storedMoves(id), "a hint is not a move")
	if strings.Contains(r.Text(), "Hint 1: `") {
		// The hinted move's source is selected: its destination is lit.
		move := regexp.MustCompile("Hint 1: `([^`]+)`").FindStringSubmatch(r.Text())[1]
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
			require.False(h.t, r.Ephemeral, r.Text())
			return r.Message
		}
	}
	h.t.Fatalf("no button makes %q: %q", move, m.CustomIDs())
	return m
}

func TestDailyDealOneAttemptBoardAndStreak(t *testing.T) {
	h := newHarness(t)
	r := h.command(alice, "daily", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	day := time.Now().UTC().Format(time.DateOnly)
	assert.Contains(t, r.Text(), "daily deal of "+day)
	deal, ok, err := h.st.DailyDeal(context.Background(), "doublets", day)
	require.NoError(t, err)
	require.True(t, ok)

	// Bob gets the same deal; Alice gets no second attempt.
	rb := h.command(bob, "daily", map[string]any{"game": "doublets"})
	assert.Equal(t, deal, h.tableOf(tableOf(t, rb.Message)).Deal)
	again := h.command(alice, "daily", map[string]any{"game": "doublets"})
	assert.True(t, again.Ephemeral)
	assert.Contains(t, again.Text(), "today's")

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
	assert.Contains(t, m.Text(), "Won")

	board := h.command(bob, "leaderboard", map[string]any{"game": "doublets", "by": "daily"})
	assert.Contains(t, board.Text(), "<@"+alice+"> — 🏆 won")
	assert.Contains(t, board.Text(), "<@"+bob+"> — playing")
	stats := h.command(alice, "stats", nil)
	assert.Contains(t, stats.Text(), "streak of 1 day")
}

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
	seen := []string{m.Text()}
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
	require.False(t, r.Ephemeral, r.Text())
	day := time.Now().UTC().Format(time.DateOnly)
	deal, ok, err := h.st.DailyDeal(context.Background(), "doublets", day)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Contains(t, r.Text(), "daily deal of "+day)
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
	assert.Contains(t, over.Text(), "Game over")
	assert.Contains(t, over.Text(), "new daily deal comes at midnight UTC")
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
		seen := a.Text()
		for _, b := range a.Buttons() {
			seen += " " + b.Label
		}
		assert.NotRegexp(t, dealSaid, seen, "/%s %v", cmd.name, cmd.opts)
	}

	// The same deal played as an ordinary table says its number.
	p := h.command(bob, "play", map[string]any{"game": "doublets", "deal": deal})
	require.False(t, p.Ephemeral, p.Text())
	n := strconv.FormatUint(deal, 10)
	assert.Contains(t, p.Text(), "deal #"+n)
	require.Len(t, p.Message.Attachments, 1)
	assert.Contains(t, p.Message.Attachments[0].Filename, n)
	assert.Contains(t, p.Message.Attachments[0].Description, "deal "+n)
}
