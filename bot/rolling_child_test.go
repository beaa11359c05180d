package bot_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// A bot process of TestRollingRestart (rolling_test.go), of either build.
// This file names nothing of the package's other test files: the test
// copies it into an older commit's tree and builds that commit's bot with
// it, so that both builds run this same process.

// rollingChildEnv makes a test binary of this package a bot process of
// TestRollingRestart; its value is the process's rollingSpec, as JSON.
const rollingChildEnv = "DEALER_BOT_ROLLING_CHILD"

// rollingSpec is what one bot process of TestRollingRestart runs.
type rollingSpec struct {
	DB          string // the PostgreSQL URL
	Fake        string // the fake Discord's URL
	PublicKey   string // the application's key, in hex
	Listen      string // where it serves the interactions endpoint
	Agent       string // added to its requests' User-Agent: who sent each
	TurnTimeout time.Duration
}

// init makes the binary the bot process before any test runs: an older
// commit's tree has no test of this one's for -test.run to name.
func init() {
	if raw := os.Getenv(rollingChildEnv); raw != "" {
		os.Exit(rollingChild(raw))
	}
}

// rollingChild runs the bot with HTTP interactions, as `dealer run` does,
// until SIGTERM, and stops as it does: the endpoint first (no new
// interactions; those under way finish), then the bot, then the store; it
// exits 0 once stopped. It exits at once when the test goes away (its
// standard input closes).
func rollingChild(raw string) int {
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(3)
	}()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	var sp rollingSpec
	if err := json.Unmarshal([]byte(raw), &sp); err != nil {
		return rollingFail(err)
	}
	st, err := store.Open(sp.DB)
	if err != nil {
		return rollingFail(err)
	}
	b, err := rollingBot(sp, st)
	if err != nil {
		return rollingFail(err)
	}
	ln, err := net.Listen("tcp", sp.Listen)
	if err != nil {
		return rollingFail(err)
	}
	srv := b.InteractionsServer(bot.EndpointLimits{})
	go func() { _ = srv.Serve(ln) }()
	fmt.Println("ready", ln.Addr())

	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return rollingFail(err)
	}
	if err := b.Close(); err != nil {
		return rollingFail(err)
	}
	if err := st.Close(); err != nil {
		return rollingFail(err)
	}
	return 0
}

// rollingBot is the process's bot on st, its session on the fake, open.
func rollingBot(sp rollingSpec, st *store.Store) (*bot.Bot, error) {
	sess, err := discordgo.New("Bot fake-bot-token")
	if err != nil {
		return nil, err
	}
	if err := discordtest.AttachURL(sess, sp.Fake); err != nil {
		return nil, err
	}
	sess.UserAgent += sp.Agent
	key, err := hex.DecodeString(sp.PublicKey)
	if err != nil {
		return nil, err
	}
	r, err := render.New()
	if err != nil {
		return nil, err
	}
	b, err := bot.New(context.Background(), bot.Options{Session: sess, Store: st, Games: catalog.Registry(), Renderer: r,
		// Info: the turns played for absent players are counted from the log.
		Logger:      slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})),
		TurnTimeout: sp.TurnTimeout, Interactions: bot.InteractionsHTTP, PublicKey: key})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return b, b.Open(ctx)
}

// rollingFail ends a bot process that cannot go on, saying why.
func rollingFail(err error) int {
	fmt.Fprintln(os.Stderr, "bot process:", err)
	return 2
}
