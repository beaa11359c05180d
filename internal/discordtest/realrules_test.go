package discordtest_test

// Discord's rules that bite in production: rate limits, the invalid-request
// budget, guild membership, channel permissions, the cap on edits of old
// messages, a clock that differs from the bot's, resume_gateway_url,
// follow-ups, and the official OpenAPI schema of request bodies.

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

const (
	channel2ID = "1234567890123456791" // a second channel of guildID
	guild2ID   = "2234567890123456789"
	channel3ID = "2234567890123456790" // guild2ID's channel
)

var rateHeaders = []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After", "X-RateLimit-Bucket"}

func twoGuilds() []discordtest.Guild {
	return []discordtest.Guild{
		{ID: guildID, Name: "Card Club", ChannelID: channelID, Channels: []string{channel2ID}},
		{ID: guild2ID, Name: "Other Club", ChannelID: channel3ID},
	}
}

func decode(t *testing.T, body string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(body), &m), body)
	return m
}

// slashed makes alice run /t in channel and returns both ends of it.
func slashed(t *testing.T, fake *discordtest.Server, bot *rawBot, channel string) (*discordtest.Interaction, rawInteraction) {
	t.Helper()
	h, err := fake.SlashCommand(guildID, channel, alice, "t", nil)
	require.NoError(t, err)
	return h, bot.nextInteraction()
}

// TestRateLimitHeaders: every REST answer carries the X-RateLimit-* headers
// and a Date; a bucket's hash names the limit, not the channel; the
// interaction-token routes share one bucket.
func TestRateLimitHeaders(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
	msg := msgID(t, body)
	_, in := slashed(t, fake, bot, channelID)
	st, _ := bot.respond(in, map[string]any{"type": 5})
	require.Equal(t, 204, st)

	buckets := map[string]string{}
	for _, c := range []struct {
		name, method, path string
		body               any
	}{
		{"create", "POST", "/channels/" + channelID + "/messages", map[string]any{"content": "y"}},
		{"create elsewhere", "POST", "/channels/" + channel2ID + "/messages", map[string]any{"content": "y"}},
		{"edit", "PATCH", "/channels/" + channelID + "/messages/" + msg, map[string]any{"content": "z"}},
		{"get channel", "GET", "/channels/" + channelID, nil},
		{"open DM", "POST", "/users/@me/channels", map[string]any{"recipient_id": alice}},
		{"follow-up", "POST", "/webhooks/" + fake.AppID() + "/" + in.Token, map[string]any{"content": "f"}},
		{"edit original", "PATCH", "/webhooks/" + fake.AppID() + "/" + in.Token + "/messages/@original", map[string]any{"content": "o"}},
		{"commands", "PUT", "/applications/" + fake.AppID() + "/guilds/" + guildID + "/commands", `[{"name":"t","description":"test"}]`},
	} {
		st, body, h := bot.callHeader(c.method, c.path, c.body)
		require.Less(t, st, 300, "%s: %s", c.name, body)
		for _, k := range rateHeaders {
			assert.NotEmpty(t, h.Get(k), "%s: %s", c.name, k)
		}
		_, err := http.ParseTime(h.Get("Date"))
		assert.NoError(t, err, "%s: Date header", c.name)
		buckets[c.name] = h.Get("X-RateLimit-Bucket")
	}
	assert.Equal(t, buckets["create"], buckets["create elsewhere"], "the bucket hash leaves out the channel")
	assert.NotEqual(t, buckets["create"], buckets["edit"])
	assert.Equal(t, buckets["follow-up"], buckets["edit original"], "one bucket per interaction token")
	assert.Empty(t, fake.Violations())
}

