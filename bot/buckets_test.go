package bot_test

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// bucketCount counts the rate-limit buckets discordgo holds for a session.
func bucketCount(h *harness) int {
	rl := h.sess.Ratelimiter
	rl.Lock()
	defer rl.Unlock()
	return reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
}

// heapMB is the live heap after a collection, in MB.
func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// TestBucketsStayBounded plays many interactions and shows that the bot's
// rate-limit buckets (one per interaction token in discordgo's own calls)
// stop growing, and the heap with them. 5,000 interactions by default;
// DEALER_LONGTEST=1 plays 100,000:
//
//	DEALER_LONGTEST=1 go test -run TestBucketsStayBounded -v ./bot/
func TestBucketsStayBounded(t *testing.T) {
	n := 5000
	if os.Getenv("DEALER_LONGTEST") != "" {
		n = 100_000
	}
	h := newHarnessWith(t, func(o *discordtest.Options) { o.Lean = true })
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	stale := button(t, table.Message, "Flip").CustomID
	h.click(table.ID, alice, stale) // the table moves on: the button is now stale
	var heap []float64
	for i := 1; i <= n; i++ {
		in, err := h.fake.SendComponent(discordtest.RawComponent{GuildID: guildID, ChannelID: channelID, UserID: alice, MessageID: table.ID, CustomID: stale})
		require.NoError(t, err)
		r, err := in.WaitFinal(wait)
		require.NoError(t, err)
		require.True(t, r.Ephemeral, r.Content)
		if i%(n/5) == 0 {
			heap = append(heap, heapMB())
			fmt.Printf("buckets: interactions=%d buckets=%d heap=%.1fMB\n", i, bucketCount(h), heap[len(heap)-1])
		}
	}
	assert.LessOrEqual(t, bucketCount(h), 256+16, "buckets are bounded, not one per interaction")
}
