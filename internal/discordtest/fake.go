// Package discordtest is the project's own fake Discord: the slice of the
// Discord HTTP API and gateway that the dealer bot uses, served on loopback,
// so that an unmodified discordgo session can be tested end to end.
//
// It speaks Discord's wire format (JSON shapes, multipart layout, status
// codes, JSON error codes) and deliberately does NOT use discordgo's structs
// to read what the bot sends: serialisation mistakes in the bot show up in
// tests instead of being mirrored by the fake. Only session.go imports
// discordgo, to point a *discordgo.Session at the fake.
//
// The fake rejects what Discord rejects (late or repeated interaction
// responses, component layouts Discord refuses, over-long content, unknown
// ids…) and records each rejection as a violation (Violations), so a test can
// assert that the bot made none. It keeps a model of messages (Message) that
// tests read, and a driver API that acts as users would (SlashCommand, Click,
// Select, SubmitModal, SendComponent) with wait helpers that never poll.
//
// It also enforces the rules of Discord that bite in production, on by
// default:
//   - rate limits as Discord documents them (limits.go): X-RateLimit-*
//     headers on every answer, per-route buckets per channel, guild or
//     interaction token, the global 50 requests per second (interaction
//     endpoints exempt), 429s in Discord's shape (Options.RateLimits);
//   - the invalid-request budget: every 4xx the bot causes is counted
//     (InvalidRequests) and CheckClean fails past Options.MaxInvalidRequests;
//   - every request body is validated against Discord's official OpenAPI
//     description (schema.go, testdata/openapi.json): a body that breaks it
//     is a violation, answered 400 / 50035;
//   - players leave servers (RemoveMember: DMs then fail with 50278),
//     channels lose permissions (DenyPermission: 50013, 50001), hour-old
//     messages take few edits (AgeMessage: 429 / 30046), Discord's clock
//     differs from the bot's (Options.ClockOffset: ids and the Date header),
//     READY's resume_gateway_url is another address (ResumeStats), and
//     follow-ups are always waited for (the message comes back).
//
// Interactions go over the gateway, or, once an Interactions Endpoint URL
// is set (SetInteractionsEndpoint), are POSTed to it signed with the
// application's Ed25519 key (PublicKey), with Discord's PING and forged
// probes, through the same driver API (httpdelivery.go).
//
// Faults can be injected: 429s with retry_after (RateLimitNext), 5xx
// (FailNext), latency (SetLatency), dropped gateway connections
// (DropGateway, after which discordgo resumes), users whose DMs are closed.
//
// Shutting down with discordgo needs care (see the package example):
//   - close the session BEFORE the fake (New registers the fake's Close with
//     t.Cleanup, so register the session's cleanup after calling New), or
//     discordgo starts reconnecting forever;
//   - call WaitHeartbeat before Session.Close, or a session closed soon after
//     Open may reconnect by itself;
//   - Session.Close sleeps 1 s: keep sessions few, and run such tests in
//     parallel.
//
// Server.Connect does the first two for a bot; Final and EnabledButton are
// what a bot's tests do between checks (botkit.go).
package discordtest

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// APIPrefix is the REST prefix discordgo v0.29.0 uses (APIVersion = "9").
const APIPrefix = "/api/v9"

const discordEpochMS = 1420070400000

