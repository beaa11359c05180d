package bot_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
)

// testClock is a clock the test moves on.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestInvalidRequestsHoldBackRedrawsAndDMs: Discord's 401, 403 and 429
// answers (shared 429s aside) are counted in a sliding window; past the
// threshold, redraws and DMs wait until the window falls below it again,
// while players' interactions are answered.
func TestInvalidRequestsHoldBackRedrawsAndDMs(t *testing.T) {
	h := newHarness(t)
	clock := &testClock{t: time.Now()}
	const holdAt = 3
	bot.SetInvalidRequests(h.bot, holdAt, clock.Now)

	// Answers rate limited for a moment, and retried in time.
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond, Times: 2})
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond, Times: 2, Scope: "shared"})
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	assert.Equal(t, 2, bot.InvalidRequests(h.bot), "shared 429s do not count")

	// One more: the letters wait from now on.
	h.fake.Inject(discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: 10 * time.Millisecond})
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.False(t, lobby.Ephemeral, lobby.Content)
	values := gathered(t, h.metrics)
	assert.Equal(t, 3.0, values["dealer_invalid_requests_total,status=429"])
	assert.Equal(t, 3.0, values["dealer_invalid_requests"])
	table := h.click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.False(t, table.Ephemeral, table.Content)
	require.Eventually(t, func() bool { return gathered(t, h.metrics)["dealer_sends_held_back"] >= 1 }, wait, 10*time.Millisecond,
		"the hand's DM waits")
	// Answers still go.
	hand := h.click(table.ID, alice, button(t, table.Message, "My hand").CustomID)
	assert.True(t, hand.Ephemeral)
	assert.Empty(t, h.fake.DMs(alice), "no DM while held back")

	// The window moves on past the invalid requests: the hand comes.
	clock.Advance(bot.InvalidWindow + time.Minute)
	bot.SetInvalidRequests(h.bot, holdAt, clock.Now)
	dm, err := h.fake.WaitDM(alice, wait, func(discordtest.Message) bool { return true })
	require.NoError(t, err)
	picture(t, dm)
	assert.Zero(t, bot.InvalidRequests(h.bot))
	logs := h.logs.String()
	assert.Contains(t, logs, "holding back redraws and DMs")
	assert.Contains(t, logs, "redraws and DMs go again")
	assert.False(t, strings.Contains(logs, "sending a hand by DM failed"), "the held hand was not lost")
}
