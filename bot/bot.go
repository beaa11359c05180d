// Package bot is the dealer's Discord side: slash commands, buttons, table
// messages and their pictures. It is thin and knows no game: the rules live
// in the game packages, how each game is shown (pictures, controls as data)
// in its render package, read through the registry; the records in store,
// the life of a game at a table in store/session. The bot talks to Discord
// only through the *discordgo.Session it is given, so tests hand it a
// session attached to the project's fake Discord.
package bot

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

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/session"
)

// Options configure a Bot. Session, Store, Games and Renderer are required.
type Options struct {
	Session  *discordgo.Session
	Store    *store.Store
	Games    *render.Registry
	Renderer *render.Renderer
	// GuildID registers the slash commands in one server (instant, for
	// testing); empty registers them globally.
	GuildID string
	Logger  *slog.Logger
	// DeferAfter is how long a handler may work before the bot defers its
	// answer (default 1.5 s; Discord fails an interaction not answered in 3 s).
	DeferAfter time.Duration
	// NewDeal picks the deal number of a new table (default: random).
	NewDeal func() uint64
	// TurnTimeout is how long a multiplayer player may take before a
	// computer player moves for them; 0 waits for ever.
	TurnTimeout time.Duration
	// Interactions is how Discord delivers interactions: InteractionsGateway
	// (the default, "" too) or InteractionsHTTP, by POSTs to the
	// application's Interactions Endpoint URL, served by HTTPHandler. In
	// HTTP mode the bot opens no gateway connection at all.
	Interactions string
	// PublicKey is the application's public key (the developer portal's
	// "Public Key"; see ParsePublicKey), which signs the HTTP interactions.
	// Required in HTTP mode.
	PublicKey ed25519.PublicKey
	// Shards are the gateway connections this process runs (see
	// ShardSessions); none runs Session itself as the one connection.
	// Session always carries the REST calls.
	Shards []*discordgo.Session
	// MaxConcurrency is how many shards may identify at once (PlanShards;
	// default 1), IdentifySpacing the wait between two identifies of one
	// rate-limit bucket (default Discord's 5 s; tests shorten it).
	MaxConcurrency  int
	IdentifySpacing time.Duration
	// Links are the web pages' addresses, for link buttons and /web (nil:
	// no web pages). OnChange, when set, is told of every change of a
	// table (the web's live pages).
	Links    Links
	OnChange func(tableID int64)
	// LobbyTimeout closes a lobby nobody started (default 30 minutes;
	// negative: never).
	LobbyTimeout time.Duration
	// Metrics is where the bot registers its Prometheus metrics (nil: not
	// registered; they are counted all the same).
	Metrics prometheus.Registerer
}

// Bot hosts card tables in Discord.
type Bot struct {
	s           *discordgo.Session
	store       *store.Store
	games       *render.Registry
	render      *render.Renderer
	guildID     string
	log         *slog.Logger
	deferAfter  time.Duration
	ackDeadline time.Duration
	newDeal     func() uint64
	turnTimeout time.Duration
	httpMode    bool              // interactions come by HTTP, not the gateway
	publicKey   ed25519.PublicKey // verifies HTTP interactions
	resync      clockResync       // re-reads Discord's clock for the HTTP endpoint
	seen        seenIDs           // interactions received over HTTP, against replays

	metrics         *metrics
	links           Links
	onChange        func(tableID int64)
	lobbyTimeout    time.Duration
	processID       string               // names this process in the timers it claims
	timerWake       chan struct{}        // a timer was armed: the timer loop looks again
	onFire          func(store.Timer)    // tests: called as a claimed timer is about to fire
	shards          []*discordgo.Session // the gateway connections
	maxConcurrency  int
	identifySpacing time.Duration

	// ctx lives as long as the bot: handlers and the bot's own goroutines
	// (redraws, turn clocks) use it, and Close cancels it.
	ctx    context.Context
	cancel context.CancelFunc
	work   sync.WaitGroup // the bot's own goroutines, which Close waits for

	live  sync.Map // interaction id → *responder, while its handler runs
	langs sync.Map // "u:"+user id or "g:"+guild id → lang.Lang last seen (languages.go)
	clock discordClock

	mu     sync.Mutex
	tables map[int64]*table
	closed bool                // no more goroutines may start
	dms    map[string]string   // DM channel ids by user id
	outbox map[string][]letter // letters waiting, by recipient; present while one is being sent
	dmGate chan struct{}       // held while opening a DM channel (dmChannel)
	ready  chan struct{}
	once   sync.Once
}