// TestRateLimitPerRoute: past a per-route limit: Discord's 429, per
// top-level resource, and shared by the routes of a bucket.
func TestRateLimitPerRoute(t *testing.T) {
	t.Parallel()
	post := func(channel string) limitStep {
		return func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
			return bot.callHeader("POST", "/channels/"+channel+"/messages", map[string]any{"content": "x"})
		}
	}
	for _, c := range []struct {
		name  string
		route string
		setup func(t *testing.T, bot *rawBot, fake *discordtest.Server) (hit, other limitStep)
	}{
		{"message create, per channel", discordtest.RouteSendMessage, func(t *testing.T, bot *rawBot, fake *discordtest.Server) (limitStep, limitStep) {
			return post(channelID), post(channel2ID)
		}},
		{"message edit, per channel", discordtest.RouteEditMessage, func(t *testing.T, bot *rawBot, fake *discordtest.Server) (limitStep, limitStep) {
			_, b := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
			id := msgID(t, b)
			_, b = bot.call("POST", "/channels/"+channel2ID+"/messages", map[string]any{"content": "x"})
			id2 := msgID(t, b)
			edit := func(ch, id string) limitStep {
				return func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
					return bot.callHeader("PATCH", "/channels/"+ch+"/messages/"+id, map[string]any{"content": "y"})
				}
			}
			return edit(channelID, id), edit(channel2ID, id2)
		}},
		{"DM channel create, per bot", discordtest.RouteCreateDM, func(t *testing.T, bot *rawBot, fake *discordtest.Server) (limitStep, limitStep) {
			return func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
				return bot.callHeader("POST", "/users/@me/channels", map[string]any{"recipient_id": alice})
			}, post(channelID)
		}},
		{"command bulk overwrite, per guild", discordtest.RouteGuildCommands, func(t *testing.T, bot *rawBot, fake *discordtest.Server) (limitStep, limitStep) {
			put := func(path string) limitStep {
				return func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
					return bot.callHeader("PUT", path, `[{"name":"t","description":"test"}]`)
				}
			}
			return put("/applications/" + fake.AppID() + "/guilds/" + guildID + "/commands"),
				put("/applications/" + fake.AppID() + "/guilds/" + guild2ID + "/commands")
		}},
		{"interaction webhooks, per token and shared", discordtest.RouteFollowup, interactionWebhookSteps},
	} {
		t.Run(c.name, func(t *testing.T) { checkRouteLimit(t, c.route, c.setup) })
	}
}

// limitStep is one request of a rate-limit test: its status, body and
// headers.
type limitStep func(t *testing.T, bot *rawBot, fake *discordtest.Server) (int, string, http.Header)

// interactionWebhookSteps are follow-ups of one interaction (and an edit of
// its @original, in the same bucket), and another interaction's.
func interactionWebhookSteps(t *testing.T, bot *rawBot, fake *discordtest.Server) (limitStep, limitStep) {
	var ins []rawInteraction
	for range 2 {
		_, in := slashed(t, fake, bot, channelID)
		st, b := bot.respond(in, map[string]any{"type": 5})
		require.Equal(t, 204, st, b)
		ins = append(ins, in)
	}
	n := 0
	return func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
			n++
			if n == 2 { // an edit of @original counts in the same bucket as follow-ups
				return bot.callHeader("PATCH", "/webhooks/"+fake.AppID()+"/"+ins[0].Token+"/messages/@original", map[string]any{"content": "o"})
			}
			return bot.callHeader("POST", "/webhooks/"+fake.AppID()+"/"+ins[0].Token, map[string]any{"content": "f"})
		}, func(t *testing.T, bot *rawBot, _ *discordtest.Server) (int, string, http.Header) {
			return bot.callHeader("POST", "/webhooks/"+fake.AppID()+"/"+ins[1].Token, map[string]any{"content": "f"})
		}
}

// checkRouteLimit: a route limited to 2 an hour answers two of setup's hit
// steps, then Discord's 429 with its headers, while setup's other step (a
// request to another top-level resource) goes through; the 429 counts
// against the invalid-request budget.
func checkRouteLimit(t *testing.T, route string, setup func(t *testing.T, bot *rawBot, fake *discordtest.Server) (hit, other limitStep)) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{Guilds: twoGuilds(), RateLimits: discordtest.RateLimits{
		Routes: map[string]discordtest.Limit{route: {N: 2, Per: time.Hour}}}})
	bot := newRawBot(t, fake, "", `[{"name":"t","description":"test"}]`) // global: no guild bucket used
	hit, other := setup(t, bot, fake)
	invalid := fake.InvalidRequests()
	var bucket string
	for i := range 2 {
		st, body, h := hit(t, bot, fake)
		require.Less(t, st, 300, "request %d: %s", i+1, body)
		assert.Equal(t, "2", h.Get("X-RateLimit-Limit"))
		assert.Equal(t, strconv.Itoa(1-i), h.Get("X-RateLimit-Remaining"))
		bucket = h.Get("X-RateLimit-Bucket")
	}
	st, body, h := hit(t, bot, fake)
	require.Equal(t, 429, st, body)
	m := decode(t, body)
	assert.Equal(t, "You are being rate limited.", m["message"])
	assert.Equal(t, false, m["global"])
	retry, _ := m["retry_after"].(float64)
	assert.True(t, retry > 0 && retry <= 3600, "retry_after %v", m["retry_after"])
	ra, err := strconv.Atoi(h.Get("Retry-After"))
	assert.NoError(t, err)
	assert.GreaterOrEqual(t, ra, 1)
	assert.Equal(t, "user", h.Get("X-RateLimit-Scope"))
	assert.Equal(t, "0", h.Get("X-RateLimit-Remaining"))
	assert.Equal(t, bucket, h.Get("X-RateLimit-Bucket"))
	assert.Empty(t, h.Get("X-RateLimit-Global"))

	st, body, _ = other(t, bot, fake)
	assert.Less(t, st, 300, "another top-level resource has its own count: %s", body)
	assert.Empty(t, fake.Violations(), "a 429 is not a violation")
	assert.Equal(t, invalid+1, fake.InvalidRequests(), "but it counts against the invalid-request budget")
}

