package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/web/webtest"
)

// The rules of the real Discord that the fake keeps, met by the bot: a
// clock that is not the bot's, rate limits on the bot's own messages,
// players who leave, channels the bot may not write in, old messages, the
// gateway's resume URL, the limit on invalid requests, and shards that
// identify within the gateway's concurrency.

// TestAnswersOnTimeWhateverTheClock: whatever the bot's clock says, its
// answers are on time: the 3 s are counted on Discord's clock, learnt from
// the Date of Discord's answers.
func TestAnswersOnTimeWhateverTheClock(t *testing.T) {
	for _, offset := range []time.Duration{5 * time.Second, -5 * time.Second} {
		t.Run(offset.String(), func(t *testing.T) {
			h := newHarnessWith(t, func(o *discordtest.Options) { o.ClockOffset = offset })
			table := h.command(alice, "play", map[string]any{"game": "doublefreecell"})
			require.False(t, table.Ephemeral, table.Content)
			sel := h.click(table.ID, alice, firstSource(t, table.Message).CustomID)
			assert.Equal(t, discordtest.CallbackUpdateMessage, sel.Type, "answered in place, not deferred or dropped")
			for _, tm := range h.fake.Timings() {
				assert.False(t, tm.Late, "interaction %s answered late", tm.InteractionID)
			}
			assert.NotContains(t, h.logs.String(), "too late", "no interaction judged dead on arrival")
		})
	}
}

// TestRateLimitedHandArrivesLater: a 429 on a DM delays the hand; it does
// not lose it.
func TestRateLimitedHandArrivesLater(t *testing.T) {
	h := newHarness(t)
	h.fake.RateLimitNext(discordtest.RouteSendMessage, 1, 300*time.Millisecond, false)
	h.startSecretAgent()
	dm, err := h.fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "Your agent") })
	require.NoError(t, err, "the hand comes after the rate limit")
	assert.Len(t, dm.Attachments, 1)
	assert.Contains(t, h.logs.String(), "rate limited: sending later")
}

// TestPlayerWhoLeftGetsMyHandNotice: a player who left the server (no mutual
// guild: 50278) is told, like one whose DMs are closed, to use My hand, and
// plays on with it.
func TestPlayerWhoLeftGetsMyHandNotice(t *testing.T) {
	h := newHarness(t)
	require.NoError(t, h.fake.RemoveMember(guildID, bob))
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.NoError(t, h.fake.AddMember(guildID, bob))
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	require.NoError(t, h.fake.RemoveMember(guildID, bob)) // Bob leaves the server as the game starts
	h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	notice, err := h.fake.WaitChannelMessage(channelID, wait, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "<@"+bob+">") && strings.Contains(m.Content, "My hand")
	})
	require.NoError(t, err, "the channel tells Bob to use My hand")
	assert.NotContains(t, notice.Content, "agent:", "without a card in it")
	assert.Empty(t, h.fake.DMs(bob), "no hand reached Bob by DM")
}

// TestChannelWithoutPermissionStillPlays: in a channel where the bot may not
// write, a table still plays: answers to clicks need no permission. The
// admin is told once in the log.
func TestChannelWithoutPermissionStillPlays(t *testing.T) {
	h := newHarness(t)
	table := h.startSecretAgent()
	require.NoError(t, h.fake.DenyPermission(channelID, discordtest.PermSendMessages))
	for n := 0; n < 3; n++ {
		hand := h.click(table.ID, alice, button(t, table, "My hand").CustomID)
		require.True(t, hand.Ephemeral)
		b, ok := firstEnabled(hand.Message)
		require.True(t, ok, hand.Content)
		played := h.click(hand.ID, alice, b.CustomID)
		require.Equal(t, discordtest.CallbackUpdateMessage, played.Type, "the move is answered: %s", played.LastMessage().Content)
	}
	require.True(t, h.fake.WaitUntil(wait, func() bool { return strings.Contains(h.logs.String(), "may not write in this channel") }))
	assert.Equal(t, 1, strings.Count(h.logs.String(), "may not write in this channel"), "said once")
}

// TestOldTableMessageGoesOnInAFreshOne: a table message two hours old is not
// edited (Discord caps edits of old messages): the table goes on in a fresh
// message, which then works.
func TestOldTableMessageGoesOnInAFreshOne(t *testing.T) {
	// One edit an hour of an old message: the cap is met at once.
	h := newHarnessWith(t, func(o *discordtest.Options) { o.OldMessageEdits = discordtest.Limit{N: 1, Per: time.Hour} })
	table := h.startSecretAgent()
	require.NoError(t, h.fake.AgeMessage(table.ID, 2*time.Hour))
	hand := h.click(table.ID, alice, button(t, table, "My hand").CustomID)
	b, ok := firstEnabled(hand.Message)
	require.True(t, ok, hand.Content)
	h.click(hand.ID, alice, b.CustomID)
	fresh, err := h.fake.WaitChannelMessage(channelID, wait, func(m discordtest.Message) bool {
		return m.ID != table.ID && !m.Ephemeral && !m.Deleted && strings.Contains(m.Content, "Secret Agent") && len(m.Buttons()) > 0
	})
	require.NoError(t, err, "a fresh table message")
	mine := h.click(fresh.ID, alice, button(t, fresh, "My hand").CustomID)
	assert.True(t, mine.Ephemeral)
	assert.Contains(t, mine.Content, "Secret Agent")
}