// Options configures a Server. Zero values get Discord's defaults.
type Options struct {
	Token             string        // bot token, without the "Bot " prefix
	AppID             string        // application id (= bot user id); generated if empty
	BotName           string        // bot username
	HeartbeatInterval time.Duration // sent in HELLO; default 41.25 s like Discord: keep it (a heartbeat racing Session.Close makes discordgo reconnect the closed session)
	AckDeadline       time.Duration // initial-response deadline; default 3 s like Discord
	TokenLifetime     time.Duration // interaction token lifetime; default 15 min like Discord
	MaxFileSize       int           // bytes per attachment; default 10 MiB
	Guilds            []Guild       // guilds announced in READY/GUILD_CREATE
	// Lean keeps memory flat for load tests: no log of requests or gateway
	// frames and no history of message edits (Requests, GatewayLog and
	// Message.History stay empty). Rules are still enforced.
	Lean bool

	// RateLimits are Discord's REST rate limits: per-route buckets and the
	// global limit. The zero value is ON, with DefaultRouteLimits and 50
	// requests per second globally (see RateLimits).
	RateLimits RateLimits
	// MaxInvalidRequests is the bound CheckClean puts on InvalidRequests
	// (Discord bans a bot's address at 10,000 per 10 minutes): 0 means 100,
	// a negative value means no bound.
	MaxInvalidRequests int
	// OldMessageEdits limits edits of messages older than one hour, per
	// channel, like Discord (answered 429 with code 30046 past it). The
	// zero value is Discord's 3 edits per 6 seconds.
	OldMessageEdits Limit
	// ClockOffset sets the fake's clock to time.Now()+ClockOffset: the
	// timestamps in snowflake ids (interactions, messages, channels…), in
	// message timestamps and in every answer's Date and X-RateLimit-Reset
	// headers follow it, as Discord's clock may differ from the bot's host.
	// Deadlines (the 3 s initial-response deadline, token lifetime, rate
	// limit windows) are measured in real time from when the fake acted.
	ClockOffset time.Duration
	// RejectResumeOnConnectURL makes a RESUME sent to the connect URL
	// (rather than READY's resume_gateway_url) fail with op 9, not
	// resumable, so the client must IDENTIFY again. By default such a resume
	// is served and counted (see ResumeStats).
	RejectResumeOnConnectURL bool
	// Shards and MaxConcurrency are what GET /gateway/bot recommends (the
	// shard count, and how many shards may identify at once); default 1.
	// With IdentifyWindow set (Discord's is 5 s), identifies are checked
	// against Discord's limit: one per rate-limit bucket (shard id %
	// MaxConcurrency) per window; a faster one is a violation.
	Shards, MaxConcurrency int
	IdentifyWindow         time.Duration
	// SchemaSample validates one request body in SchemaSample, on each
	// route, against the OpenAPI schema (the first, then every
	// SchemaSample-th): 0 or 1 validates every one. For load tests, where
	// the validation would take a good share of the CPU the bot and the
	// fake share; the fake's own checks (layout, lengths, attachments)
	// still see every request.
	SchemaSample int
	// RequireAltText makes a picture sent without a description (alt
	// text) a violation: not Discord's rule, the project's.
	RequireAltText bool
}

// Guild is a guild the bot is in, with its text channels.
type Guild struct {
	ID, Name  string
	ChannelID string   // a text channel
	Channels  []string // more text channels, if any
	// Locale is the server's preferred locale, sent as its interactions'
	// guild_locale ("" is "en-US").
	Locale string
}

func (g Guild) channelIDs() []string {
	var out []string
	if g.ChannelID != "" {
		out = append(out, g.ChannelID)
	}
	return append(out, g.Channels...)
}

// User is a Discord user known to the fake. Every user is a member of every
// guild until RemoveMember says otherwise.
type User struct {
	ID, Name  string
	DMsClosed bool // sending a DM to this user fails with 403 / 50007
	// ManageServer gives the member the Manage Server permission (a
	// server's admin).
	ManageServer bool
	// Locale is the language of the user's Discord client, sent as each
	// of their interactions' locale ("es-ES", "pt-BR", "de"; "" is
	// "en-US").
	Locale string
}

// Server is the fake. Create it with New (tests) or Start.
type Server struct {
	opts Options
	http *httptest.Server
	mux  *http.ServeMux
	idN  atomic.Uint64

	mu           sync.Mutex
	changed      chan struct{} // closed and replaced on every state change
	requests     []*Request
	unhandled    []*Request
	violations   []string
	users        map[string]*User
	commands     map[string][]map[string]any  // scope ("" = global, else guild id) -> commands
	activities   map[string]*ActivityInstance // running Activity instances by id
	interactions map[string]*Interaction      // by id
	byToken      map[string]*Interaction
	order        []*Interaction // in creation order
	messages     map[string]*Message
	channels     map[string]*Channel
	faults       []*Fault
	latency      map[string]time.Duration
	hooked       atomic.Bool           // faults or latency were set since ClearFaults: requests take s.mu to look
	gwSessions   map[string]*gwSession // by session id
	conns        map[*gwConn]struct{}
	gwLog        []GatewayFrame
	identifies   int
	lastIdentify map[int]time.Time // by rate-limit bucket, when Options.IdentifyWindow is set
	resumes      int
	closed       bool

	resumeHTTP   *httptest.Server           // serves resume_gateway_url
	resumesByURL [2]int                     // successful RESUMEs on [resume URL, connect URL]
	limiter      *limiter                   // rate limit buckets; nil when RateLimits.Off
	invalid      int                        // 4xx answers the bot caused (InvalidRequests)
	invalidBy    map[string]int             // "status code route" -> count, for CheckClean's message
	notMember    map[string]map[string]bool // guild -> user -> left the guild
	denied       map[string]int64           // channel -> permissions denied to the bot
	oldEdits     map[string]*window         // channel -> edits of hour-old messages in the current window
	schemas      *schemaSet                 // the official OpenAPI request-body schemas
	schemaSeen   map[string]*atomic.Uint64  // bodies seen by route, for Options.SchemaSample
	hd           httpDelivery               // interactions over HTTP (httpdelivery.go)
	guildIDs     map[string]bool            // the ids of Options.Guilds (a load test has hundreds)
	oauth        oauthState                 // OAuth2's application and grants (oauth.go)
}