// TestGlobalRateLimit: the global limit: Discord's 429 shape, and
// interaction endpoints exempt.
func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{RateLimits: discordtest.RateLimits{Global: discordtest.Limit{N: 3, Per: time.Hour}}})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)    // 1: the commands
	for _, path := range []string{"/channels/" + channelID, "/users/" + alice} { // 2, 3
		st, body := bot.call("GET", path, nil)
		require.Equal(t, 200, st, body)
	}
	st, body, h := bot.callHeader("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
	require.Equal(t, 429, st, body)
	m := decode(t, body)
	assert.Equal(t, true, m["global"])
	assert.Equal(t, "You are being rate limited.", m["message"])
	assert.Greater(t, m["retry_after"], 0.0)
	assert.Equal(t, "true", h.Get("X-RateLimit-Global"))
	assert.Equal(t, "global", h.Get("X-RateLimit-Scope"))
	assert.NotEmpty(t, h.Get("Retry-After"))
	assert.Empty(t, fake.ChannelMessages(channelID), "refused before it was served")

	// Interaction endpoints are not bound to the global limit.
	_, in := slashed(t, fake, bot, channelID)
	st, body = bot.respond(in, map[string]any{"type": 5})
	require.Equal(t, 204, st, body)
	st, body = bot.webhook("POST", in, "", map[string]any{"content": "done"})
	require.Equal(t, 200, st, body)
	st, body = bot.webhook("PATCH", in, "@original", map[string]any{"content": "done!"})
	require.Equal(t, 200, st, body)
}

// TestRateLimitsOff: rate limits can be turned off: no 429 and no headers.
func TestRateLimitsOff(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{RateLimits: discordtest.RateLimits{Off: true}})
	bot := newRawBot(t, fake, guildID, "")
	for i := range 12 {
		st, body, h := bot.callHeader("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
		require.Equal(t, 200, st, "message %d: %s", i, body)
		assert.Empty(t, h.Get("X-RateLimit-Bucket"))
	}
}

// TestInvalidRequestBudget: every 4xx the bot causes counts; CheckClean
// fails past the bound; injected faults do not count.
func TestInvalidRequestBudget(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{MaxInvalidRequests: 2})
	bot := newRawBot(t, fake, guildID, "")
	fake.FailNext(discordtest.RouteGetChannel, 1, 500)
	fake.RateLimitNext(discordtest.RouteGetChannel, 1, time.Second, false)
	for _, want := range []int{500, 429, 200} {
		st, body := bot.call("GET", "/channels/"+channelID, nil)
		require.Equal(t, want, st, body)
	}
	require.Zero(t, fake.InvalidRequests(), "injected faults are not the bot's doing")

	_, body := bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": bob}) // bob's DMs are closed
	dm := msgID(t, body)
	for i := 1; i <= 3; i++ {
		st, body := bot.call("POST", "/channels/"+dm+"/messages", map[string]any{"content": "your hand"})
		require.Equal(t, 403, st, body)
		require.Equal(t, 50007, code(body))
		require.Equal(t, i, fake.InvalidRequests())
		if i <= 2 {
			require.NoError(t, fake.CheckClean(), "within the bound")
		}
	}
	err := fake.CheckClean()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "3 invalid request(s)")
	assert.Contains(t, err.Error(), "3× 403/50007 "+discordtest.RouteSendMessage)
	assert.Equal(t, map[string]int{"403/50007 " + discordtest.RouteSendMessage: 3}, fake.InvalidRequestsBy())
}

