package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render/catalog"
)

// serving runs serve with cfg until the test calls the stop it returns,
// which checks that the bot stopped cleanly: the Discord session attached
// to fake, the log to log.
func serving(t *testing.T, fake *discordtest.Server, cfg Config, log *slog.Logger) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, catalog.Registry(), cfg, log, func(s *discordgo.Session) { fake.Attach(s) })
	}()
	return func() {
		t.Helper()
		cancel()
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(15 * time.Second):
			t.Fatal("the bot did not stop")
		}
	}
}

// The bot as `dealer run` starts it: it opens the store, connects,
// registers its commands, serves, and stops cleanly when its context ends
// (as on SIGINT or SIGTERM), never writing the token in its logs.
func TestServeConnectsRegistersAndStops(t *testing.T) {
	fake := club(t)
	cfg := runConfig(t, fake)
	logs := &testkit.Log{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))

	stop := serving(t, fake, cfg, log)

	cmds, err := fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	assert.NotEmpty(t, cmds, "the slash commands are registered globally")
	in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": "doublefreecell"})
	require.NoError(t, err)
	r, err := in.WaitFinal(10 * time.Second)
	require.NoError(t, err)
	assert.Len(t, r.Attachments, 1)

	require.NoError(t, fake.WaitHeartbeat(5*time.Second))
	stop()
	assert.Contains(t, logs.String(), "shutting down")
	assertStartLogsRelease(t, logs.String())
	assert.NotContains(t, logs.String(), fake.Token(), "the token is never logged")
	require.NoError(t, fake.CheckClean())
}

// `dealer run` past one machine: shards as Discord recommends them, and
// interactions over HTTP on the listen address, verified with the public
// key, from the config alone.
func TestServeShardsAndHTTP(t *testing.T) {
	// A guild on each of two shards: Discord's formula is (id >> 22) % 2.
	g0, g1 := fmt.Sprint(2<<22+99), fmt.Sprint(3<<22+99)
	guilds := []discordtest.Guild{{ID: g0, Name: "Zero", ChannelID: "900"}, {ID: g1, Name: "One", ChannelID: "901"}}
	play := func(t *testing.T, fake *discordtest.Server, guild, channel string) {
		t.Helper()
		in, err := fake.SlashCommand(guild, channel, "1100000000000000001", "play", map[string]any{"game": "doublets"})
		require.NoError(t, err)
		r, err := in.WaitFinal(10 * time.Second)
		require.NoError(t, err)
		assert.Len(t, r.Attachments, 1, r.Text())
	}
	run := func(t *testing.T, fake *discordtest.Server, cfg Config) (stop func()) {
		cfg.Discord.Token = fake.Token()
		cfg.Database = filepath.Join(t.TempDir(), "dealer.db")
		return serving(t, fake, cfg, slog.New(slog.NewTextHandler(&testkit.Log{}, nil)))
	}

	t.Run("shards auto", func(t *testing.T) {
		fake := discordtest.New(t, discordtest.Options{Guilds: guilds, Shards: 2, MaxConcurrency: 2})
		fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "ann"})
		stop := run(t, fake, Config{Shards: "auto", Interactions: "gateway"})
		_, err := fake.WaitCommands("", 10*time.Second)
		require.NoError(t, err)
		require.True(t, fake.WaitUntil(10*time.Second, func() bool { ids, _ := fake.GatewayStats(); return ids == 2 }), "both shards connect")
		play(t, fake, g0, "900")
		play(t, fake, g1, "901")
		stop()
		require.NoError(t, fake.CheckClean())
	})

	t.Run("interactions over HTTP", func(t *testing.T) {
		fake := discordtest.New(t, discordtest.Options{Guilds: guilds})
		fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "ann"})
		addr := freeAddr(t)
		var cfg Config
		cfg.Interactions, cfg.Listen, cfg.Discord.PublicKey = "http", addr, fake.PublicKeyHex()
		stop := run(t, fake, cfg)
		_, err := fake.WaitCommands("", 10*time.Second)
		require.NoError(t, err)
		require.Eventually(t, func() bool { return fake.SetInteractionsEndpoint("http://"+addr+"/") == nil }, 10*time.Second, 50*time.Millisecond)
		play(t, fake, g1, "901")
		ids, _ := fake.GatewayStats()
		assert.Zero(t, ids, "no gateway connection in HTTP mode")
		stop()
		require.NoError(t, fake.CheckClean())
	})
}

// club is a fake Discord with one server, Club, and one player, ann.
func club(t *testing.T) *discordtest.Server {
	t.Helper()
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: "1234567890123456789", Name: "Club", ChannelID: "1234567890123456790"}},
	})
	fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "ann"})
	return fake
}

// runConfig is `dealer run`'s config for the bot on fake, with a fresh
// database.
func runConfig(t *testing.T, fake *discordtest.Server) Config {
	var cfg Config
	cfg.Discord.Token, cfg.Database = fake.Token(), filepath.Join(t.TempDir(), "dealer.db")
	return cfg
}

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
	assertBuildInfo(t, body)
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
	fake := club(t)
	addr := freeAddr(t)
	cfg := runConfig(t, fake)
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
	assertBuildInfo(t, body)
	stop()
	require.NoError(t, fake.CheckClean())
}

// discardLogger logs nowhere.
func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
