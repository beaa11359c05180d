package discordtest_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// installedInteraction is what a user-installed app reads of an
// interaction: where it comes from and who authorized it.
type installedInteraction struct {
	ID             string            `json:"id"`
	Token          string            `json:"token"`
	Context        int               `json:"context"`
	AppPermissions string            `json:"app_permissions"`
	Owners         map[string]string `json:"authorizing_integration_owners"`
	GuildID        string            `json:"guild_id"`
	ChannelID      string            `json:"channel_id"`
	User           *struct {
		ID string `json:"id"`
	} `json:"user"`
}

// nextInstalled reads the bot's next interaction as a user install sees it.
func nextInstalled(t *testing.T, bot *rawBot) (installedInteraction, rawInteraction) {
	t.Helper()
	e := bot.next("INTERACTION_CREATE")
	var in installedInteraction
	require.NoError(t, json.Unmarshal(e.Data, &in))
	var raw rawInteraction
	require.NoError(t, json.Unmarshal(e.Data, &raw))
	return in, raw
}

const userInstallCommands = `[{"name":"t","description":"test","integration_types":[0,1],"contexts":[0,1,2]},
	{"name":"servers","description":"a server's","integration_types":[0],"contexts":[0]}]`

// A user-installed app's interactions: in a DM between users and a group
// DM (context 2) and in the DM with the bot (context 1), authorized by the
// user's install alone, with the permissions Discord documents there; a
// click on its answer is authorized as the command was, and only the
// channel's users may click; a command not registered for user installs
// cannot be used.
func TestUserInstalledInteractions(t *testing.T) {
	fake := newFake(t, discordtest.Options{})
	bot := newRawBot(t, fake, "", userInstallCommands)
	dm := must[string](t)(fake.UserDM(alice, bob))
	fake.AddUser(discordtest.User{ID: "1100000000000000009", Name: "carol"})
	gdm := must[string](t)(fake.GroupDM(alice, bob))
	for _, tc := range []struct {
		name, channel, clicker string
		context                int
		perms                  string
	}{
		{"a DM between users", dm, bob, 2, "180224"},
		{"a group DM", gdm, bob, 2, "180224"},
		{"the DM with the bot", "", alice, 1, "442368"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := must[*discordtest.Interaction](t)(fake.UserInstalledCommand(tc.channel, alice, "t", nil))
			in, raw := nextInstalled(t, bot)
			assert.Equal(t, tc.context, in.Context)
			assert.Equal(t, map[string]string{"1": alice}, in.Owners, "the user's install alone")
			assert.Equal(t, tc.perms, in.AppPermissions)
			assert.Empty(t, in.GuildID)
			require.NotNil(t, in.User)
			if tc.channel != "" {
				assert.Equal(t, tc.channel, in.ChannelID)
			}
			bot.respond(raw, map[string]any{"type": 4, "data": map[string]any{"content": "hi", "components": []any{row(button("go", "Go"))}}})
			r := must[discordtest.Response](t)(h.WaitFinal(time.Second))
			must[*discordtest.Interaction](t)(fake.Click(r.ID, tc.clicker, "go"))
			click, _ := nextInstalled(t, bot)
			assert.Equal(t, map[string]string{"1": alice}, click.Owners, "a click is authorized as the command was")
			if tc.channel != "" {
				_, err := fake.Click(r.ID, "1100000000000000009", "go")
				assert.Error(t, err, "Carol is not in that channel")
			}
		})
	}
	_, err := fake.UserInstalledCommand(gdm, alice, "servers", nil)
	assert.ErrorContains(t, err, "not registered for user installs")
	require.NoError(t, fake.CheckClean())
}

// Where the bot is not a member it may not use the channel's routes (403 /
// 50001, a violation), and a user install's interaction takes five
// follow-ups, not a sixth (400 / 40094).
func TestUserInstallLimits(t *testing.T) {
	fake := newFake(t, discordtest.Options{MaxInvalidRequests: -1, RateLimits: discordtest.RateLimits{Off: true}})
	bot := newRawBot(t, fake, "", userInstallCommands)
	gdm := must[string](t)(fake.GroupDM(alice, bob))
	h := must[*discordtest.Interaction](t)(fake.UserInstalledCommand(gdm, alice, "t", nil))
	_, raw := nextInstalled(t, bot)
	bot.respond(raw, map[string]any{"type": 4, "data": map[string]any{"content": "table"}})
	r := must[discordtest.Response](t)(h.WaitFinal(time.Second))
	for _, tc := range []struct {
		method, path string
	}{
		{"POST", "/channels/" + gdm + "/messages"},
		{"PATCH", "/channels/" + gdm + "/messages/" + r.ID},
		{"GET", "/channels/" + gdm + "/messages"},
	} {
		st, b := bot.call(tc.method, tc.path, map[string]any{"content": "x"})
		assert.Equal(t, 403, st, "%s %s", tc.method, tc.path)
		assert.Equal(t, 50001, code(b), "%s %s", tc.method, tc.path)
	}
	assert.Len(t, fake.Violations(), 3, "each a violation: the interaction said where it was")
	fake.ClearViolations()
	for n := 1; n <= discordtest.MaxUserInstallFollowups+1; n++ {
		st, b := bot.webhook("POST", raw, "", map[string]any{"content": "more", "flags": 64})
		if n <= discordtest.MaxUserInstallFollowups {
			assert.Equal(t, 200, st, "follow-up #%d: %s", n, b)
			continue
		}
		assert.Equal(t, 400, st, "follow-up #%d", n)
		assert.Equal(t, 40094, code(b))
	}
	assert.Len(t, fake.Violations(), 1)
	fake.ClearViolations()
}
