package bot_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
)

// Interactions over HTTP: the fake POSTs them, signed, to the bot's
// endpoint; the bot answers each through the callback endpoint, as on the
// gateway, then 202 with no body.

// answeredOverHTTP checks that every interaction so far came over HTTP and
// was answered 202 after its callback (the fake records a violation
// otherwise), and that no gateway connection was ever opened.
func (h *harness) answeredOverHTTP() {
	h.t.Helper()
	ins := h.fake.Interactions()
	require.NotEmpty(h.t, ins)
	for _, in := range ins {
		d, err := in.WaitDelivery(wait)
		require.NoError(h.t, err)
		assert.Equal(h.t, http.StatusAccepted, d.Status, "interaction %s: %s", in.ID, d.Body)
		assert.Empty(h.t, d.Body)
	}
	identifies, resumes := h.fake.GatewayStats()
	assert.Zero(h.t, identifies+resumes, "no gateway session")
	assert.Zero(h.t, h.fake.Connections(), "no gateway connection")
}

func TestHTTPSolitairePlaysByButtons(t *testing.T) {
	h := newHTTPHarness(t)
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	m := r.Message
	id := tableOf(t, m)
	picture(t, m)
	for range 3 {
		m = h.anyMove(alice, m)
		picture(t, m)
	}
	// A restart is a new process behind the same URL: the table goes on.
	h.restart()
	m = h.anyMove(alice, m)
	assert.Len(t, h.storedMoves(id), 4)
	ask := h.click(m.ID, alice, button(t, m, "Resign").CustomID)
	over := h.click(m.ID, alice, button(t, ask.Message, "Yes").CustomID)
	assert.Contains(t, over.Content, "Game over")
	h.answeredOverHTTP()
}

func TestHTTPLobbyClick(t *testing.T) {
	h := newHTTPHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.False(t, lobby.Ephemeral, lobby.Content)
	id := tableOf(t, lobby.Message)
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, r.Content, "<@"+bob+">", "Bob joined")
	r = h.choose(lobby.ID, alice, menu(t, r.Message, "Add a computer"), "easy")
	assert.Contains(t, r.Content, "(easy)")
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Len(t, sess.Players, 3, "alice, bob and a computer player")
	h.answeredOverHTTP()
}

func TestHTTPDeferredAnswer(t *testing.T) {
	h := newHTTPHarness(t)
	h.deferring() // every answer is deferred, then edited in
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	r, err := in.WaitFinal(wait)
	require.NoError(t, err)
	assert.Equal(t, discordtest.CallbackDeferredMessage, callbackType(t, r.Callback.JSON))
	picture(t, r.Message)
	h.answeredOverHTTP()
}

func TestHTTPForgeriesAreRefusedAndChangeNothing(t *testing.T) {
	h := newHTTPHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"}).Message
	id := tableOf(t, table)
	before := len(h.fake.ChannelMessages(channelID))
	for _, f := range []discordtest.Forgery{discordtest.BadSignature, discordtest.MissingSignature, discordtest.StaleTimestamp} {
		t.Run(f.String(), func(t *testing.T) {
			tests := []struct {
				name string
				send func() (*discordtest.Interaction, error)
			}{
				{"a move", func() (*discordtest.Interaction, error) {
					b, ok := firstMove(table)
					require.True(t, ok)
					return h.fake.Click(table.ID, alice, b.CustomID)
				}},
				{"resign", func() (*discordtest.Interaction, error) {
					return h.fake.Click(table.ID, alice, button(t, table, "Resign").CustomID)
				}},
				{"a new table", func() (*discordtest.Interaction, error) {
					return h.fake.SlashCommand(guildID, channelID, bob, "play", map[string]any{"game": "doublefreecell"})
				}},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					h.fake.ForgeNext(f)
					in, err := tt.send()
					require.NoError(t, err)
					d, err := in.WaitDelivery(wait)
					require.NoError(t, err)
					assert.Equal(t, http.StatusUnauthorized, d.Status)
					_, answered := in.Response()
					assert.False(t, answered, "a forged interaction gets no answer")
				})
			}
		})
	}
	assert.Empty(t, h.storedMoves(id), "no move was made")
	assert.Equal(t, 1, h.bot.Tables(), "no table was opened")
	assert.Len(t, h.fake.ChannelMessages(channelID), before, "nothing was posted")
	now, ok := h.fake.Message(table.ID)
	require.True(t, ok)
	assert.Equal(t, table.Edits(), now.Edits(), "the table was not redrawn")
	// And the table still plays.
	m := h.anyMove(alice, now)
	assert.Len(t, h.storedMoves(id), 1)
	picture(t, m)
}