// TestRemoveMember: a player who leaves every server the bot shares with
// them can no longer be sent a DM: 50278, not 50007.
func TestRemoveMember(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	_, body := bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": alice})
	dm := msgID(t, body)
	send := func() (int, string) {
		return bot.call("POST", "/channels/"+dm+"/messages", map[string]any{"content": "your hand"})
	}
	steps := []struct {
		name        string
		act         func() error
		status, err int
	}{
		{"member of both", func() error { return nil }, 200, 0},
		{"left one, still shares the other", func() error { return fake.RemoveMember(guildID, alice) }, 200, 0},
		{"left both", func() error { return fake.RemoveMember(guild2ID, alice) }, 403, 50278},
		{"back in one", func() error { return fake.AddMember(guild2ID, alice) }, 200, 0},
		{"gone again", func() error { return fake.RemoveMember(guild2ID, alice) }, 403, 50278},
	}
	for _, s := range steps {
		require.NoError(t, s.act(), s.name)
		st, body := send()
		assert.Equal(t, s.status, st, "%s: %s", s.name, body)
		assert.Equal(t, s.err, code(body), "%s: %s", s.name, body)
		if s.err == 50278 {
			assert.Equal(t, "Cannot send messages to this user due to having no mutual guilds", decode(t, body)["message"])
		}
	}
	// Opening the DM channel still works, as on Discord; sending does not.
	st, body := bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": alice})
	assert.Equal(t, 200, st, body)
	assert.Equal(t, dm, msgID(t, body))
	// Their membership is gone; they cannot use the bot in that guild.
	st, body = bot.call("GET", "/guilds/"+guildID+"/members/"+alice, nil)
	assert.Equal(t, 404, st)
	assert.Equal(t, 10007, code(body))
	assert.False(t, fake.IsMember(guildID, alice))
	_, err := fake.SlashCommand(guildID, channelID, alice, "t", nil)
	assert.ErrorContains(t, err, "not a member")
	assert.Empty(t, fake.Violations(), "the bot could not have known")
	assert.Equal(t, 3, fake.InvalidRequests(), "two 50278s and a 10007")
}

// TestDenyPermission: channel permissions taken from the bot: channel
// endpoints answer 50013 / 50001; interaction responses need none.
func TestDenyPermission(t *testing.T) {
	t.Parallel()
	png := discordtest.File{Name: "t.png", ContentType: "image/png", Data: []byte("\x89PNG")}
	type call struct {
		method, path string
		file         bool
		status, code int
	}
	for _, c := range []struct {
		name  string
		perm  int64
		calls func(msg string) []call
	}{
		{"SEND_MESSAGES", discordtest.PermSendMessages, func(msg string) []call {
			return []call{
				{"POST", "/channels/" + channelID + "/messages", false, 403, 50013},
				{"PATCH", "/channels/" + channelID + "/messages/" + msg, false, 403, 50013},
				{"GET", "/channels/" + channelID + "/messages/" + msg, false, 200, 0},
				{"POST", "/channels/" + channel2ID + "/messages", false, 200, 0}, // another channel
			}
		}},
		{"ATTACH_FILES", discordtest.PermAttachFiles, func(msg string) []call {
			return []call{
				{"POST", "/channels/" + channelID + "/messages", true, 403, 50013},
				{"PATCH", "/channels/" + channelID + "/messages/" + msg, true, 403, 50013},
				{"POST", "/channels/" + channelID + "/messages", false, 200, 0},
			}
		}},
		{"VIEW_CHANNEL", discordtest.PermViewChannel, func(msg string) []call {
			return []call{
				{"GET", "/channels/" + channelID, false, 403, 50001},
				{"POST", "/channels/" + channelID + "/messages", false, 403, 50001},
				{"PATCH", "/channels/" + channelID + "/messages/" + msg, false, 403, 50001},
				{"GET", "/channels/" + channelID + "/messages/" + msg, false, 403, 50001},
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
			bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
			_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "table"})
			msg := msgID(t, body)
			require.NoError(t, fake.DenyPermission(channelID, c.perm))
			for _, k := range c.calls(msg) {
				var files []discordtest.File
				if k.file {
					files = append(files, png)
				}
				st, body := bot.call(k.method, k.path, map[string]any{"content": "x"}, files...)
				assert.Equal(t, k.status, st, "%s %s: %s", k.method, k.path, body)
				assert.Equal(t, k.code, code(body), "%s %s: %s", k.method, k.path, body)
			}
			if m, _ := fake.Message(msg); m.Content != "table" {
				t.Errorf("a refused edit changed the message: %q", m.Content)
			}
			checkInteractionWithout(t, fake, bot, c.perm, png)

			assert.Empty(t, fake.Violations(), "permissions change under the bot: not a violation")
			require.NoError(t, fake.AllowPermission(channelID, c.perm))
			st, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"}, png)
			assert.Equal(t, 200, st, body)
		})
	}
}

