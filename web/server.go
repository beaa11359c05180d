// Package web serves the dealer's pages: a server's leaderboards, a
// player's record, the daily deals, and a table's page (live while it is
// played, pushed by server-sent events; a replay once it ends). It reads
// the store and draws pictures with the same renderer and per-game
// registration as the bot. It writes nothing, so that `dealer web` may run
// on a read-only database user, apart from the bot; unless Config.SignIn
// lets players sign in with Discord and play their own solitaires from
// their tables' pages (signin.go, move.go), each move saved through
// store/play as a click in Discord is, and, with Config.Play, their seats
// at multiplayer tables (seat.go) through the bot.
//
// It also serves /livez, /readyz and, when given a Prometheus registry,
// /metrics.
//
// What never leaks: a table's page is found only by its random token
// (store.Store.TableToken), never by its id; until its game ends it shows
// the spectator's view, the picture the channel shows, and nothing of the
// move log; a multiplayer game's hands are shown only once it has ended,
// but for each seat's own, to its player signed in (seat.go).
// A server whose admins turned its pages off (store.Store.SetPagesOff)
// shows nothing on any of them.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/net/netutil"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// Config is what a Server is built from.
type Config struct {
	// Store is the database the pages read. Required.
	Store *store.Store
	// Games are the games on offer (render/catalog.Registry()). Required.
	Games *render.Registry
	// Renderer draws the pictures; nil makes one (a few tenths of a
	// second). Share the bot's when both run in one process.
	Renderer *render.Renderer
	// PublicURL is web.public_url, the site's address as people reach it.
	// Only its path is used here: the prefix of every link in the pages,
	// for a proxy that serves them under one (and strips it). "" is the
	// root.
	PublicURL string
	// Metrics, when set, gets the web's own metrics (requests by route and
	// status, their time, render time, open live pages) and is served at
	// /metrics with everything else registered in it.
	Metrics *prometheus.Registry
	// Ready is /readyz's check beyond the store's (which is always made):
	// the bot's Discord connection, say. nil: the store alone.
	Ready func(context.Context) error
	// Watch is how often the live pages' watcher reads the versions of the
	// tables being watched, to push changes another process made (a bot
	// apart from `dealer web`) and servers turning their pages off. 0 is
	// every second; negative turns the watcher off (Notify, and on
	// PostgreSQL the database's announcements, then push alone).
	Watch time.Duration
	// Limits bound what clients may take: timeouts, header size,
	// connections, live streams. Zero fields take DefaultLimits'.
	Limits Limits
	// TrustedProxies are the proxies whose X-Forwarded-For header names
	// the client the stream caps count (Limits): the config's
	// web.trusted_proxies (ParseTrustedProxies). nil is
	// DefaultTrustedProxies (this machine); an empty list trusts none.
	TrustedProxies []netip.Prefix
	// Logger gets failures, every table's token written as "[token]";
	// nil is slog.Default().
	Logger *slog.Logger
	// Now is the clock of today's daily deal and of the boards' current
	// season; nil is time.Now.
	Now func() time.Time
	// Seasons is how long the boards' seasons last ("": a month).
	Seasons store.SeasonLength
	// Overlay lays a player's board over the table's picture, a clear
	// region on each place (overlay.go), instead of tiles under it. The
	// tiles are the default: measured lighter and bigger on a phone
	// (TestLayoutBench).
	Overlay bool
	// SignIn, when set, lets players sign in with Discord and play their
	// seats from the table pages (which then write to the database, as
	// the bot does). nil: the pages only read.
	SignIn *SignIn
	// Activity, with SignIn, runs the pages as a Discord Activity
	// (activity.go). nil: the pages are never framed.
	Activity *Activity
	// Moved is told of every solitaire move made from the pages, after it
	// is saved (on a goroutine of its own): the bot in the same process
	// redraws the table's message in Discord. nil: nothing is told beyond
	// the live pages. (A multiplayer move goes through Play, which does
	// all a click does.)
	Moved func(tableID int64)
	// Play, with SignIn, makes a seated player's move at a multiplayer
	// table, as version (the move count) the page showed: the bot in the
	// same process (bot.Bot.PlayFromWeb), which plays it as a click on
	// the player's hand, computer players' answers, hands by DM and turn
	// clock included. Its refusals are store/play's: ErrMovedOn (stale, or
	// over), ErrIllegal, ErrNotSaved. nil: multiplayer tables are watched
	// here, and played in Discord.
	Play func(ctx context.Context, tableID int64, userID, move string, version int) error
}

// DefaultWatch is the watcher's period when Config.Watch is 0.
const DefaultWatch = time.Second