// TestResumesAtTheResumeURL: resumes go to READY's resume_gateway_url, which
// discordgo v0.29.0 ignores by itself.
func TestResumesAtTheResumeURL(t *testing.T) {
	h := newHarnessWith(t, func(o *discordtest.Options) { o.RejectResumeOnConnectURL = true })
	require.NoError(t, h.fake.WaitHeartbeat(wait))
	h.fake.DropGateway()
	require.NoError(t, h.fake.WaitResumes(1, wait))
	onResume, onConnect := h.fake.ResumeStats()
	assert.Equal(t, 1, onResume, "resumed at the resume URL")
	assert.Zero(t, onConnect)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	assert.False(t, table.Ephemeral, "the bot works after the resume")
}

// TestInvalidRequestsHoldBackRedrawsAndDMs: Discord's 401, 403 and 429
// answers (shared 429s aside) are counted in a sliding window; past the
// threshold, redraws and DMs wait until the window falls below it again,
// while players' interactions are answered.
func TestInvalidRequestsHoldBackRedrawsAndDMs(t *testing.T) {
	h := newHarness(t)
	clock := webtest.NewClock(time.Now())
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

// guildOnShard finds a guild id that Discord's formula puts on shard.
func guildOnShard(shard, count int) string {
	for n := uint64(1); ; n++ {
		id := fmt.Sprint(n<<22 + 1234567)
		if discordtest.ShardFor(id, count) == shard {
			return id
		}
	}
}

// TestShards: one process runs two shards, as GET /gateway/bot recommends: they
// identify one per 5 s window of their bucket (shortened here and checked
// by the fake), each serves its own guilds' interactions, and DM clicks,
// which only shard 0 receives, work for a table in a guild on shard 1.
func TestShards(t *testing.T) {
	g0, g1 := guildOnShard(0, 2), guildOnShard(1, 2)
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: g0, Name: "Zero", ChannelID: "900"}, {ID: g1, Name: "One", ChannelID: "901"}},
		Shards: 2, MaxConcurrency: 1, IdentifyWindow: 200 * time.Millisecond,
	})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})

	rest := fake.NewSession()
	plan, err := bot.PlanShards(rest)
	require.NoError(t, err)
	assert.Equal(t, bot.ShardPlan{Count: 2, MaxConcurrency: 1}, plan)
	shards, err := bot.ShardSessions(rest, []int{0, 1}, plan.Count)
	require.NoError(t, err)
	_, err = bot.ShardSessions(rest, []int{0, 2}, plan.Count)
	require.ErrorContains(t, err, "from 0 to 1")

	st, b := startBot(t, t.TempDir()+"/dealer.db", bot.Options{
		Session: rest, Shards: shards, MaxConcurrency: plan.MaxConcurrency, IdentifySpacing: 300 * time.Millisecond,
	}, nil)
	defer st.Close()
	defer b.Close()

	for _, g := range []struct{ guild, channel string }{{g0, "900"}, {g1, "901"}} {
		in, err := fake.SlashCommand(g.guild, g.channel, alice, "play", map[string]any{"game": "doublets"})
		require.NoError(t, err)
		r, err := in.WaitFinal(wait)
		require.NoError(t, err)
		assert.False(t, r.Ephemeral, r.Content)
		assert.Contains(t, r.Content, "Doublets")
	}

	// A Secret Agent table in the guild on shard 1; its hand comes by DM
	// and a card clicked there reaches the bot through shard 0.
	in, err := fake.SlashCommand(g1, "901", alice, "play", map[string]any{"game": "secretagent"})
	require.NoError(t, err)
	lobby, err := in.WaitFinal(wait)
	require.NoError(t, err)
	in, err = fake.Click(lobby.ID, alice, button(t, lobby.Message, "Start").CustomID)
	require.NoError(t, err)
	_, err = in.WaitFinal(wait)
	require.NoError(t, err)
	dm, err := fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Content, "Your agent") })
	require.NoError(t, err)
	var played bool
	for dealt := time.Now(); time.Since(dealt) < wait && !played; {
		dm, _ = fake.Message(dm.ID)
		if bt, ok := firstEnabled(dm); ok {
			in, err := fake.Click(dm.ID, alice, bt.CustomID)
			require.NoError(t, err)
			r, err := in.WaitFinal(wait)
			require.NoError(t, err)
			assert.NotContains(t, r.LastMessage().Content, "isn't one of mine")
			played = true
			break
		}
		fake.WaitUntil(wait, func() bool { m, _ := fake.Message(dm.ID); _, ok := firstEnabled(m); return ok })
	}
	assert.True(t, played, "a DM click was served")
	require.NoError(t, fake.CheckClean())
}
