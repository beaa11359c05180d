package discord

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// offlineWire is a wire whose session is never opened and whose REST calls
// all fail at once (they go to a closed local port: nothing leaves the
// machine).
func offlineWire(t *testing.T) *Wire {
	t.Helper()
	sess, err := discordgo.New("Bot fake")
	require.NoError(t, err)
	require.NoError(t, discordtest.AttachURL(sess, "http://127.0.0.1:1"))
	w, err := New(Options{Session: sess, Handler: func(context.Context, *Responder) {}})
	require.NoError(t, err)
	t.Cleanup(func() { w.Close() })
	return w
}

// TestResponderCountsFromCreation: the 3 s are counted from when Discord
// created the interaction (its id's timestamp): one that waited past them is
// given up, not worked on, unless it was deferred; a clock that looks off is
// not trusted. (Regression: under overload, clicks past their deadline were
// still played and drawn, making every click queued behind them late too.)
func TestResponderCountsFromCreation(t *testing.T) {
	w := offlineWire(t)
	id := func(age time.Duration) string {
		ms := time.Now().Add(-age).UnixMilli() - 1420070400000
		return strconv.FormatInt(ms<<22, 10)
	}
	tests := []struct {
		name string
		age  time.Duration
		gone bool
	}{
		{"fresh", 0, false},
		{"two seconds old", 2 * time.Second, false},
		{"past its 3 s", 3500 * time.Millisecond, true},
		{"from a clock an hour off", time.Hour, false},
		{"from the future", -time.Hour, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}
			i.ID = id(tt.age)
			r := w.newResponder(i, nil)
			defer r.Drop()
			assert.Equal(t, tt.gone, r.Gone())
		})
	}
	// A deferred interaction has 15 minutes: it is never given up.
	i := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}
	i.ID = id(3500 * time.Millisecond)
	r := w.newResponder(i, nil)
	r.deferred = true
	defer r.Drop()
	assert.False(t, r.Gone())
}

func TestRouteOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://discord.com/api/v10/channels/123456789012345678/messages/223456789012345678":                                   "PATCH /channels/:id/messages/:id",
		"http://127.0.0.1:4000/api/v9/webhooks/123456789012345678/" + strings.Repeat("a", 70) + "/messages/@original?wait=true": "PATCH /webhooks/:id/:id/messages/@original",
	} {
		assert.Equal(t, want, routeOf("PATCH", in))
	}
}
