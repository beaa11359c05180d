package discord_test

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

	"github.com/dealer/dealer/bot/discord"
)

// TestRedactTokens: what the handler takes out, and what it leaves.
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
			l := slog.New(discord.RedactTokens(slog.NewTextHandler(&buf, nil), "Bot "+botToken))
			tt.log(l)
			line := buf.String()
			assert.NotContains(t, line, tt.secret)
			assert.Contains(t, line, tt.kept)
		})
	}
	// Levels are the wrapped handler's.
	h := discord.RedactTokens(slog.NewTextHandler(&bytes.Buffer{}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	assert.False(t, h.Enabled(context.Background(), slog.LevelInfo))
	assert.True(t, h.Enabled(context.Background(), slog.LevelError))
	assert.True(t, strings.HasPrefix(itoken, "aW50ZXJhY3Rpb24"), "the shape of Discord's interaction tokens")
}
