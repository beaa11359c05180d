package cli

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
)

// freeAddr is a loopback address nobody listens on (for a moment).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// get fetches a page, waiting for the server to come up.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	var resp *http.Response
	require.Eventually(t, func() bool {
		var err error
		resp, err = http.Get(url)
		return err == nil
	}, 20*time.Second, 20*time.Millisecond, url)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// `dealer web` serves the pages alone, with health and metrics.
func TestWebAlone(t *testing.T) {
	addr := freeAddr(t)
	var cfg Config
	cfg.Database, cfg.LogLevel, cfg.Web.Listen = filepath.Join(t.TempDir(), "dealer.db"), "info", addr
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- serveWebAlone(ctx, catalog.Registry(), cfg, io.Discard) }()
	for path, want := range map[string]int{"/livez": 200, "/readyz": 200, "/": 200, "/t/not-a-token": 404, "/g/123/leaderboard/chess": 404} {
		code, _ := get(t, "http://"+addr+path)
		assert.Equal(t, want, code, path)
	}
	code, body := get(t, "http://"+addr+"/metrics")
	assert.Equal(t, 200, code)
	assert.Contains(t, body, "dealer_web_requests_total")
	cancel()
	assert.Equal(t, exitOK, <-done)

	assert.Equal(t, exitUsage, run1(t, "web"), "--listen is required")
}

// run1 runs the command line and returns its exit status.
func run1(t *testing.T, args ...string) int {
	t.Helper()
	return dealer(args, strings.NewReader(""), io.Discard, io.Discard, func(string) string { return "" })
}

// `dealer run` with web.listen serves the pages beside the bot, its
// metrics on /metrics and its readiness on /readyz.
func TestServeWithWeb(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: "1234567890123456789", Name: "Club", ChannelID: "1234567890123456790"}},
	})
	fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "ann"})
	addr := freeAddr(t)
	var cfg Config
	cfg.Discord.Token, cfg.Database = fake.Token(), filepath.Join(t.TempDir(), "dealer.db")
	cfg.Web.Listen, cfg.Web.PublicURL = addr, "https://dealer.example.org"
	stop := serving(t, fake, cfg, discardLogger())
	_, err := fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": "secretagent"})
	require.NoError(t, err)
	_, err = in.WaitFinal(10 * time.Second)
	require.NoError(t, err)
	require.Eventually(t, func() bool { code, _ := get(t, "http://"+addr+"/readyz"); return code == 200 }, 10*time.Second, 50*time.Millisecond)
	// The answer is counted once Discord has taken it, just after the fake
	// shows it.
	var body string
	require.Eventually(t, func() bool {
		_, body = get(t, "http://"+addr+"/metrics")
		return strings.Contains(body, `dealer_interactions_total{kind="command",outcome="answered"} 1`)
	}, 10*time.Second, 20*time.Millisecond)
	assert.Contains(t, body, `dealer_open_tables{game="secretagent"} 1`)
	stop()
	require.NoError(t, fake.CheckClean())
}

// discardLogger logs nowhere.
func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
