package discord

import (
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A health check asks Ready while discordgo's heartbeat writes the shard's
// DataReady under the session's lock (wsapi.go: Lock, DataReady = true,
// Unlock) and Close clears it: Ready reads it under that lock, so -race
// sees no data race, and says what the shard's state is.
func TestReadyWhileTheHeartbeatWrites(t *testing.T) {
	sh, err := discordgo.New("Bot x")
	require.NoError(t, err)
	w := &Wire{gateway: &gateway{shards: []*discordgo.Session{sh}}}
	require.ErrorIs(t, w.Ready(), ErrNotReady, "a shard not yet connected")

	var beats sync.WaitGroup
	beats.Add(1)
	go func() { // the heartbeat and the close, as discordgo writes them
		defer beats.Done()
		for n := range 2000 {
			sh.Lock()
			sh.DataReady = n%2 == 0
			sh.Unlock()
		}
	}()
	for range 2000 {
		_ = w.Ready()
	}
	beats.Wait()

	sh.Lock()
	sh.DataReady = true
	sh.Unlock()
	assert.NoError(t, w.Ready(), "every shard connected")

	sh.Lock() // Open holds the lock for its whole handshake
	assert.ErrorIs(t, w.Ready(), ErrNotReady, "a shard still opening is not ready, and the check does not wait")
	sh.Unlock()
}
