package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

func runUsage(env) string {
	return `usage: dealer run [--config FILE]

Runs the Discord bot until SIGINT (Ctrl-C) or SIGTERM. The token comes from
DISCORD_TOKEN, or the config file's discord.token (see config.example.yaml).

  --config FILE   the config file (default: config.yaml if present)
`
}

// runCmd is `dealer run`: the Discord bot, until SIGINT or SIGTERM.
func runCmd(e env, args []string) int {
	fs := newFlags("dealer run")
	cfgPath := fs.String("config", "", "")
	if !parseOptions(e.stderr, "run", fs, args, ": run takes only --config FILE") {
		return exitUsage
	}
	return runBot(e.reg, *cfgPath, e.stderr, e.getenv)
}

// runBot runs the bot with the config at cfgPath ("" for the default).
func runBot(reg *render.Registry, cfgPath string, stderr io.Writer, getenv func(string) string) int {
	path, explicit := cfgPath, cfgPath != ""
	if !explicit {
		path = defaultConfigPath
	}
	cfg, err := loadConfig(path, explicit, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "dealer run:", err)
		return exitUsage
	}
	if cfg.Discord.Token == "" {
		fmt.Fprintln(stderr, `dealer run: no Discord bot token. Set DISCORD_TOKEN in the environment, or put it in config.yaml under discord.token (see config.example.yaml and the README: "Run (the bot)").`)
		return exitUsage
	}
	// No secret in a log line, whoever logs it (the bot, the web pages, the
	// store's errors): newLogger takes them out.
	log := newLogger(cfg, stderr)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, reg, cfg, log, nil); err != nil {
		var de databaseError
		if errors.As(err, &de) {
			// Before anything started: one plain line, as play says it.
			fmt.Fprintln(stderr, "dealer run:", err)
			return exitFail
		}
		log.Error("the dealer stopped", "err", err)
		return exitFail
	}
	return exitOK
}

// databaseError is a database that could not be opened at start-up,
// explained (explainOpen).
type databaseError struct{ error }

// serve runs the bot until ctx ends. attach, when set, points the Discord
// session elsewhere (tests attach it to the fake Discord).
func serve(ctx context.Context, reg *render.Registry, cfg Config, log *slog.Logger, attach func(*discordgo.Session)) error {
	st, err := openDatabase(cfg.Database, cfg.DatabasePassword)
	if err != nil {
		return databaseError{err}
	}
	defer st.Close()
	rel := thisRelease(reg)
	metrics := newMetricsRegistry(rel)
	metrics.MustRegister(st.Collectors()...)
	o, err := botOptions(cfg, st, reg, metrics, log, attach)
	if err != nil {
		return err
	}
	registerPictureCache(metrics, o.Renderer, cfg.PictureCacheMB)
	bk, err := newBackups(cfg, st, metrics, log)
	if err != nil {
		return err
	}
	defer bk.start(ctx)() // stopped before the store is closed
	// The web may be asked whether the bot is ready before it exists.
	var started atomic.Pointer[bot.Bot]
	ready := func(context.Context) error {
		if b := started.Load(); b != nil {
			return b.Ready()
		}
		return errors.New("the bot is starting")
	}
	// A move made on the pages is redrawn in Discord by the bot.
	moved := func(id int64) {
		if b := started.Load(); b != nil {
			b.TableMoved(id)
		}
	}
	// A move at a multiplayer table on the pages is the bot's to make, as
	// a click on a hand is.
	playMove := func(ctx context.Context, id int64, user, move string, version int) error {
		if b := started.Load(); b != nil {
			return b.PlayFromWeb(ctx, id, user, move, version)
		}
		return fmt.Errorf("%w: the bot is starting", play.ErrNotSaved)
	}
	pages, err := startWeb(ctx, cfg, st, reg, o.Renderer, metrics, log, ready, moved, playMove)
	if err != nil {
		return err
	}
	if pages != nil {
		defer pages.Close()
		o.OnChange = pages.Notify
	}
	var endpoint net.Listener
	if cfg.Interactions == bot.InteractionsHTTP {
		// Listen first: an address already taken stops the start at once.
		if endpoint, err = net.Listen("tcp", cfg.Listen); err != nil {
			return fmt.Errorf("serving the interactions endpoint: %w", err)
		}
		defer endpoint.Close()
	}
	b, err := bot.New(ctx, o)
	if err != nil {
		return err
	}
	started.Store(b)
	openCtx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := b.Open(openCtx); err != nil {
		return err
	}
	stopEndpoint := serveEndpoint(b, endpoint, log)
	log.Info("the dealer is at the table", append([]any{"database", st.Path(), "tables", b.Tables(), "shards", len(o.Shards)},
		rel.logAttrs()...)...)
	<-ctx.Done()
	log.Info("shutting down")
	stopEndpoint() // no new interactions first; then the bot finishes those under way
	return b.Close()
}

