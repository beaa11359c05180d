package bot_test

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

const (
	guildID   = "1234567890123456789"
	channelID = "1234567890123456790"
	alice     = "1100000000000000001"
	bob       = "1100000000000000002"
	wait      = 30 * time.Second
)

// renderer is drawn once for all tests: its sprites take a moment.
var renderer = func() *render.Renderer {
	r, err := render.New()
	if err != nil {
		panic(err)
	}
	return r
}()

// harness is a bot on a real SQLite file, talking to the fake Discord.
type harness struct {
	t       *testing.T
	metrics *prometheus.Registry // the bot's metrics (a new registry for each process started)
	fake    *discordtest.Server
	dbPath  string
	st      *store.Store
	sess    *discordgo.Session
	bot     *bot.Bot
	deal    uint64
	// turnTimeout is the bot's TurnTimeout (0: wait for ever).
	turnTimeout time.Duration
	// deferAfter is the bot's DeferAfter (0: its default).
	deferAfter time.Duration
	// lobbyTimeout is the bot's LobbyTimeout (0: its default).
	lobbyTimeout time.Duration
	// links and onChange are the bot's Links and OnChange (web pages).
	links    bot.Links
	onChange func(int64)
	// activity is the bot's Activity (the Entry Point command).
	activity bool
	// logs holds everything the bot logged.
	logs *testkit.Log
	// http has the bot take interactions over HTTP (bot.InteractionsHTTP),
	// served on endpoint, instead of the gateway.
	http     bool
	endpoint *httptest.Server
	// beforeOpen, when set, is called with each new bot before it opens.
	beforeOpen func(*bot.Bot)
	// endpointLimits are the endpoint's limits (zero: the defaults).
	endpointLimits bot.EndpointLimits
	// global registers the commands globally, as a released bot does (so
	// that they reach DMs), rather than for the test's server.
	global bool
	// clock, when set, is the store's clock, and so the bot's seasons'.
	clock *testkit.Clock
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, nil)
}

// newHarnessWith is newHarness with the fake's options set by opts.
func newHarnessWith(t *testing.T, opts func(*discordtest.Options)) *harness {
	t.Helper()
	return newHarnessMode(t, false, opts)
}

// newHTTPHarness is newHarness with interactions delivered over HTTP: the
// bot serves its interactions endpoint, and no gateway is opened.
func newHTTPHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessMode(t, true, nil)
}

// newHarnessMode is newHarnessWith, over HTTP when http is set. Its test
// runs in parallel with the other harnesses' (parallel).
func newHarnessMode(t *testing.T, http bool, opts func(*discordtest.Options)) *harness {
	t.Helper()
	parallel(t)
	o := discordtest.Options{Guilds: []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}}, RequireAltText: true}
	if opts != nil {
		opts(&o)
	}
	fake := discordtest.New(t, o)
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	fake.AddUser(discordtest.User{ID: bob, Name: "bob"})
	h := &harness{t: t, fake: fake, dbPath: filepath.Join(t.TempDir(), "dealer.db"), deal: 1, logs: &testkit.Log{}, http: http}
	h.start()
	t.Cleanup(func() {
		h.stop()
		require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse")
	})
	return h
}

// start opens the store and connects a new bot, as a fresh process would.
func (h *harness) start() {
	t := h.t
	h.metrics = prometheus.NewRegistry()
	h.sess = h.fake.NewSession()
	var sink io.Writer = h.logs
	if testing.Verbose() {
		sink = io.MultiWriter(h.logs, testWriter{t})
	}
	log := slog.New(slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelDebug}))
	o := bot.Options{
		Session: h.sess, GuildID: commandsGuild(h.global), Logger: log, NewDeal: func() uint64 { return h.deal }, TurnTimeout: h.turnTimeout, DeferAfter: h.deferAfter,
		Metrics: h.metrics, LobbyTimeout: h.lobbyTimeout, Links: h.links, OnChange: h.onChange,
		Activity: h.activity,
	}
	if h.http {
		o.Interactions, o.PublicKey = bot.InteractionsHTTP, h.fake.PublicKey()
	}
	var now func() time.Time
	if h.clock != nil {
		now = h.clock.Now
	}
	h.st, h.bot = startBotAt(t, h.dbPath, o, h.beforeOpen, now)
	if h.http {
		// As the command line mounts it; setting the URL sends Discord's
		// PING and a forged request first.
		h.endpoint = httptest.NewUnstartedServer(nil)
		h.endpoint.Config = h.bot.InteractionsServer(h.endpointLimits)
		h.endpoint.Start()
		require.NoError(t, h.fake.SetInteractionsEndpoint(h.endpoint.URL))
	}
}