// checkInteractionWithout: an interaction in a channel where the bot lacks
// perm carries the reduced app_permissions, and its response and
// follow-ups (with a picture) need no permission.
func checkInteractionWithout(t *testing.T, fake *discordtest.Server, bot *rawBot, perm int64, png discordtest.File) {
	_, err := fake.SlashCommand(guildID, channelID, alice, "t", nil)
	require.NoError(t, err)
	ev := bot.next("INTERACTION_CREATE")
	var in rawInteraction
	require.NoError(t, json.Unmarshal(ev.Data, &in))
	var perms struct {
		AppPermissions string `json:"app_permissions"`
	}
	require.NoError(t, json.Unmarshal(ev.Data, &perms))
	p, err := strconv.ParseInt(perms.AppPermissions, 10, 64)
	require.NoError(t, err)
	assert.Zero(t, p&perm, "app_permissions lacks it")
	assert.NotZero(t, p&discordtest.PermEmbedLinks, "and keeps the rest")
	st, body := bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "answer"}}, png)
	assert.Equal(t, 204, st, body)
	st, body = bot.webhook("POST", in, "", map[string]any{"content": "more"}, png)
	assert.Equal(t, 200, st, body)
}

// TestOldMessageEditCap: messages older than an hour take only so many edits
// per channel: then 429 with code 30046. Fresh messages and interaction
// updates are not capped.
func TestOldMessageEditCap(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{OldMessageEdits: discordtest.Limit{N: 2, Per: time.Hour},
		RateLimits: discordtest.RateLimits{Routes: map[string]discordtest.Limit{discordtest.RouteEditMessage: {N: -1}}}})
	bot := newRawBot(t, fake, guildID, "")
	post := func() string {
		_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "table",
			"components": []any{row(button("b", "B"))}})
		return msgID(t, body)
	}
	old, fresh := post(), post()
	require.NoError(t, fake.AgeMessage(old, 2*time.Hour))
	m, _ := fake.Message(old)
	require.WithinDuration(t, time.Now().Add(-2*time.Hour), m.Created, time.Minute)

	edit := func(id, content string) (int, string, http.Header) {
		return bot.callHeader("PATCH", "/channels/"+channelID+"/messages/"+id, map[string]any{"content": content})
	}
	for _, c := range []string{"edit 1", "edit 2"} {
		st, body, _ := edit(old, c)
		require.Equal(t, 200, st, body)
	}
	st, body, h := edit(old, "edit 3")
	require.Equal(t, 429, st, body)
	e := decode(t, body)
	assert.EqualValues(t, 30046, e["code"])
	assert.Equal(t, "Maximum number of edits to messages older than 1 hour reached. Try again later", e["message"])
	assert.Greater(t, e["retry_after"], 0.0)
	assert.Equal(t, false, e["global"])
	assert.NotEmpty(t, h.Get("Retry-After"))
	m, _ = fake.Message(old)
	assert.Equal(t, "edit 2", m.Content, "the refused edit changed nothing")

	for i := range 3 {
		st, body, _ := edit(fresh, "fresh "+strconv.Itoa(i))
		require.Equal(t, 200, st, "a message under an hour old is not capped: %s", body)
	}
	// A button on the old message still gets its update (type 7).
	_, err := fake.Click(old, alice, "b")
	require.NoError(t, err)
	st, body = bot.respond(bot.nextInteraction(), map[string]any{"type": 7, "data": map[string]any{"content": "updated"}})
	require.Equal(t, 204, st, body)
	m, _ = fake.Message(old)
	assert.Equal(t, "updated", m.Content)
	assert.Empty(t, fake.Violations())
	assert.Equal(t, 1, fake.InvalidRequests())
}

