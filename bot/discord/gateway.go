package discord

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/bwmarrin/discordgo"
)

// gateway is the gateway connections this process runs (its shards) and
// what their first READY said.
type gateway struct {
	shards          []*discordgo.Session
	maxConcurrency  int
	identifySpacing time.Duration
	onReady         func(Application)
	once            sync.Once
}

// Application is what Discord says of the bot's application as it
// connects: its id (the commands are registered under it), and on the
// gateway its user's name and how many servers it is in.
type Application struct {
	ID     string
	User   string
	Guilds int
}

// newGateway is the gateway of o's shards (s alone when there are none).
func newGateway(o Options, s *discordgo.Session) *gateway {
	g := &gateway{shards: o.Shards, maxConcurrency: o.MaxConcurrency, identifySpacing: o.IdentifySpacing, onReady: o.OnReady}
	if len(g.shards) == 0 {
		g.shards = []*discordgo.Session{s}
	}
	if g.identifySpacing <= 0 {
		g.identifySpacing = identifySpacing
	}
	if g.onReady == nil {
		g.onReady = func(Application) {}
	}
	return g
}

// listen has every shard hand its interactions to the handler, follow
// Discord's resume URL and report its connection.
func (w *Wire) listen() {
	for _, sh := range w.gateway.shards {
		// Interactions need no gateway intents; ask for none beyond guilds.
		sh.Identify.Intents = discordgo.IntentsGuilds
		sh.ShouldRetryOnRateLimit = false
		sh.AddHandler(w.onReady)
		sh.AddHandler(w.onRawReady)
		sh.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { w.serve(ic.Interaction, nil) })
		sh.AddHandler(func(s *discordgo.Session, _ *discordgo.Connect) { w.shardUp(s, true) })
		sh.AddHandler(func(s *discordgo.Session, _ *discordgo.Disconnect) { w.shardUp(s, false) })
	}
}

// onReady tells Options.OnReady of the application at the process's first
// shard's READY.
func (w *Wire) onReady(_ *discordgo.Session, r *discordgo.Ready) {
	defer w.Recover("ready")
	w.gateway.once.Do(func() {
		w.gateway.onReady(Application{ID: r.Application.ID, User: r.User.Username, Guilds: len(r.Guilds)})
	})
}

// Open connects every shard to Discord, waiting for each one's READY. In
// HTTP mode it connects no gateway: it reads the application over REST and
// checks its public key. Either way Options.OnReady has been told of the
// application (on the gateway, perhaps still being told) when it returns.
func (w *Wire) Open(ctx context.Context) error {
	if w.endpoint.http {
		app, err := w.openHTTP(ctx)
		if err != nil {
			return err
		}
		w.gateway.once.Do(func() { w.gateway.onReady(app) })
		return nil
	}
	return w.openShards(ctx)
}

// Ready reports whether interactions can come: over the gateway, every
// shard connected; over HTTP, always.
func (w *Wire) Ready() error {
	if w.endpoint.http {
		return nil
	}
	for _, sh := range w.gateway.shards {
		if !dataReady(sh) {
			return ErrNotReady
		}
	}
	return nil
}

// dataReady reads s.DataReady under the session's lock, as discordgo's
// heartbeat writes it, while a health check may read it. A session whose
// lock is taken is opening (Open holds it for its whole handshake) or being
// written for an instant: not ready, said at once rather than making the
// health check wait on the handshake.
func dataReady(s *discordgo.Session) bool {
	if !s.TryRLock() {
		return false
	}
	defer s.RUnlock()
	return s.DataReady
}

// ErrNotReady is a wire not (or no longer) connected to Discord.
var ErrNotReady = errors.New("not connected to Discord")

// shardUp records whether shard s is connected, for the metrics.
func (w *Wire) shardUp(s *discordgo.Session, up bool) {
	v := 0.0
	if up {
		v = 1
	}
	w.metrics.shards.WithLabelValues(strconv.Itoa(s.ShardID)).Set(v)
}

// onRawReady follows READY's resume_gateway_url. discordgo v0.29.0 ignores
// it and resumes at the URL it first connected to; Discord asks that
// resumes go to the URL READY names (the first URL may not hold the
// session). onRawReady puts that URL where discordgo's next connection
// reads its gateway. There is no exported
// way to set it, so the unexported field is written through reflection; a
// test (TestResumesAtTheResumeURL) catches a discordgo that renames it.
func (w *Wire) onRawReady(s *discordgo.Session, e *discordgo.Event) {
	if e.Type != "READY" {
		return
	}
	defer w.Recover("ready (resume URL)")
	var ready struct {
		ResumeGatewayURL string `json:"resume_gateway_url"`
	}
	if err := json.Unmarshal(e.RawData, &ready); err != nil || ready.ResumeGatewayURL == "" {
		return
	}
	if !setGateway(s, ready.ResumeGatewayURL+"?v="+discordgo.APIVersion+"&encoding=json") {
		w.log.Warn("this discordgo has no gateway field: resumes go to the first gateway URL")
	}
}

// setGateway sets the gateway URL of s's next connection.
func setGateway(s *discordgo.Session, url string) bool {
	f := reflect.ValueOf(s).Elem().FieldByName("gateway")
	if !f.IsValid() || f.Kind() != reflect.String {
		return false
	}
	s.Lock()
	defer s.Unlock()
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().SetString(url)
	return true
}
