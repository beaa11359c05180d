package discord

import (
	"log/slog"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Close lets the letters already queued go out before the wire's lifetime
// ends: a letter queued behind one being sent when Close is called is
// sent, while the wire is still open, and Close returns after it.
func TestCloseSendsTheQueuedLetters(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	w := &Wire{log: log, outbox: newOutbox(), metrics: newMetrics(nil, log), gateway: &gateway{}} // no shards: HTTP mode
	w.life.start()
	var (
		mu     sync.Mutex
		sent   []string
		closed = make(chan error, 1)
		queued = make(chan struct{}) // the second letter is in the queue
	)
	w.Post("channel", Letter{What: "a redraw", Send: func() error {
		<-queued
		go func() { closed <- w.Close() }() // the stop comes while the next letter waits
		mu.Lock()
		sent = append(sent, "first")
		mu.Unlock()
		return nil
	}})
	w.Post("channel", Letter{What: "a hand", Send: func() error {
		mu.Lock()
		defer mu.Unlock()
		if w.Context().Err() == nil {
			sent = append(sent, "second, the wire open")
		}
		return nil
	}})
	close(queued)
	require.NoError(t, <-closed)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []string{"first", "second, the wire open"}, sent)
}
