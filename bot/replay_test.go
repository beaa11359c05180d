package bot_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store/pgtest"
)

// processes starts n bots taking interactions over HTTP, as n processes
// sharing database db would, behind one fake Discord. The fake's endpoint
// is the last one's.
func processes(t *testing.T, db string, n int) (*discordtest.Server, []*harness) {
	t.Helper()
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}}, RequireAltText: true})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	fake.AddUser(discordtest.User{ID: bob, Name: "bob"})
	var hs []*harness
	t.Cleanup(func() {
		for _, h := range hs {
			h.stop()
		}
		require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse")
	})
	for range n {
		h := &harness{t: t, fake: fake, dbPath: db, deal: 1, logs: &syncLog{}, http: true}
		h.start()
		hs = append(hs, h)
	}
	return fake, hs
}

// TestHTTPReplayToAnotherProcessIsRefused: a signed request captured and
// sent again within its minute, to another process sharing the database, is
// refused there too, on either engine.
func TestHTTPReplayToAnotherProcessIsRefused(t *testing.T) {
	engines := []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dealer.db") }},
		{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			fake, ps := processes(t, e.db(t), 2)
			first, second := ps[0], ps[1]
			require.NoError(t, fake.SetInteractionsEndpoint(first.endpoint.URL))
			in, err := fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
			require.NoError(t, err)
			r, err := in.WaitFinal(wait)
			require.NoError(t, err)
			picture(t, r.Message)
			d, err := in.WaitDelivery(wait)
			require.NoError(t, err)
			require.Equal(t, http.StatusAccepted, d.Status)
			before := len(fake.ChannelMessages(channelID))

			// The same request, byte for byte, to the other process.
			require.NoError(t, fake.SetInteractionsEndpoint(second.endpoint.URL))
			again, err := fake.PostRaw(discordtest.RawPost{Body: d.Payload, Timestamp: d.Signed})
			require.NoError(t, err)
			assert.Equal(t, http.StatusUnauthorized, again.Status, "%s", again.Body)
			assert.Zero(t, second.bot.Tables(), "no table opened by the replay")
			assert.Len(t, fake.ChannelMessages(channelID), before, "nothing posted")
			assert.Contains(t, second.logs.String(), "another process received it already")

			// Genuine interactions still go to either.
			moved := second.anyMove(alice, r.Message)
			picture(t, moved)
			assert.Len(t, second.storedMoves(tableOf(t, r.Message)), 1)
		})
	}
}

// TestHTTPReplayCheckFailsClosed: when the store cannot say whether an
// interaction was received already, it is refused (503), and nothing
// changes.
func TestHTTPReplayCheckFailsClosed(t *testing.T) {
	h := newHTTPHarness(t)
	require.NoError(t, h.st.Close()) // the database is gone
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	d, err := in.WaitDelivery(wait)
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, d.Status)
	assert.Less(t, len(d.Body), 80, "a short answer: %q", d.Body)
	_, answered := in.Response()
	assert.False(t, answered)
	assert.Zero(t, h.bot.Tables())
	assert.Empty(t, h.fake.ChannelMessages(channelID))
	assert.Contains(t, h.logs.String(), "the store could not say")
}
