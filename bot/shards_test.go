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
)

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
