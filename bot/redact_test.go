package bot_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestNoTokenInAnyLogLine: requests that fail put their URLs in discordgo's
// errors, and an interaction's URLs carry its token: none reaches a log
// line.
func TestNoTokenInAnyLogLine(t *testing.T) {
	h := newHTTPHarness(t)
	tests := []struct {
		name      string
		deferring bool // every answer deferred, then edited in
		fault     discordtest.Fault
		status    int // the HTTP answer to Discord's request
	}{
		{"an answer rate limited for a minute", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: time.Minute}, http.StatusInternalServerError},
		{"an answer refused", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500}, http.StatusInternalServerError},
		{"an answer refused for good", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 404}, http.StatusInternalServerError},
		{"a deferral refused", true, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500}, http.StatusAccepted},
		{"a deferred answer's edit rate limited for half an hour", true, discordtest.Fault{Route: discordtest.RouteWebhookEdit, Status: 429, RetryAfter: 30 * time.Minute}, http.StatusAccepted},
		{"a deferred answer's edit refused", true, discordtest.Fault{Route: discordtest.RouteWebhookEdit, Status: 403}, http.StatusAccepted},
	}
	deferring := false
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.deferring && !deferring {
				h.deferring()
				deferring = true
			}
			h.fake.Inject(tt.fault)
			in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
			require.NoError(t, err)
			d, err := in.WaitDelivery(wait)
			require.NoError(t, err)
			assert.Equal(t, tt.status, d.Status, "%s", d.Body)
		})
	}
	h.stop() // every goroutine of the bot's has ended: its log is whole
	logs := h.logs.String()
	require.Contains(t, logs, "answering interaction failed", "the failures were logged")
	assert.Contains(t, logs, "/callback", "with their URLs")
	assert.Contains(t, logs, "/messages/@original")
	ins := h.fake.Interactions()
	require.NotEmpty(t, ins)
	for _, in := range ins {
		assert.False(t, strings.Contains(logs, in.Token), "interaction %s's token is in the log", in.ID)
	}
	assert.False(t, strings.Contains(logs, h.fake.Token()), "the bot token is in the log")
}