// botOptions are the bot's options from the config: its store, games,
// pictures, Discord session (pointed elsewhere by attach, when set),
// metrics, timeouts, shards or public key, and links to the web pages.
func botOptions(cfg Config, st *store.Store, reg *render.Registry, metrics *prometheus.Registry, log *slog.Logger,
	attach func(*discordgo.Session)) (bot.Options, error) {
	r, err := render.New()
	if err != nil {
		return bot.Options{}, err
	}
	if cfg.PictureCacheMB > 0 {
		r.SetCacheLimit(cfg.PictureCacheMB << 20)
	}
	s, err := discordgo.New("Bot " + cfg.Discord.Token)
	if err != nil {
		return bot.Options{}, err
	}
	if attach != nil {
		attach(s)
	}
	o := bot.Options{Session: s, Store: st, Games: reg, Renderer: r, GuildID: cfg.Discord.TestGuildID, Logger: log,
		TurnTimeout: cfg.TurnTimeout, LobbyTimeout: cfg.LobbyTimeout, Interactions: cfg.Interactions, Metrics: metrics,
		Seasons: cfg.Seasons, Activity: cfg.Web.Activity}
	if err := scaleOptions(&o, cfg, log); err != nil {
		return bot.Options{}, err
	}
	if cfg.Web.PublicURL != "" {
		if o.Links, err = web.NewURLs(cfg.Web.PublicURL); err != nil {
			return bot.Options{}, err
		}
	}
	return o, nil
}

// serveEndpoint serves b's interactions endpoint on endpoint (HTTP
// interactions; nil: none) and returns what stops it, letting the
// interactions under way finish.
func serveEndpoint(b *bot.Bot, endpoint net.Listener, log *slog.Logger) (stop func()) {
	if endpoint == nil {
		return func() {}
	}
	srv := b.InteractionsServer(bot.EndpointLimits{})
	go func() { _ = srv.Serve(endpoint) }()
	log.Info("serving interactions", "listen", endpoint.Addr().String())
	return func() {
		shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}
}

// scaleOptions sets the bot's public key (HTTP interactions) or its shards
// (gateway) from the config.
func scaleOptions(o *bot.Options, cfg Config, log *slog.Logger) error {
	if cfg.Interactions == bot.InteractionsHTTP {
		key, err := bot.ParsePublicKey(cfg.Discord.PublicKey)
		o.PublicKey = key
		return err
	}
	if cfg.Shards == "" {
		return nil
	}
	plan, err := bot.PlanShards(o.Session)
	switch {
	case err != nil && cfg.Shards == "auto":
		return err
	case err != nil:
		log.Warn("Discord did not say how many shards may start at once: starting them one at a time", "err", err)
		plan.MaxConcurrency = 1
	}
	ids, count := cfg.ShardIDs, cfg.ShardCount
	if cfg.Shards == "auto" {
		count = plan.Count
		if ids, err = autoShards(count); err != nil {
			return err
		}
	}
	o.Shards, err = bot.ShardSessions(o.Session, ids, count)
	o.MaxConcurrency = plan.MaxConcurrency
	log.Info("sharding", "shards", ids, "of", count, "max_concurrency", plan.MaxConcurrency)
	return err
}

// newMetricsRegistry is the process's metrics: which dealer this is
// (rel, as dealer_build_info), the Go runtime's and the process's, and
// whatever the bot and the web register (served on /metrics when
// web.listen is set).
func newMetricsRegistry(rel release) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(rel.buildInfo(), collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// startWeb serves the web pages on web.listen, when set (nil otherwise):
// the address is taken at once, so a taken one stops the start.
func startWeb(ctx context.Context, cfg Config, st *store.Store, reg *render.Registry, r *render.Renderer,
	metrics *prometheus.Registry, log *slog.Logger, ready func(context.Context) error, moved func(int64),
	playMove func(ctx context.Context, id int64, user, move string, version int) error) (*web.Server, error) {
	if cfg.Web.Listen == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", cfg.Web.Listen)
	if err != nil {
		return nil, fmt.Errorf("serving the web pages: %w", err)
	}
	proxies, err := web.ParseTrustedProxies(cfg.Web.TrustedProxies) // checked with the config
	if err != nil {
		ln.Close()
		return nil, err
	}
	wc := web.Config{Store: st, Games: reg, Renderer: r, PublicURL: cfg.Web.PublicURL, Metrics: metrics,
		Ready: ready, Logger: log, TrustedProxies: proxies, Seasons: cfg.Seasons}
	if cfg.Web.ClientID != "" && moved != nil { // checkSignIn saw the rest
		wc.SignIn = &web.SignIn{ClientID: cfg.Web.ClientID, ClientSecret: cfg.ClientSecret, SessionKey: []byte(cfg.SessionKey)}
		wc.Moved, wc.Play = moved, playMove
		if cfg.Web.Activity {
			wc.Activity = &web.Activity{BotToken: cfg.Discord.Token}
		}
	}
	srv, err := web.New(wc)
	if err != nil {
		ln.Close()
		return nil, err
	}
	go func() {
		if err := srv.ServeListener(ctx, ln); err != nil {
			log.Error("the web pages stopped", "err", err)
		}
	}()
	log.Info("serving the web pages", "listen", ln.Addr().String(), "public_url", cfg.Web.PublicURL)
	return srv, nil
}