// Server is the web pages, an http.Handler. Its methods are safe for
// concurrent use. Close it to end its live streams and its watcher.
type Server struct {
	st    *store.Store
	games *render.Registry
	rend  *render.Renderer
	p     paths
	log   *slog.Logger
	now   func() time.Time
	// seasons is the boards' season length.
	seasons store.SeasonLength
	overlay bool // Config.Overlay
	ready   func(context.Context) error
	mux     *http.ServeMux
	m       *metrics
	tmpl    templates
	static  staticSet
	pics    *pictureCache
	live    *hub
	lim     Limits
	// trusted are the proxies whose X-Forwarded-For is believed.
	trusted []netip.Prefix
	// signIn is signing in with Discord (nil: not offered); moved is
	// Config.Moved; the limits are per player (moves) and per client
	// address (sign-ins).
	signIn      *signIn
	activity    *activity
	moved       func(int64)
	play        func(ctx context.Context, tableID int64, userID, move string, version int) error
	moveLimit   *rateLimit
	signInLimit *rateLimit

	closing   chan struct{}
	ctx       context.Context    // ends with Close: the feeds' reads
	stop      context.CancelFunc // ends ctx, and hearing the database
	closeOnce sync.Once
	watcher   sync.WaitGroup // the watcher and the listener
	feeds     sync.WaitGroup // the live tables' feeds
}

// New builds the pages' server, starts its watcher (unless Config.Watch
// is negative) and, on PostgreSQL, listens to the database's announcements
// of changed tables.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("web: a store and the games are needed")
	}
	lim, err := cfg.Limits.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{st: cfg.Store, games: cfg.Games, rend: cfg.Renderer, log: cfg.Logger, now: cfg.Now, ready: cfg.Ready,
		pics: newPictureCache(pictureCacheBytes), live: newHub(lim), lim: lim, trusted: cfg.TrustedProxies,
		closing: make(chan struct{}), overlay: cfg.Overlay}
	if s.trusted == nil {
		s.trusted = DefaultTrustedProxies
	}
	if cfg.SignIn != nil {
		if s.signIn, err = newSignIn(cfg.SignIn, cfg.PublicURL); err != nil {
			return nil, err
		}
		s.moved, s.play = cfg.Moved, cfg.Play
		s.moveLimit = newRateLimit(float64(lim.MovesPerSecond), lim.MoveBurst)
		s.signInLimit = newRateLimit(1, 10)
	}
	if cfg.Activity != nil {
		if s.activity, err = newActivity(cfg.Activity, s.signIn); err != nil {
			return nil, err
		}
	}
	if cfg.PublicURL != "" {
		u, err := NewURLs(cfg.PublicURL)
		if err != nil {
			return nil, err
		}
		s.p = u.p
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.log = slog.New(redactHandler{s.log.Handler()})
	if s.now == nil {
		s.now = time.Now
	}
	if s.seasons = cfg.Seasons; s.seasons == "" {
		s.seasons = store.SeasonsMonth
	}
	if s.rend == nil {
		if s.rend, err = render.New(); err != nil {
			return nil, fmt.Errorf("web: %w", err)
		}
	}
	var reg prometheus.Registerer
	if cfg.Metrics != nil {
		reg = cfg.Metrics
	}
	if s.m, err = newMetrics(reg); err != nil {
		return nil, err
	}
	if s.tmpl, err = parseTemplates(); err != nil {
		return nil, err
	}
	if s.static, err = loadStatic(); err != nil {
		return nil, err
	}
	s.routes(cfg.Metrics)
	s.ctx, s.stop = context.WithCancel(context.Background())
	s.watcher.Add(1)
	go s.hear(s.ctx)
	if cfg.Watch >= 0 {
		every := cfg.Watch
		if every == 0 {
			every = DefaultWatch
		}
		s.watcher.Add(1)
		go s.watch(every)
	}
	return s, nil
}