// New starts a fake on 127.0.0.1 and registers its Close with t.Cleanup.
// Call it BEFORE registering the session's cleanup so that (LIFO) the
// session is closed first.
func New(t testing.TB, opts Options) *Server {
	t.Helper()
	s := Start(opts)
	t.Cleanup(s.Close)
	return s
}

// Start starts a fake on 127.0.0.1 (for use outside a test, e.g. TestMain or
// a benchmark). Call Close when done.
func Start(opts Options) *Server {
	if opts.Token == "" {
		opts.Token = "fake-bot-token"
	}
	if opts.BotName == "" {
		opts.BotName = "dealer"
	}
	if opts.HeartbeatInterval == 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.AckDeadline == 0 {
		opts.AckDeadline = 3 * time.Second
	}
	if opts.TokenLifetime == 0 {
		opts.TokenLifetime = 15 * time.Minute
	}
	if opts.MaxFileSize == 0 {
		opts.MaxFileSize = 10 << 20
	}
	if opts.MaxInvalidRequests == 0 {
		opts.MaxInvalidRequests = 100
	}
	if opts.OldMessageEdits.N == 0 {
		opts.OldMessageEdits = Limit{N: 3, Per: 6 * time.Second}
	}
	s := &Server{
		opts:         opts,
		mux:          http.NewServeMux(),
		changed:      make(chan struct{}),
		users:        map[string]*User{},
		commands:     map[string][]map[string]any{},
		activities:   map[string]*ActivityInstance{},
		interactions: map[string]*Interaction{},
		byToken:      map[string]*Interaction{},
		messages:     map[string]*Message{},
		channels:     map[string]*Channel{},
		latency:      map[string]time.Duration{},
		gwSessions:   map[string]*gwSession{},
		conns:        map[*gwConn]struct{}{},
		invalidBy:    map[string]int{},
		notMember:    map[string]map[string]bool{},
		denied:       map[string]int64{},
		oldEdits:     map[string]*window{},
		schemas:      loadSchemas(),
		schemaSeen:   map[string]*atomic.Uint64{},
	}
	for route := range operations {
		s.schemaSeen[route] = new(atomic.Uint64)
	}
	if !opts.RateLimits.Off {
		s.limiter = newLimiter(opts.RateLimits)
	}
	s.hd = newHTTPDelivery()
	if s.opts.AppID == "" {
		s.opts.AppID = s.NewID()
	}
	s.guildIDs = map[string]bool{}
	for _, g := range opts.Guilds {
		s.guildIDs[g.ID] = true
		for _, c := range g.channelIDs() {
			s.channels[c] = &Channel{ID: c, Type: ChannelGuildText, GuildID: g.ID, Name: "cards"}
		}
	}
	s.routes()
	resume := http.NewServeMux()
	resume.HandleFunc("GET /", s.handleGateway)
	s.resumeHTTP = httptest.NewUnstartedServer(resume)
	s.http = httptest.NewUnstartedServer(s.mux)
	// Started once every field is set (the resume listener first, whose
	// URL READY gives): handlers read them without taking s.mu.
	s.resumeHTTP.Start()
	s.http.Start()
	return s
}

// Close drops gateway connections and stops the HTTP server. Safe to call
// more than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	s.http.CloseClientConnections()
	s.http.Close()
	s.resumeHTTP.CloseClientConnections()
	s.resumeHTTP.Close()
	s.hd.client.CloseIdleConnections()
}

// URL is the base URL of the fake (http://127.0.0.1:port).
func (s *Server) URL() string { return s.http.URL }

// Token returns the bot token the fake accepts (without "Bot ").
func (s *Server) Token() string { return s.opts.Token }

// AppID returns the application id (also the bot user id).
func (s *Server) AppID() string { return s.opts.AppID }

// AckDeadline is the initial-response deadline in force.
func (s *Server) AckDeadline() time.Duration { return s.opts.AckDeadline }

// Now is the fake's clock: time.Now() plus Options.ClockOffset.
func (s *Server) Now() time.Time { return time.Now().Add(s.opts.ClockOffset) }

// NewID returns a fresh snowflake (timestamp in the top 42 bits like
// Discord's), taken from the fake's clock (see Options.ClockOffset).
func (s *Server) NewID() string {
	ms := uint64(s.Now().UnixMilli() - discordEpochMS)
	return strconv.FormatUint(ms<<22|(s.idN.Add(1)&0x3fffff), 10)
}

