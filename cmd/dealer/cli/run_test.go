package cli

import (
	"bytes"
	"context"
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

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
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

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, catalog.Registry(), cfg, log, func(s *discordgo.Session) { fake.Attach(s) })
	}()

	cmds, err := fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	assert.NotEmpty(t, cmds, "the slash commands are registered globally")
	in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": "doublefreecell"})
	require.NoError(t, err)
	r, err := in.WaitFinal(10 * time.Second)
	require.NoError(t, err)
	assert.Len(t, r.Attachments, 1)

	require.NoError(t, fake.WaitHeartbeat(5*time.Second))
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(15 * time.Second):
		t.Fatal("the bot did not stop")
	}
	assert.Contains(t, logs.String(), "shutting down")
	assert.NotContains(t, logs.String(), fake.Token(), "the token is never logged")
	require.NoError(t, fake.CheckClean())
}