// TestHTTPWithDiscordsClockOff: Discord signs with its own clock: a host
// clock ten minutes off changes nothing, as the bot compares with Discord's
// clock (read from its answers).
func TestHTTPWithDiscordsClockOff(t *testing.T) {
	for _, off := range []time.Duration{10 * time.Minute, -10 * time.Minute} {
		t.Run(off.String(), func(t *testing.T) {
			h := newHarnessMode(t, true, func(o *discordtest.Options) { o.ClockOffset = off })
			r := h.command(alice, "play", map[string]any{"game": "doublets"})
			require.False(t, r.Ephemeral, r.Content)
			h.anyMove(alice, r.Message)
			assert.Len(t, h.storedMoves(tableOf(t, r.Message)), 1)
			h.answeredOverHTTP()
		})
	}
}

func TestHTTPReplaysAreRefused(t *testing.T) {
	h := newHTTPHarness(t)
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	_, err = in.WaitFinal(wait)
	require.NoError(t, err)
	d, err := in.WaitDelivery(wait)
	require.NoError(t, err)
	require.Equal(t, http.StatusAccepted, d.Status)
	before := len(h.fake.ChannelMessages(channelID))
	// The same request again, byte for byte, signature and all.
	again, err := h.fake.PostRaw(discordtest.RawPost{Body: d.Payload, Timestamp: d.Signed})
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, again.Status, "%s", again.Body)
	assert.Equal(t, 1, h.bot.Tables(), "no second table")
	assert.Len(t, h.fake.ChannelMessages(channelID), before)
}

// firstMove is a lit one-click move button of a table, if any.
func firstMove(m discordtest.Message) (discordtest.Button, bool) {
	for _, b := range m.Buttons() {
		if !b.Disabled && (strings.Contains(b.CustomID, ":m") || strings.Contains(b.CustomID, ":s")) {
			return b, true
		}
	}
	return discordtest.Button{}, false
}

func TestHTTPEndpointAnswers(t *testing.T) {
	h := newHTTPHarness(t)
	ping := `{"type":1,"id":"1","application_id":"` + h.fake.AppID() + `","token":"t","version":1}`
	tests := []struct {
		name   string
		post   discordtest.RawPost
		status int
		body   string // the answer's body, when it matters
	}{
		{"PING gets PONG", discordtest.RawPost{Body: []byte(ping)}, http.StatusOK, `{"type":1}`},
		{"PING with a bad signature", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.BadSignature}, http.StatusUnauthorized, ""},
		{"PING without a signature", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.MissingSignature}, http.StatusUnauthorized, ""},
		{"PING signed long ago", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.StaleTimestamp}, http.StatusUnauthorized, ""},
		{"bad JSON", discordtest.RawPost{Body: []byte(`{"type":1,`)}, http.StatusBadRequest, ""},
		{"JSON that is no interaction", discordtest.RawPost{Body: []byte(`[1,2]`)}, http.StatusBadRequest, ""},
		{"an interaction without id or token", discordtest.RawPost{Body: []byte(`{"type":2}`)}, http.StatusBadRequest, ""},
		{"an empty body", discordtest.RawPost{}, http.StatusBadRequest, ""},
		{"GET", discordtest.RawPost{Method: http.MethodGet}, http.StatusMethodNotAllowed, ""},
		{"PUT", discordtest.RawPost{Method: http.MethodPut, Body: []byte(ping)}, http.StatusMethodNotAllowed, ""},
		{"not JSON", discordtest.RawPost{Body: []byte(ping), ContentType: "text/plain"}, http.StatusUnsupportedMediaType, ""},
		{"no Content-Type", discordtest.RawPost{Body: []byte(ping), ContentType: "-"}, http.StatusUnsupportedMediaType, ""},
		{"JSON with a charset", discordtest.RawPost{Body: []byte(ping), ContentType: "application/json; charset=utf-8"}, http.StatusOK, `{"type":1}`},
		{"a body over 1 MiB", discordtest.RawPost{Body: bytes.Repeat([]byte(" "), bot.MaxInteractionBody+1)}, http.StatusRequestEntityTooLarge, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := h.fake.PostRaw(tt.post)
			require.NoError(t, err)
			assert.Equal(t, tt.status, d.Status, "%s", d.Body)
			if tt.body != "" {
				assert.JSONEq(t, tt.body, string(d.Body))
				assert.Equal(t, "application/json", d.ContentType)
			}
		})
	}
	_, err := h.fake.Ping()
	require.NoError(t, err)
	_, err = h.fake.Probe(discordtest.BadSignature)
	require.NoError(t, err)
	assert.Zero(t, h.bot.Tables())
}