// SnowflakeTime is the time encoded in a snowflake id (zero if id is not
// one).
func SnowflakeTime(id string) time.Time {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(int64(n>>22) + discordEpochMS)
}

// ShardFor is Discord's sharding formula.
func ShardFor(guildID string, shardCount int) int {
	id, _ := strconv.ParseUint(guildID, 10, 64)
	if shardCount < 1 {
		shardCount = 1
	}
	return int((id >> 22) % uint64(shardCount))
}

func isSnowflake(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	_, err := strconv.ParseUint(id, 10, 64)
	return err == nil
}

// ---- users ----------------------------------------------------------------

// AddUser makes a user known to the fake (or replaces it).
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	uu := u
	if uu.Name == "" {
		uu.Name = "user" + u.ID
	}
	s.users[u.ID] = &uu
	s.notifyLocked()
}

// AddUsers adds several users.
func (s *Server) AddUsers(us ...User) {
	for _, u := range us {
		s.AddUser(u)
	}
}

// SetDMsClosed opens or closes a user's DMs: while closed, sending a message
// to the user's DM channel fails with 403 / 50007.
func (s *Server) SetDMsClosed(userID string, closed bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		return fmt.Errorf("discordtest: unknown user %s", userID)
	}
	u.DMsClosed = closed
	return nil
}

// ---- synchronisation ----------------------------------------------------

// notifyLocked wakes every waiter. Caller holds s.mu.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// ErrTimeout is wrapped by every wait helper's error when its timeout expires.
var ErrTimeout = errors.New("discordtest: timed out")

// waitLocked blocks until cond (evaluated WITH s.mu held) is true or the
// timeout expires. Event driven: every state change re-evaluates cond.
func (s *Server) waitLocked(timeout time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ok := cond()
		ch := s.changed
		s.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			s.mu.Lock()
			ok = cond()
			s.mu.Unlock()
			return ok
		}
	}
}

// WaitUntil blocks until cond returns true or the timeout expires, and says
// which. cond runs WITHOUT the fake's lock (it may call any Server method)
// once at first, again after every change in the fake (a request, a
// message edit, a gateway frame…) and once at the timeout: no polling.
// So cond must depend on the fake's state only; to wait on the bot's own
// state use a channel.
func (s *Server) WaitUntil(timeout time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return cond()
		}
	}
}

// ---- violations --------------------------------------------------------

// violationLocked records a protocol error of the bot. Caller holds s.mu.
func (s *Server) violationLocked(format string, a ...any) {
	s.violations = append(s.violations, fmt.Sprintf(format, a...))
	s.notifyLocked()
}

func (s *Server) violation(format string, a ...any) {
	s.mu.Lock()
	s.violationLocked(format, a...)
	s.mu.Unlock()
}

// Violations lists what the bot did that real Discord refuses (each was
// answered with the error Discord gives). Empty means the bot behaved.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.violations...)
}

// ClearViolations forgets recorded violations (for tests that provoke one
// on purpose and then go on).
func (s *Server) ClearViolations() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.violations = nil
}

// Unhandled lists requests to routes the fake does not implement (answered
// 404 like Discord's unknown routes).
func (s *Server) Unhandled() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.unhandled...)
}

// CheckClean returns an error listing violations, unhandled routes and
// invalid requests past Options.MaxInvalidRequests, or nil when there are
// none. Typical use in a test's cleanup:
//
//	t.Cleanup(func() { if err := fake.CheckClean(); err != nil { t.Error(err) } })
func (s *Server) CheckClean() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var parts []string
	if len(s.violations) > 0 {
		parts = append(parts, fmt.Sprintf("%d violation(s):\n  %s", len(s.violations), strings.Join(s.violations, "\n  ")))
	}
	if bound := s.opts.MaxInvalidRequests; bound >= 0 && s.invalid > bound {
		parts = append(parts, fmt.Sprintf("%d invalid request(s) (4xx answers), more than the bound of %d (Discord bans at 10,000 per 10 minutes): %s",
			s.invalid, bound, s.invalidSummaryLocked()))
	}
	if len(s.unhandled) > 0 {
		var us []string
		for _, r := range s.unhandled {
			us = append(us, r.Method+" "+r.Path)
		}
		parts = append(parts, fmt.Sprintf("%d unhandled request(s): %s", len(us), strings.Join(us, ", ")))
	}
	if len(parts) == 0 {
		return nil
	}
	return errors.New("discordtest: " + strings.Join(parts, "\n"))
}
