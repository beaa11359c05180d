// Package discord is the dealer's wire to Discord, apart from the table:
// REST requests with their rate-limit buckets and the invalid-request
// window, webhook and multipart encoding, the gateway's shards, the HTTP
// interactions endpoint (its server and limits, signatures and replays),
// Discord's clock, the outbox of the bot's own messages, the responder that
// answers each interaction within Discord's 3 s, and their metrics. It
// knows no game, no table and no store: the bot hands it a Handler for the
// interactions, and small interfaces for what it needs kept.
package discord

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

// Handler answers one interaction through r (Responder.Send). ctx is the
// answer's context: it ends at the answer's deadline (3 s from Discord's
// creation of the interaction, 15 minutes once deferred), and the answer's
// REST calls are bounded by it.
type Handler func(ctx context.Context, r *Responder)

// Replays is where the HTTP endpoint records the interactions it received,
// against captured requests sent again: FirstSeen reports whether id is
// received for the first time by any process sharing it (store.FirstSeen).
type Replays interface {
	FirstSeen(ctx context.Context, id string, now time.Time) (bool, error)
}

// Options configure a Wire. Session and Handler are required; PublicKey
// and Replays too in HTTP mode.
type Options struct {
	Session *discordgo.Session
	Handler Handler
	// Private reports whether an interaction's answer will most likely be
	// private, so that its deferral is private too (nil: none is).
	Private func(i *discordgo.Interaction) bool
	// Logger logs through RedactTokens (nil: slog's default, redacted).
	Logger *slog.Logger
	// DeferAfter is how long a handler may work before its answer is
	// deferred (default 1.5 s).
	DeferAfter time.Duration
	// Interactions is InteractionsGateway ("" too) or InteractionsHTTP.
	Interactions string
	PublicKey    ed25519.PublicKey
	Replays      Replays
	// Shards are the gateway connections (none: Session is the one).
	Shards []*discordgo.Session
	// MaxConcurrency is how many shards may identify at once (default 1),
	// IdentifySpacing the wait between two identifies of one bucket
	// (default Discord's 5 s).
	MaxConcurrency  int
	IdentifySpacing time.Duration
	// OnReady is told once of the application, at the first shard's READY
	// or, over HTTP, as Open reads it: the bot registers its commands then.
	OnReady func(Application)
	// Metrics is where the wire registers its metrics (nil: not registered).
	Metrics prometheus.Registerer
}

// Wire is the bot's connection to Discord (see the package's doc).
type Wire struct {
	s          *discordgo.Session
	log        *slog.Logger
	handler    Handler
	private    func(i *discordgo.Interaction) bool
	deferAfter time.Duration
	metrics    *metrics
	clock      clock
	endpoint   endpoint
	gateway    *gateway
	life       lifetime
	outbox     outbox
	dms        dmChannels
}

// New makes the wire: it watches the session's answers (Discord's clock,
// the invalid-request window) and, in gateway mode, handles the shards'
// interactions; it connects nothing yet (Open does).
func New(o Options) (*Wire, error) {
	if o.Session == nil || o.Handler == nil {
		return nil, errors.New("discord: Session and Handler are required")
	}
	httpMode, err := interactionsMode(o.Interactions, o.PublicKey)
	if err != nil {
		return nil, err
	}
	if httpMode && o.Replays == nil {
		return nil, errors.New("discord: interactions over HTTP need Options.Replays")
	}
	w := &Wire{s: o.Session, log: o.Logger, handler: o.Handler, private: o.Private, deferAfter: o.DeferAfter}
	if w.log == nil {
		w.log = slog.Default()
	}
	w.log = slog.New(RedactTokens(w.log.Handler(), o.Session.Token)) // no token in a log line
	if w.deferAfter <= 0 {
		w.deferAfter = 1500 * time.Millisecond
	}
	if w.private == nil {
		w.private = func(*discordgo.Interaction) bool { return false }
	}
	w.life.start()
	w.endpoint = endpoint{http: httpMode, publicKey: o.PublicKey, replays: o.Replays}
	w.gateway = newGateway(o, w.s)
	w.metrics = newMetrics(o.Metrics, w.log)
	w.outbox = newOutbox()
	w.dms = dmChannels{ids: map[string]string{}, gate: make(chan struct{}, 1)}
	watchClock(w.s.Client, &w.clock)
	watchInvalid(w.s.Client, w.metrics.invalid)
	// discordgo would otherwise wait out any 429 while holding the route,
	// which blows the 3 s deadline; the responder handles 429s itself.
	w.s.ShouldRetryOnRateLimit = false
	if !httpMode {
		w.listen()
	}
	return w, nil
}

// Session is the discordgo session the wire sends its REST requests on.
func (w *Wire) Session() *discordgo.Session { return w.s }

// Logger is the wire's logger, which takes every token out of its lines.
func (w *Wire) Logger() *slog.Logger { return w.log }

// HTTPMode reports whether interactions come by HTTP, not the gateway.
func (w *Wire) HTTPMode() bool { return w.endpoint.http }

// Close lets the letters already queued go out (up to closeGrace), then
// ends the wire's lifetime (Context), waits for every goroutine started
// with Go, and disconnects the shards. In HTTP mode, stop serving the
// endpoint first.
func (w *Wire) Close() error {
	w.outbox.flush(closeGrace)
	w.life.close()
	var err error
	for _, sh := range w.gateway.shards {
		if e := sh.Close(); e != nil && err == nil {
			err = e
		}
	}
	return err
}

// Context is the wire's lifetime: it ends when Close begins.
func (w *Wire) Context() context.Context { return w.life.ctx }

// Go runs f on a goroutine that Close waits for; once the wire is closing
// it does not run f at all. A panic in f is logged, naming what.
func (w *Wire) Go(what string, f func()) {
	if !w.life.enter() {
		return
	}
	go func() {
		defer w.life.work.Done()
		defer w.Recover(what)
		f()
	}()
}

// Sleep waits d, or less when the wire closes; it reports whether the wire
// is still open.
func (w *Wire) Sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-w.life.ctx.Done():
		return false
	}
}

// Recover keeps one bad event from taking the process down (discordgo
// hands a half-decoded interaction to handlers when it meets an unknown
// component): deferred, it logs a panic with what was being done.
func (w *Wire) Recover(what string) {
	if p := recover(); p != nil {
		w.log.Error("handler panicked", "in", what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	}
}

// lifetime is how long the wire runs: the goroutines it and the bot start
// (which Close waits for) and the context that ends when Close begins.
type lifetime struct {
	ctx    context.Context
	cancel context.CancelFunc
	work   sync.WaitGroup

	mu     sync.Mutex
	closed bool // no more goroutines may start
}

// start begins the lifetime.
func (l *lifetime) start() {
	l.ctx, l.cancel = context.WithCancel(context.Background())
}

// enter counts a goroutine in, unless the wire is closing.
func (l *lifetime) enter() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	l.work.Add(1)
	return true
}

// close lets no goroutine start, ends the context and waits for the
// goroutines.
func (l *lifetime) close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.cancel()
	l.work.Wait()
}
