package cli

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
)

// syncBuffer is a log sink safe for the bot's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write adds p to the log.
func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is the log so far.
func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

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
	fake := discordtest.New(t, discordtest.Options{
		Guilds: []discordtest.Guild{{ID: "1234567890123456789", Name: "Club", ChannelID: "1234567890123456790"}},
	})
	fake.AddUser(discordtest.User{ID: "1100000000000000001", Name: "ann"})
	var cfg Config
	cfg.Discord.Token = fake.Token()
	cfg.Database = filepath.Join(t.TempDir(), "dealer.db")
	logs := &syncBuffer{}
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
		assert.Len(t, r.Attachments, 1, r.Content)
	}
	run := func(t *testing.T, fake *discordtest.Server, cfg Config) (stop func()) {
		cfg.Discord.Token = fake.Token()
		cfg.Database = filepath.Join(t.TempDir(), "dealer.db")
		return serving(t, fake, cfg, slog.New(slog.NewTextHandler(&syncBuffer{}, nil)))
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