// TestClockOffset: the fake's clock may differ from the bot's: ids,
// timestamps and the Date header follow the fake's; the 3 s deadline runs
// from the dispatch.
func TestClockOffset(t *testing.T) {
	t.Parallel()
	for _, off := range []time.Duration{5 * time.Second, -5 * time.Second, time.Hour} {
		t.Run(off.String(), func(t *testing.T) {
			t.Parallel()
			fake := newFake(t, discordtest.Options{ClockOffset: off})
			bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
			inRange := func(what string, got, from, to time.Time, slack time.Duration) {
				t.Helper()
				assert.False(t, got.Before(from.Add(off-slack)) || got.After(to.Add(off+slack)),
					"%s: %v not within [%v, %v] shifted by %v", what, got, from, to, off)
			}
			before := time.Now()
			h, err := fake.SlashCommand(guildID, channelID, alice, "t", nil)
			require.NoError(t, err)
			in := bot.nextInteraction()
			st, body := bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "on time"}})
			require.Equal(t, 204, st, "answered at once: within the deadline whatever the clocks say: %s", body)
			st, body, hdr := bot.callHeader("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x"})
			require.Equal(t, 200, st, body)
			after := time.Now()

			inRange("interaction id", discordtest.SnowflakeTime(in.ID), before, after, time.Millisecond)
			inRange("message id", discordtest.SnowflakeTime(msgID(t, body)), before, after, time.Millisecond)
			ts, err := time.Parse(time.RFC3339Nano, decode(t, body)["timestamp"].(string))
			require.NoError(t, err)
			inRange("message timestamp", ts, before, after, time.Millisecond)
			date, err := http.ParseTime(hdr.Get("Date"))
			require.NoError(t, err)
			inRange("Date header", date, before, after, time.Second)
			reset, err := strconv.ParseFloat(hdr.Get("X-RateLimit-Reset"), 64)
			require.NoError(t, err)
			inRange("X-RateLimit-Reset", time.UnixMilli(int64(reset*1000)), before, after.Add(5*time.Second), time.Second)

			assert.False(t, h.Created.Before(before) || h.Created.After(after), "Created is the real time of the dispatch")
			r, err := h.WaitFinal(wait)
			require.NoError(t, err)
			assert.Equal(t, "on time", r.Content)
		})
	}
}

// gatewayClient is a bare gateway connection.
type gatewayClient struct {
	t  *testing.T
	ws *websocket.Conn
}

func dialGateway(t *testing.T, url string) *gatewayClient {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url+"?v=9&encoding=json", nil)
	require.NoError(t, err)
	t.Cleanup(func() { ws.Close() })
	c := &gatewayClient{t, ws}
	require.Equal(t, 10, c.read().Op, "HELLO")
	return c
}

func (c *gatewayClient) read() rawEvent {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(wait))
	var e rawEvent
	require.NoError(c.t, c.ws.ReadJSON(&e))
	return e
}

func (c *gatewayClient) send(op int, d any) {
	require.NoError(c.t, c.ws.WriteJSON(map[string]any{"op": op, "d": d}))
}

// TestResumeGatewayURL: READY's resume_gateway_url is another address than
// the connect URL; resumes are served on both and counted by where they
// went.
func TestResumeGatewayURL(t *testing.T) {
	t.Parallel()
	for _, strict := range []bool{false, true} {
		t.Run("RejectResumeOnConnectURL="+strconv.FormatBool(strict), func(t *testing.T) {
			t.Parallel()
			fake := newFake(t, discordtest.Options{RejectResumeOnConnectURL: strict})
			c := dialGateway(t, fake.GatewayURL())
			c.send(2, map[string]any{"token": "Bot " + fake.Token(), "intents": 1, "properties": map[string]any{"os": "linux"}})
			ready := c.read()
			require.Equal(t, "READY", ready.T)
			var r struct {
				SessionID string `json:"session_id"`
				ResumeURL string `json:"resume_gateway_url"`
			}
			require.NoError(t, json.Unmarshal(ready.Data, &r))
			assert.Equal(t, fake.ResumeGatewayURL(), r.ResumeURL)
			assert.NotEqual(t, strings.TrimSuffix(fake.GatewayURL(), "/ws"), r.ResumeURL)
			seq := ready.S
			for c.read().T != "GUILD_CREATE" {
			}
			seq++

			resume := func(url string) rawEvent {
				c.ws.Close() // an abrupt drop: the session stays resumable
				c = dialGateway(t, url)
				c.send(6, map[string]any{"token": "Bot " + fake.Token(), "session_id": r.SessionID, "seq": seq})
				return c.read()
			}
			require.Equal(t, "RESUMED", resume(r.ResumeURL).T)
			on, off := fake.ResumeStats()
			assert.Equal(t, [2]int{1, 0}, [2]int{on, off})

			e := resume(fake.GatewayURL())
			if strict {
				assert.Equal(t, 9, e.Op, "INVALID_SESSION on the connect URL")
				assert.Equal(t, "false", string(e.Data), "not resumable")
			} else {
				assert.Equal(t, "RESUMED", e.T)
				on, off := fake.ResumeStats()
				assert.Equal(t, [2]int{1, 1}, [2]int{on, off})
			}
		})
	}
}

