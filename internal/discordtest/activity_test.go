package discordtest_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestEntryPointCommandRules: an app's one Entry Point command has a
// handler and no options; no other command has a handler.
func TestEntryPointCommandRules(t *testing.T) {
	t.Parallel()
	checkCommandBodies(t, []commandBody{
		{"answered by the app", `[{"type":4,"name":"launch","description":"Open","handler":1}]`, true},
		{"launched by Discord", `[{"type":4,"name":"launch","description":"Open","handler":2},{"name":"play","description":"Deal"}]`, true},
		{"no handler", `[{"type":4,"name":"launch","description":"Open"}]`, false},
		{"an unknown handler", `[{"type":4,"name":"launch","description":"Open","handler":3}]`, false},
		{"two", `[{"type":4,"name":"launch","description":"Open","handler":1},{"type":4,"name":"open","description":"Open","handler":1}]`, false},
		{"options", `[{"type":4,"name":"launch","description":"Open","handler":1,"options":[{"type":3,"name":"game","description":"x"}]}]`, false},
		{"a handler on a slash command", `[{"name":"play","description":"Deal","handler":1}]`, false},
	})
}

// TestActivityInstances: LAUNCH_ACTIVITY answers an Entry Point command
// (and no autocomplete); the instance it starts is looked up by the bot's
// token, with who is in it as they join and leave, and is gone with its
// last user.
func TestActivityInstances(t *testing.T) {
	fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	fake.AddUser(discordtest.User{ID: bob, Name: "bob"})
	require.NoError(t, fake.AddMember(guildID, alice))
	bot := newRawBot(t, fake, guildID, `[{"type":4,"name":"launch","description":"Open","handler":1}]`)
	in, err := fake.EntryPoint(guildID, "", alice)
	require.NoError(t, err)
	st, body := bot.call("POST", "/interactions/"+in.ID+"/"+in.Token+"/callback", `{"type":12}`)
	require.Equal(t, http.StatusNoContent, st, body)
	a, ok := in.Activity()
	require.True(t, ok)

	lookup := func() (int, map[string]any) {
		st, body := bot.call("GET", "/applications/"+fake.AppID()+"/activity-instances/"+a.ID, "")
		var out map[string]any
		_ = json.Unmarshal([]byte(body), &out)
		return st, out
	}
	require.NoError(t, fake.JoinActivity(a.ID, bob))
	st, got := lookup()
	require.Equal(t, 200, st)
	assert.Equal(t, a.ID, got["instance_id"])
	assert.Equal(t, []any{alice, bob}, got["users"])
	loc, _ := got["location"].(map[string]any)
	assert.Equal(t, "gc", loc["kind"])
	assert.Equal(t, guildID, loc["guild_id"])

	fake.LeaveActivity(a.ID, alice)
	fake.LeaveActivity(a.ID, bob)
	st, _ = lookup()
	assert.Equal(t, 404, st, "the instance ended with its last user")
	require.Error(t, fake.JoinActivity(a.ID, alice))
}
