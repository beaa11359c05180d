package bot_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// Answers as Discord really takes them: after a deferral a private answer
// keeps its picture and controls and stays private; new files are listed in
// the attachments; no controls are sent as [], never null.

// deferring restarts a harness's bot so that it defers every answer.
func (h *harness) deferring() {
	h.deferAfter = time.Nanosecond
	h.restart()
}

func TestDeferredMyHandKeepsPictureAndButtons(t *testing.T) {
	h := newHarness(t)
	table := h.startSecretAgent()
	h.deferring()
	in, err := h.fake.Click(table.ID, alice, button(t, table, "My hand").CustomID)
	require.NoError(t, err)
	require.True(t, h.fake.WaitUntil(wait, func() bool { r, _ := in.Response(); return len(r.Followups) > 0 }), "the hand follows the deferral")
	r, _ := in.Response()
	require.Equal(t, 6, callbackType(t, r.Callback.JSON), "the click was deferred")
	hand := r.LastMessage()
	assert.True(t, hand.Ephemeral, "the hand is private")
	assert.Len(t, hand.Attachments, 1, "with its picture")
	assert.NotEmpty(t, hand.Buttons(), "and its buttons")
	assert.Contains(t, hand.Text(), "Your agent")
}

func TestDeferredCommandAnsweredPrivatelyStaysPrivate(t *testing.T) {
	h := newHarness(t)
	h.deferring()
	// A public answer after a public deferral: the day's table.
	table := h.command(alice, "daily", map[string]any{"game": "doublets"})
	assert.False(t, table.LastMessage().Ephemeral)
	picture(t, table.LastMessage())
	// A second attempt is refused privately, though the deferral was public.
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "daily", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	// The public deferral is deleted, and the answer follows privately.
	require.True(t, h.fake.WaitUntil(wait, func() bool { r, _ := in.Response(); return len(r.Followups) > 0 }))
	r, _ := in.Response()
	assert.True(t, r.Message.Deleted, "the public \"thinking\" message is gone")
	assert.True(t, r.LastMessage().Ephemeral, "the refusal is private: %q", r.LastMessage().Text())
	assert.Contains(t, r.LastMessage().Text(), "today's")
	for _, m := range h.fake.ChannelMessages(channelID) {
		if !m.Ephemeral && !m.Deleted {
			assert.NotContains(t, m.Text(), "today's Doublets attempt", "a private answer never shows in the channel")
		}
	}
}

func TestNewPicturesAreListedInAttachments(t *testing.T) {
	h := newHarness(t)
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.True(t, r.Callback.Multipart)
	require.Len(t, r.Callback.Files, 1)
	var body struct {
		Data struct {
			Attachments []struct {
				ID       json.RawMessage `json:"id"`
				Filename string          `json:"filename"`
			} `json:"attachments"`
		} `json:"data"`
	}
	require.NoError(t, r.Callback.Decode(&body))
	require.Len(t, body.Data.Attachments, 1, "the new file is listed (API v10 drops files it does not list)")
	assert.Equal(t, `"0"`, string(body.Data.Attachments[0].ID))
	assert.Equal(t, r.Callback.Files[0].Name, body.Data.Attachments[0].Filename)
}

// TestClosedLobbySendsNoControlsAsEmptyList: a message left with no
// controls (a lobby its opener closed) is its words alone, a V2 message of
// one container and its text: no row, and no list sent as null.
func TestClosedLobbySendsNoControlsAsEmptyList(t *testing.T) {
	h := newHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "theagents"})
	over := h.click(lobby.ID, alice, button(t, lobby.Message, "Leave").CustomID)
	require.Contains(t, over.Text(), "closed by its opener")
	requireV2(t, over.Message, false)
	assert.Empty(t, over.Components, "no controls")
	assert.Equal(t, []int{discordtest.ComponentTextDisplay}, over.V2.Children)
	assert.NotContains(t, string(over.Callback.JSON), `"components":null`)
}

// callbackType reads the type of an interaction callback's body.
func callbackType(t *testing.T, raw json.RawMessage) int {
	t.Helper()
	var b struct {
		Type int `json:"type"`
	}
	require.NoError(t, json.Unmarshal(raw, &b))
	return b.Type
}
