package bot_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
)

// Requests that fail put their URLs in discordgo's errors, and an
// interaction's URLs carry its token: none reaches a log line.
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

// What the handler takes out, and what it leaves.
func TestRedactTokens(t *testing.T) {
	const (
		botToken = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
		itoken   = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6MDEyMzQ1Njc4OQ"
		webToken = "0123456789abcdef0123456789abcdef"
	)
	// A real error of a request that could not be sent, with its URL.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	_, urlErr := http.Post(dead.URL+"/api/v9/interactions/1234567890123456789/"+itoken+"/callback", "application/json", nil)
	require.Error(t, urlErr)
	rlErr := &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: time.Second},
		URL: "https://discord.com/api/v9/webhooks/1234567890123456789/" + itoken + "/messages/@original"}}
	tests := []struct {
		name   string
		log    func(l *slog.Logger)
		secret string // never in the line
		kept   string // still in the line
	}{
		{"a request's error", func(l *slog.Logger) { l.Warn("failed", "err", urlErr) }, itoken, "/callback"},
		{"a wrapped rate limit", func(l *slog.Logger) { l.Warn("failed", "err", errors.Join(errors.New("answering"), rlErr)) }, itoken, "/messages/@original"},
		{"a URL as a string", func(l *slog.Logger) { l.Info("link", "url", "https://dealer.example/t/"+webToken) }, webToken, "https://dealer.example/t/"},
		{"the bot token anywhere", func(l *slog.Logger) { l.Error("bad: "+botToken, "header", "Bot "+botToken) }, botToken, "bad: "},
		{"another bot token's shape", func(l *slog.Logger) { l.Info("x", "v", "NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I") }, "Ovy4MCQywSkoMRRclStW4xAYK7I", "v=[token]"},
		{"in a group", func(l *slog.Logger) { l.Info("x", slog.Group("req", "url", "/interactions/1/"+itoken+"/callback")) }, itoken, "req.url"},
		{"in attributes kept by With", func(l *slog.Logger) { l.With("token", itoken).Info("x") }, itoken, "token="},
		{"in a value printed", func(l *slog.Logger) { l.Info("x", "v", []string{itoken}) }, itoken, "x"},
		{"ids and words stay", func(l *slog.Logger) {
			l.Info("table opened", "table", 12, "interaction", "1234567890123456789", "game", "doublefreecell")
		}, "[token]", "interaction=1234567890123456789 game=doublefreecell"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			l := slog.New(bot.RedactTokens(slog.NewTextHandler(&buf, nil), "Bot "+botToken))
			tt.log(l)
			line := buf.String()
			assert.NotContains(t, line, tt.secret)
			assert.Contains(t, line, tt.kept)
		})
	}
	// Levels are the wrapped handler's.
	h := bot.RedactTokens(slog.NewTextHandler(&bytes.Buffer{}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	assert.False(t, h.Enabled(context.Background(), slog.LevelInfo))
	assert.True(t, h.Enabled(context.Background(), slog.LevelError))
	assert.True(t, strings.HasPrefix(itoken, "aW50ZXJhY3Rpb24"), "the shape of Discord's interaction tokens")
}
