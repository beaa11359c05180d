// Package bot is the dealer's table in Discord: slash commands, buttons,
// lobbies, table messages and their pictures, menus, turns and timers. It
// is thin and knows no game: the rules live in the game packages, how each
// game is shown (pictures, controls as data) in its render package, read
// through the registry; the records in store, the life of a game at a
// table in store/play. Discord's wire (REST, the gateway's shards, the
// HTTP endpoint, answering within 3 s) is package bot/discord, which hands
// the bot each interaction (answer, in interaction.go). Every button's
// action is one entry of routes.go, every slash command one of commands.go.
// The bot talks to Discord only through the *discordgo.Session it is
// given, so tests hand it a session attached to the project's fake Discord.
package bot

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
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
	// Seasons is how long the boards' seasons last ("": a month).
	Seasons store.SeasonLength
	// Activity registers the app's Entry Point command, which launches the
	// Activity (the web table inside Discord: activity.go). Set it when
	// Activities are enabled in the developer portal, where a bulk
	// overwrite without the Entry Point command is refused.
	Activity bool
}

// Bot hosts card tables in Discord: the table side (commands, lobbies,
// tables, menus, turns, timers) over Discord's wire (package discord).
type Bot struct {
	wire         *discord.Wire
	store        *store.Store
	games        *render.Registry
	render       *render.Renderer
	log          *slog.Logger
	guildID      string
	newDeal      func() uint64
	turnTimeout  time.Duration
	lobbyTimeout time.Duration
	metrics      *metrics
	links        Links
	activity     bool
	onChange     func(tableID int64)
	seasons      store.SeasonLength
	processID    string            // names this process in the timers it claims
	timerWake    chan struct{}     // a timer was armed: the timer loop looks again
	onFire       func(store.Timer) // tests: called as a claimed timer is about to fire
	langs        sync.Map          // "u:"+user id or "g:"+guild id → lang.Lang last seen (languages.go)
	ready        chan struct{}     // closed once the commands are registered

	mu     sync.Mutex
	tables map[int64]*table
}

// New makes a bot and loads every unfinished table from the store, so that
// their buttons work as soon as the bot is connected.
func New(ctx context.Context, o Options) (*Bot, error) {
	if o.Session == nil || o.Store == nil || o.Games == nil || o.Renderer == nil {
		return nil, fmt.Errorf("bot: Session, Store, Games and Renderer are required")
	}
	b := &Bot{
		store: o.Store, games: o.Games, render: o.Renderer, guildID: o.GuildID, newDeal: o.NewDeal,
		turnTimeout: o.TurnTimeout, lobbyTimeout: o.LobbyTimeout, links: o.Links, activity: o.Activity, onChange: o.OnChange, seasons: o.Seasons,
		processID: newProcessID(), timerWake: make(chan struct{}, 1), ready: make(chan struct{}), tables: map[int64]*table{},
	}
	w, err := discord.New(discord.Options{
		Session: o.Session, Handler: b.answer, Private: privateAnswer, Logger: o.Logger, DeferAfter: o.DeferAfter,
		Interactions: o.Interactions, PublicKey: o.PublicKey, Replays: o.Store, Shards: o.Shards,
		MaxConcurrency: o.MaxConcurrency, IdentifySpacing: o.IdentifySpacing, OnReady: b.onReady, Metrics: o.Metrics,
	})
	if err != nil {
		return nil, err
	}
	b.wire, b.log = w, w.Logger()
	if b.newDeal == nil {
		b.newDeal = play.RandomDeal
	}
	if b.lobbyTimeout == 0 {
		b.lobbyTimeout = 30 * time.Minute
	}
	if b.seasons == "" {
		b.seasons = store.SeasonsMonth
	}
	b.metrics = newMetrics(b, o.Metrics)
	if err := b.resumeTables(ctx); err != nil {
		_ = w.Close()
		return nil, err
	}
	return b, nil
}

// Open connects to Discord (every shard, or in HTTP mode the application
// read over REST and its key checked) and waits until the commands are
// registered; then the timers start. In HTTP mode, serve HTTPHandler after
// it returns.
func (b *Bot) Open(ctx context.Context) error {
	if err := b.wire.Open(ctx); err != nil {
		return err
	}
	select {
	case <-b.ready:
		b.wire.Go("timers", b.runTimers)
		b.wire.Go("seasons", b.runSeasons)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops the timers, waits for every goroutine the bot started
// (redraws, timers, the work of interactions taken over HTTP) and
// disconnects from Discord. In HTTP mode, stop serving HTTPHandler first.
func (b *Bot) Close() error { return b.wire.Close() }

// Tables counts the tables in play.
func (b *Bot) Tables() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.tables)
}

// onReady registers the slash commands once a process, at its first
// shard's READY or as Open reads the application over HTTP (a bulk
// overwrite: the same list from every process).
func (b *Bot) onReady(app discord.Application) {
	defer close(b.ready)
	if err := b.wire.RegisterCommands(app.ID, b.guildID, b.commands()); err != nil {
		b.log.Error("registering slash commands failed", "err", err)
		return
	}
	if b.wire.HTTPMode() {
		b.log.Info("ready for interactions over HTTP", "application", app.ID, "tables", b.Tables())
		return
	}
	b.log.Info("connected", "user", app.User, "guilds", app.Guilds, "tables", b.Tables())
}

// Ready reports whether the bot can take interactions: over the gateway,
// every shard connected; over HTTP, once Open has checked the key and
// registered the commands. For /readyz.
func (b *Bot) Ready() error {
	select {
	case <-b.ready:
		return b.wire.Ready()
	default:
		return discord.ErrNotReady
	}
}

// displayName is a user's name as the server shows it.
func displayName(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := discord.UserOf(i)
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}