// commandsGuild is the server the harness's bot registers its commands
// for: the test's, or none (globally).
func commandsGuild(global bool) string {
	if global {
		return ""
	}
	return guildID
}

// startBot opens the store at dbPath, as a new process would, and a bot on
// it with o (its Store, Games and Renderer filled in), connected to the
// fake; beforeOpen, when set, is called with the bot before it connects.
func startBot(t testing.TB, dbPath string, o bot.Options, beforeOpen func(*bot.Bot)) (*store.Store, *bot.Bot) {
	t.Helper()
	return startBotAt(t, dbPath, o, beforeOpen, nil)
}

// startBotAt is startBot with the store's clock now (nil: time.Now).
func startBotAt(t testing.TB, dbPath string, o bot.Options, beforeOpen func(*bot.Bot), now func() time.Time) (*store.Store, *bot.Bot) {
	t.Helper()
	st, err := store.Open(dbPath)
	require.NoError(t, err)
	if now != nil {
		st.Now = now
	}
	o.Store, o.Games, o.Renderer = st, catalog.Registry(), renderer
	b, err := bot.New(context.Background(), o)
	require.NoError(t, err)
	if beforeOpen != nil {
		beforeOpen(b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, b.Open(ctx))
	return st, b
}

// stop closes the bot's session (before the fake, as discordgo needs) and the store.
func (h *harness) stop() {
	if h.endpoint != nil {
		// No more requests, then the bot: Close waits for the work of
		// interactions already taken.
		h.endpoint.Close()
		h.endpoint = nil
	}
	stopBot(h.fake, h.bot, h.st, !h.http)
	h.bot, h.st = nil, nil
}

// stopBot closes b and then st, as a process stopping, either nil when
// not started; on the gateway, after the fake's first heartbeat, as a
// session closed before it may reconnect by itself (a discordgo race).
func stopBot(fake *discordtest.Server, b *bot.Bot, st *store.Store, gateway bool) {
	if b != nil {
		if gateway {
			_ = fake.WaitHeartbeat(5 * time.Second)
		}
		_ = b.Close()
	}
	if st != nil {
		_ = st.Close()
	}
}

// restart is a bot process stopping and starting again on the same database.
func (h *harness) restart() {
	h.stop()
	h.start()
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// command runs a slash command as user and waits for its final answer.
func (h *harness) command(user, name string, opts map[string]any) discordtest.Response {
	h.t.Helper()
	return discordtest.Final(h.t, wait)(h.fake.SlashCommand(guildID, channelID, user, name, opts))
}

// click clicks a custom id on a message as user and waits for the answer.
func (h *harness) click(messageID, user, customID string) discordtest.Response {
	h.t.Helper()
	return discordtest.Final(h.t, wait)(h.fake.Click(messageID, user, customID))
}

// waitSays waits for the message to say text (its words contain it) and
// returns it then; the test stops, with msgAndArgs, when it does not in
// time.
func (h *harness) waitSays(messageID, text string, msgAndArgs ...any) discordtest.Message {
	h.t.Helper()
	m, err := h.fake.WaitMessage(messageID, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), text) })
	require.NoError(h.t, err, msgAndArgs...)
	return m
}

// button finds an enabled button of a message by its label's start.
func button(t *testing.T, m discordtest.Message, labelPrefix string) discordtest.Button {
	t.Helper()
	return discordtest.EnabledButton(t, m, labelPrefix)
}

// picture decodes a message's one PNG and returns its width.
func picture(t *testing.T, m discordtest.Message) int {
	t.Helper()
	require.Len(t, m.Attachments, 1, "a table message has exactly one picture")
	img, err := png.Decode(bytes.NewReader(m.Attachments[0].Data))
	require.NoError(t, err)
	return img.Bounds().Dx()
}

// storedMoves reads a table's move log from the store.
func (h *harness) storedMoves(tableID int64) []string {
	h.t.Helper()
	entries, err := h.st.Moves(context.Background(), tableID)
	require.NoError(h.t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Move)
	}
	return out
}

// paralleled are the tests parallel has marked.
var paralleled sync.Map

// parallel marks t's test to run beside the package's other parallel
// tests, once (a test may open two harnesses). A harness test waits on
// the fake and the bot far more than it computes, so two at a time (go
// test's -parallel is the cores') take the package about half the time.
// Each harness has its own fake, store and bot; the tests that measure the
// process (memory, load, child processes) use a rig, not a harness, and
// run alone, before these.
func parallel(t *testing.T) {
	if _, done := paralleled.LoadOrStore(t, true); !done {
		t.Parallel()
	}
}