// TestFollowupsAfterDeferral: a follow-up is accepted after any deferral,
// with files and components (multipart), always waited for, and recorded
// like other messages.
func TestFollowupsAfterDeferral(t *testing.T) {
	t.Parallel()
	png := discordtest.File{Name: "hand.png", ContentType: "image/png", Data: []byte("\x89PNG hand")}
	hand := map[string]any{"content": "your hand", "flags": 64, "components": []any{row(button("play", "Play"))},
		// "id": "0" names files[0]. (Discord's docs write it as the number 0,
		// which the official OpenAPI schema refuses: it wants a snowflake
		// string, which is what discordgo sends.)
		"attachments": []any{map[string]any{"id": "0", "filename": "hand.png"}}}
	for _, c := range []struct {
		name      string
		ack       map[string]any
		component bool // a button click (type 6 needs one)
		ephemeral bool
		replaces  bool // the follow-up replaces the "thinking…" message
	}{
		{"after type 5, ephemeral", map[string]any{"type": 5, "data": map[string]any{"flags": 64}}, false, true, true},
		{"after type 5, public", map[string]any{"type": 5}, false, false, true},
		{"after type 6", map[string]any{"type": 6}, true, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fake := newFake(t, discordtest.Options{})
			bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
			var h *discordtest.Interaction
			var err error
			if c.component {
				_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "table",
					"components": []any{row(button("my hand", "My hand"))}})
				h, err = fake.Click(msgID(t, body), alice, "my hand")
			} else {
				h, err = fake.SlashCommand(guildID, channelID, alice, "t", nil)
			}
			require.NoError(t, err)
			in := bot.nextInteraction()
			st, body := bot.respond(in, c.ack)
			require.Equal(t, 204, st, body)
			st, body = bot.webhook("POST", in, "", hand, png) // no ?wait=true
			require.Equal(t, 200, st, body)
			wire := decode(t, body)
			assert.Len(t, wire["attachments"], 1)
			assert.Len(t, wire["components"], 1)

			r, err := h.WaitFinal(wait)
			require.NoError(t, err)
			got := r.LastMessage()
			assert.Equal(t, msgID(t, body), got.ID)
			assert.Equal(t, "your hand", got.Content)
			assert.Equal(t, c.ephemeral, got.Ephemeral)
			assert.Equal(t, []string{"play"}, got.CustomIDs())
			if assert.Len(t, got.Attachments, 1) {
				assert.Equal(t, png.Data, got.Attachments[0].Data)
			}
			assert.Equal(t, c.replaces, len(r.Followups) == 0)
			assert.Empty(t, fake.Violations())
		})
	}
}