// routes are the pages, with their names for the metrics.
func (s *Server) routes(metrics *prometheus.Registry) {
	s.mux = http.NewServeMux()
	s.handle("GET /{$}", "home", s.home)
	s.handle("GET /g/{guild}", "server", s.serverPage)
	s.handle("GET /g/{guild}/leaderboard/{game}", "leaderboard", s.leaderboard)
	s.handle("GET /g/{guild}/players/{user}", "player", s.player)
	s.handle("GET /g/{guild}/daily/{game}", "daily", s.daily)
	s.handle("GET /g/{guild}/daily/{game}/days", "daily_days", s.dailyDays)
	s.handle("GET /g/{guild}/daily/{game}/{day}", "daily", s.daily)
	s.handle("GET /g/{guild}/daily/{game}/{day}/deal.png", "daily_picture", s.dailyPicture)
	s.handle("GET /t/{token}", "table", s.table)
	s.handle("GET /t/{token}/events", "table_events", s.tableEvents)
	s.handle("GET /t/{token}/at/{step}", "table_picture", s.tablePicture)
	s.handle("GET /t/{token}/at/{step}/{seat}", "table_hand", s.handPicture)
	s.handle("GET /static/{file}", "static", s.static.serve)
	s.handle("GET /signin", "signin", s.signInStart)
	s.handle("GET /signin/callback", "signin_callback", s.signInDone)
	s.handle("POST /signout", "signout", s.signOut)
	s.handleSeated("POST /t/{token}/move", "table_move", s.tableMove)
	s.handleSeated("POST /t/{token}/hint", "table_hint", s.tableHint)
	s.handle("GET /t/{token}/board", "table_board", s.tableBoard)
	s.handle("GET /t/{token}/seat", "table_seat", s.seatPart)
	s.handle("GET /t/{token}/hand/{n}", "table_seat_hand", s.seatHand)
	s.handle("POST /activity/token", "activity_token", refusedAsJSON(s, s.activityToken))
	s.handle("POST /activity/table", "activity_table", refusedAsJSON(s, s.activityTable))
	s.mount("GET /livez", "livez", LiveHandler())
	s.mount("GET /readyz", "readyz", ReadyHandler(s.isReady, s.log))
	if metrics != nil {
		s.mount("GET /metrics", "metrics", MetricsHandler(metrics))
	}
	s.handle("/", "notfound", func(w http.ResponseWriter, r *http.Request) error {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			return &httpError{http.StatusMethodNotAllowed, "There is nothing to send here."}
		}
		return notFound("There is no such page.")
	})
}

// handle serves pattern with h, its failures answered as error pages, and
// counts it as route.
func (s *Server) handle(pattern, route string, h func(http.ResponseWriter, *http.Request) error) {
	s.mount(pattern, route, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.fail(w, r, err)
		}
	}))
}

// mount serves pattern with h, counted as route; a panic is a 500 page,
// not a dropped connection.
func (s *Server) mount(pattern, route string, h http.Handler) {
	s.mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("web: panic", "route", route, "path", r.URL.Path, "panic", v)
				if sw.status == 0 {
					s.fail(sw, r, fmt.Errorf("panic: %v", v))
				}
			}
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			s.m.observe(route, status, time.Since(start), route == "table_events")
		}()
		h.ServeHTTP(sw, r)
	}))
}

// ServeHTTP serves the pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Pages load nothing but their own style sheet, scripts and pictures;
	// no page is framed but by Discord, as the Activity; no address (a table's token) leaves in a Referer.
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "+
		"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors "+s.frameAncestors())
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// isReady is /readyz: the store answers, and Config.Ready agrees.
func (s *Server) isReady(ctx context.Context) error {
	if _, err := s.st.SchemaVersion(ctx); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	if s.ready != nil {
		return s.ready(ctx)
	}
	return nil
}

// client is the address the stream caps count r's client by.
func (s *Server) client(r *http.Request) string { return clientAddress(r, s.trusted) }

// Close ends the live streams and stops the watcher and the feeds. The
// Server still serves pages, but no longer pushes changes.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.live.close()
		close(s.closing)
		s.stop()
	})
	s.watcher.Wait()
	s.feeds.Wait()
	s.live.streams.Wait()
	return nil
}

// Serve serves the pages on addr ("127.0.0.1:8080", ":8080") until ctx
// ends, then closes the live streams and shuts down gracefully (five
// seconds at most). It returns once the listener is closed: nil after ctx
// ended, else why it could not serve.
func (s *Server) Serve(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: listen on %s: %w", addr, err)
	}
	return s.ServeListener(ctx, ln)
}

// ServeListener is Serve on a listener of the caller's. The server keeps
// to Config.Limits: its timeouts (a live stream's writes have their own,
// so that streams are long and a client that stops reading is dropped),
// the size of a request's header, and at most MaxConns connections at
// once (past it, a new connection waits to be accepted).
func (s *Server) ServeListener(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.lim.ReadHeaderTimeout,
		ReadTimeout:       s.lim.ReadTimeout,
		WriteTimeout:      s.lim.WriteTimeout,
		IdleTimeout:       s.lim.IdleTimeout,
		MaxHeaderBytes:    s.lim.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		ConnState:         s.m.connState,
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(netutil.LimitListener(ln, s.lim.MaxConns)) }()
	select {
	case err := <-done:
		return fmt.Errorf("web: %w", err)
	case <-ctx.Done():
	}
	s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	if serr := <-done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	if err != nil {
		return fmt.Errorf("web: shutdown: %w", err)
	}
	return nil
}
