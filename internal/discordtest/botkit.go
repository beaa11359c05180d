package discordtest

import (
	"context"
	"testing"
	"time"
)

// What every test of a bot on the fake does around its checks: connect
// the bot, wait for an interaction's final answer, find the button to
// click next. The bot's own tests and a game's (internal/highcard) share
// them.

// Bot is a bot on one of the fake's sessions, as Connect opens and closes it.
type Bot interface {
	Open(ctx context.Context) error
	Close() error
}

// Connect opens b within timeout, the test stopping if it cannot, and
// closes b when the test ends: after the fake's first heartbeat, as a
// session closed before it may reconnect by itself (a discordgo race).
// Cleanups registered before Connect run after b is closed.
func (s *Server) Connect(t testing.TB, b Bot, timeout time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := b.Open(ctx); err != nil {
		t.Fatalf("opening the bot: %v", err)
	}
	t.Cleanup(func() {
		_ = s.WaitHeartbeat(5 * time.Second)
		_ = b.Close()
	})
}

// Final waits up to timeout for the final answer to the interaction that
// SlashCommand, Click and the like return, the test stopping on either's
// error: Final(t, wait)(fake.Click(…)).
func Final(t testing.TB, timeout time.Duration) func(*Interaction, error) Response {
	return func(in *Interaction, err error) Response {
		t.Helper()
		if err != nil {
			t.Fatalf("sending the interaction: %v", err)
		}
		r, err := in.WaitFinal(timeout)
		if err != nil {
			t.Fatalf("waiting for its final answer: %v", err)
		}
		return r
	}
}

// EnabledButton is m's first enabled button whose label starts with
// prefix ("": any), the test stopping when there is none.
func EnabledButton(t testing.TB, m Message, prefix string) Button {
	t.Helper()
	if b, ok := m.EnabledButton(prefix); ok {
		return b
	}
	t.Fatalf("no enabled button %q among %q", prefix, m.Enabled())
	return Button{}
}