// TestSchemaRefusesBadBodies: a body that breaks Discord's official OpenAPI
// schema is refused like Discord (400 / 50035), recorded as a violation, and
// changes nothing; JSON bodies and multipart payload_json alike.
func TestSchemaRefusesBadBodies(t *testing.T) {
	t.Parallel()
	png := discordtest.File{Name: "t.png", ContentType: "image/png", Data: []byte("\x89PNG")}
	bad := func(style int) map[string]any {
		return map[string]any{"type": 2, "style": style, "custom_id": "b", "label": "B"}
	}
	for _, c := range []struct {
		name   string
		send   func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string)
		where  string // the failing field's path in the 50035 "errors"
		reason string // the OpenAPI operation named in the violation
	}{
		{"button with style 9", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			return bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"components": []any{row(bad(9))}})
		}, "components.0.components.0.style", "POST /channels/{channel_id}/messages"},
		{"content that is a number", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			return bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": 5})
		}, "content", "POST /channels/{channel_id}/messages"},
		{"embeds that are not a list", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			return bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"embeds": map[string]any{"title": "x"}})
		}, "embeds", "POST /channels/{channel_id}/messages"},
		{"edit with a number as content", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			_, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "ok"})
			return bot.call("PATCH", "/channels/"+channelID+"/messages/"+msgID(t, body), map[string]any{"content": 5})
		}, "content", "PATCH /channels/{channel_id}/messages/{message_id}"},
		{"callback with a button of style 9", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			_, in := slashed(t, fake, bot, channelID)
			return bot.respond(in, map[string]any{"type": 4, "data": map[string]any{"content": "x", "components": []any{row(bad(9))}}})
		}, "data.components.0.components.0.style", "POST /interactions/{interaction_id}/{interaction_token}/callback"},
		{"multipart follow-up with style 9", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			_, in := slashed(t, fake, bot, channelID)
			st, body := bot.respond(in, map[string]any{"type": 5})
			require.Equal(t, 204, st, body)
			return bot.webhook("POST", in, "", map[string]any{"content": "x", "components": []any{row(bad(9))}}, png)
		}, "components.0.components.0.style", "POST /webhooks/{webhook_id}/{webhook_token}"},
		{"webhook edit with a number as content", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			_, in := slashed(t, fake, bot, channelID)
			st, body := bot.respond(in, map[string]any{"type": 5})
			require.Equal(t, 204, st, body)
			return bot.webhook("PATCH", in, "@original", map[string]any{"content": 5})
		}, "content", "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
		{"DM with a recipient that is no snowflake", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			return bot.call("POST", "/users/@me/channels", map[string]any{"recipient_id": "alice"})
		}, "recipient_id", "POST /users/@me/channels"},
		{"command whose name is a number", func(t *testing.T, fake *discordtest.Server, bot *rawBot) (int, string) {
			return bot.call("PUT", "/applications/"+fake.AppID()+"/guilds/"+guildID+"/commands", `[{"name":5,"description":"x"}]`)
		}, "0.name", "PUT /applications/{application_id}/guilds/{guild_id}/commands"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fake := newFake(t, discordtest.Options{})
			bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
			before := len(fake.ChannelMessages(channelID))
			st, body := c.send(t, fake, bot)
			require.Equal(t, 400, st, body)
			e := decode(t, body)
			assert.EqualValues(t, 50035, e["code"])
			assert.Equal(t, "Invalid Form Body", e["message"])
			node, _ := e["errors"].(map[string]any)
			for _, k := range strings.Split(c.where, ".") {
				next, ok := node[k].(map[string]any)
				require.True(t, ok, "no errors.%s in %s", c.where, body)
				node = next
			}
			assert.NotEmpty(t, node["_errors"], body)
			v := fake.Violations()
			require.Len(t, v, 1)
			assert.Contains(t, v[0], "OpenAPI schema ("+c.reason+")")
			after := fake.ChannelMessages(channelID)
			assert.LessOrEqual(t, len(after), before+1, "nothing was sent")
			for _, m := range after {
				assert.NotEqual(t, "x", m.Content, "nothing was sent")
			}
		})
	}
}

// TestDiscordgoHonoursTheHeaders: discordgo reads the headers: it waits for
// a bucket to reset instead of running into 429s, whatever Discord's clock
// says (it uses X-RateLimit-Reset-After).
func TestDiscordgoHonoursTheHeaders(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{ClockOffset: time.Hour, RateLimits: discordtest.RateLimits{
		Routes: map[string]discordtest.Limit{discordtest.RouteSendMessage: {N: 2, Per: 200 * time.Millisecond}}}})
	sess := fake.NewSession() // REST only: no gateway needed
	sess.ShouldRetryOnRateLimit = false
	for i := range 7 {
		_, err := sess.ChannelMessageSend(channelID, "message "+strconv.Itoa(i))
		require.NoError(t, err, "message %d", i)
	}
	assert.Len(t, fake.ChannelMessages(channelID), 7)
	for _, r := range fake.Requests(discordtest.RouteSendMessage) {
		assert.Equal(t, 200, r.Status)
	}
	assert.Zero(t, fake.InvalidRequests())
}

// TestSchemaSample: Options.SchemaSample validates one body in n per route
// against the schema (the first, then every n-th): a bad body in between
// passes the schema, not the fake's own checks.
func TestSchemaSample(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{SchemaSample: 3, RateLimits: discordtest.RateLimits{Off: true}})
	bot := newRawBot(t, fake, guildID, "")
	var refused []int
	for i := range 7 {
		st, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "x",
			"allowed_mentions": map[string]any{"parse": []any{"everybody"}}})
		if st == 400 {
			assert.EqualValues(t, 50035, code(body))
			refused = append(refused, i)
		}
	}
	assert.Equal(t, []int{0, 3, 6}, refused)
	assert.Len(t, fake.Violations(), 3)
}