// New makes a bot and loads every unfinished table from the store, so that
// their buttons work as soon as the bot is connected.
func New(ctx context.Context, o Options) (*Bot, error) {
	if o.Session == nil || o.Store == nil || o.Games == nil || o.Renderer == nil {
		return nil, fmt.Errorf("bot: Session, Store, Games and Renderer are required")
	}
	httpMode, err := interactionsMode(o.Interactions, o.PublicKey)
	if err != nil {
		return nil, err
	}
	b := &Bot{
		s: o.Session, store: o.Store, games: o.Games, render: o.Renderer, guildID: o.GuildID,
		log: o.Logger, deferAfter: o.DeferAfter, ackDeadline: 3 * time.Second, newDeal: o.NewDeal, turnTimeout: o.TurnTimeout,
		tables: map[int64]*table{}, dms: map[string]string{}, outbox: map[string][]letter{}, dmGate: make(chan struct{}, 1), ready: make(chan struct{}),
		httpMode: httpMode, publicKey: o.PublicKey,
	}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	if b.log == nil {
		b.log = slog.Default()
	}
	b.log = slog.New(RedactTokens(b.log.Handler(), o.Session.Token)) // no token in a log line (redact.go)
	if b.deferAfter <= 0 {
		b.deferAfter = 1500 * time.Millisecond
	}
	if b.newDeal == nil {
		b.newDeal = session.RandomDeal
	}
	b.metrics = newMetrics(b, o.Metrics)
	b.links, b.onChange = o.Links, o.OnChange
	b.processID, b.timerWake, b.lobbyTimeout = newProcessID(), make(chan struct{}, 1), o.LobbyTimeout
	if b.lobbyTimeout == 0 {
		b.lobbyTimeout = 30 * time.Minute
	}
	b.shards, b.maxConcurrency, b.identifySpacing = o.Shards, o.MaxConcurrency, o.IdentifySpacing
	if len(b.shards) == 0 {
		b.shards = []*discordgo.Session{b.s}
	}
	if b.identifySpacing <= 0 {
		b.identifySpacing = identifySpacing
	}
	if err := b.resumeTables(ctx); err != nil {
		b.cancel()
		return nil, err
	}
	watchClock(b.s.Client, &b.clock)
	watchInvalid(b.s.Client, b.metrics.invalid) // Discord's invalid-request limit (invalid.go)
	// discordgo would otherwise wait out any 429 while holding the route,
	// which blows the 3 s deadline; the responder handles 429s itself.
	b.s.ShouldRetryOnRateLimit = false
	if b.httpMode {
		return b, nil // no gateway: Open and HTTPHandler do its part
	}
	for _, sh := range b.shards {
		// Interactions need no gateway intents; ask for none beyond guilds.
		sh.Identify.Intents = discordgo.IntentsGuilds
		sh.ShouldRetryOnRateLimit = false
		sh.AddHandler(b.onReady)
		sh.AddHandler(b.onRawReady)
		sh.AddHandler(b.onInteraction)
		sh.AddHandler(func(s *discordgo.Session, _ *discordgo.Connect) { b.shardUp(s, true) })
		sh.AddHandler(func(s *discordgo.Session, _ *discordgo.Disconnect) { b.shardUp(s, false) })
	}
	return b, nil
}

// Open connects every shard to Discord and waits until the commands are
// registered. In HTTP mode it connects no gateway: it reads the application
// over REST, checks its public key and registers the commands; serve
// HTTPHandler after it returns.
func (b *Bot) Open(ctx context.Context) error {
	if b.httpMode {
		if err := b.openHTTP(ctx); err != nil {
			return err
		}
		b.startLoops()
		return nil
	}
	if err := b.openShards(ctx); err != nil {
		return err
	}
	select {
	case <-b.ready:
		b.startLoops()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// startLoops starts what runs beside the interactions: the timers. (A
// table another process changed is brought up to the store as it is used:
// session.Table.Sync.)
func (b *Bot) startLoops() {
	b.goBackground("timers", b.runTimers)
}

// Close stops the timers, waits for every goroutine the bot started
// (redraws, timers, the work of interactions taken over HTTP) and
// disconnects from Discord. In HTTP mode, stop serving HTTPHandler first.
func (b *Bot) Close() error {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cancel()
	b.work.Wait()
	var err error
	for _, sh := range b.shards {
		if e := sh.Close(); e != nil && err == nil {
			err = e
		}
	}
	return err
}

// goBackground runs f on a goroutine that Close waits for; once the bot is
// closing it does not run f at all.
func (b *Bot) goBackground(what string, f func()) {
	if !b.enter() {
		return
	}
	go func() {
		defer b.work.Done()
		defer b.recover(what)
		f()
	}()
}

// enter counts a goroutine of the bot's in, unless the bot is closing.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.work.Add(1)
	return true
}

// sleep waits d, or less when the bot closes; it reports whether the bot
// is still open.
func (b *Bot) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-b.ctx.Done():
		return false
	}
}

// Tables counts the tables in play.
func (b *Bot) Tables() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.tables)
}

// onReady registers the slash commands once a process, at its first
// shard's READY (a bulk overwrite: the same list from every process).
func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	defer b.recover("ready")
	b.once.Do(func() {
		defer close(b.ready)
		if err := b.registerCommands(r.Application.ID); err != nil {
			b.log.Error("registering slash commands failed", "err", err)
			return
		}
		b.log.Info("connected", "user", r.User.Username, "guilds", len(r.Guilds), "tables", b.Tables())
	})
}

// registerCommands overwrites the slash commands, waiting out rate limits
// (a bot restarted several times in a row meets them).
func (b *Bot) registerCommands(appID string) error {
	for tries := 0; ; tries++ {
		_, err := b.s.ApplicationCommandBulkOverwrite(appID, b.guildID, b.commands(), discordgo.WithRetryOnRatelimit(false))
		var rl *discordgo.RateLimitError
		if !errors.As(err, &rl) || tries == 10 {
			return err
		}
		b.log.Info("rate limited registering commands: trying again", "after", rl.RetryAfter)
		if !b.sleep(rl.RetryAfter) {
			return err
		}
	}
}

// recover keeps one bad event from taking the bot down (discordgo hands a
// half-decoded interaction to handlers when it meets an unknown component).
func (b *Bot) recover(what string) {
	if p := recover(); p != nil {
		b.log.Error("handler panicked", "in", what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	}
}

// userOf returns who made an interaction, in a server or a DM.
func userOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

// displayName is a user's name as the server shows it.
func displayName(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := userOf(i)
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}
