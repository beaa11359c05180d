package discordtest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Rate limits as Discord documents them (developers/topics/rate-limits):
//
//   - every REST answer carries X-RateLimit-Limit, -Remaining, -Reset (epoch
//     seconds, on the fake's clock), -Reset-After (seconds) and -Bucket (a
//     hash naming the limit, the same for every channel: the top-level
//     resource is not part of it);
//   - per-route limits count per top-level resource ("major parameter"):
//     channel_id, guild_id, webhook_id + webhook_token; a bucket may be
//     shared by several routes (the interaction-token routes share one);
//   - past a limit: 429 with {"message", "retry_after", "global"}, the
//     Retry-After header (whole seconds) and X-RateLimit-Scope: user;
//   - the global limit, 50 requests per second per bot, over every route
//     except the interaction endpoints (callback, @original, follow-ups),
//     which are not bound to it: 429 with X-RateLimit-Global: true and
//     X-RateLimit-Scope: global;
//   - Discord does not publish per-route numbers ("should not be hard
//     coded"): DefaultRouteLimits are realistic small values, the ones
//     commonly observed where known (message create 5 per 5 s per channel).
//
// Windows are fixed: the first request of a window starts it, Limit.N
// requests fit in it, and the bucket resets Limit.Per after that first
// request. Windows run on real time.

// Limit is a rate limit: at most N requests per Per.
type Limit struct {
	N   int
	Per time.Duration
}

// String is "N per Per", e.g. "5 per 5s".
func (l Limit) String() string { return fmt.Sprintf("%d per %v", l.N, l.Per) }

// RateLimits configures the fake's REST rate limits. The zero value is
// Discord's: ON, DefaultRouteLimits per route, 50 requests per second
// globally.
type RateLimits struct {
	// Off turns rate limiting off: no bucket, no 429, no X-RateLimit-*
	// headers (faults injected with RateLimitNext still work).
	Off bool
	// Global is the global limit; zero means Discord's 50 per second. It
	// does not apply to interaction endpoints.
	Global Limit
	// Routes overrides DefaultRouteLimits, by Route* constant (e.g.
	// RouteSendMessage: Limit{N: 1, Per: time.Hour} in a test that wants a
	// 429 at once; a load test may raise them). A Limit with N < 0 means no
	// per-route limit on that route (it still counts against Global).
	// Routes sharing a bucket share one limit: setting it on any of them
	// sets it for the bucket.
	Routes map[string]Limit
}

// routeBucket is a route's rate limit: its bucket (shared by the routes
// that name the same one), its major parameter and its limit.
type routeBucket struct {
	name  string
	major func(r *http.Request) string
	limit Limit
}

func majorChannel(r *http.Request) string { return r.PathValue("channel") }
func majorGuild(r *http.Request) string   { return r.PathValue("guild") }
func majorWebhook(r *http.Request) string { return r.PathValue("app") + "/" + r.PathValue("token") }
func majorInteraction(r *http.Request) string {
	return r.PathValue("id") + "/" + r.PathValue("token")
}
func majorNone(*http.Request) string { return "" }

// defaultBuckets is the fake's table of Discord's per-route limits.
var defaultBuckets = map[string]routeBucket{
	RouteGateway:    {"gateway", majorNone, Limit{5, time.Second}},
	RouteGatewayBot: {"gateway-bot", majorNone, Limit{5, time.Second}},

	// Bulk overwrites: a few per minute, per guild (global commands: per
	// application).
	RouteGlobalCommands: {"commands-overwrite", majorNone, Limit{5, 20 * time.Second}},
	RouteGuildCommands:  {"commands-overwrite", majorGuild, Limit{5, 20 * time.Second}},
	RouteGetGlobalCmds:  {"commands-get", majorNone, Limit{5, time.Second}},
	RouteGetGuildCmds:   {"commands-get", majorGuild, Limit{5, time.Second}},

	// Interaction endpoints: per interaction token (one bucket shared by
	// @original, follow-ups and their edits), not bound to the global limit.
	RouteCallback:      {"interaction-callback", majorInteraction, Limit{5, time.Second}},
	RouteWebhookGet:    {"interaction-webhook", majorWebhook, Limit{5, 2 * time.Second}},
	RouteWebhookEdit:   {"interaction-webhook", majorWebhook, Limit{5, 2 * time.Second}},
	RouteWebhookDelete: {"interaction-webhook", majorWebhook, Limit{5, 2 * time.Second}},
	RouteFollowup:      {"interaction-webhook", majorWebhook, Limit{5, 2 * time.Second}},

	// Opening DM channels: one bucket for the whole bot.
	RouteCreateDM: {"dm-create", majorNone, Limit{10, 10 * time.Second}},
	RouteGetUser:  {"user-get", majorNone, Limit{5, time.Second}},

	// Messages: per channel.
	RouteSendMessage:   {"message-create", majorChannel, Limit{5, 5 * time.Second}},
	RouteEditMessage:   {"message-edit", majorChannel, Limit{5, 5 * time.Second}},
	RouteDeleteMessage: {"message-delete", majorChannel, Limit{5, time.Second}},
	RouteGetMessage:    {"message-get", majorChannel, Limit{5, time.Second}},
	RouteListMessages:  {"messages-list", majorChannel, Limit{5, time.Second}},
	RouteGetChannel:    {"channel-get", majorChannel, Limit{5, time.Second}},

	RouteGetGuild:       {"guild-get", majorGuild, Limit{5, time.Second}},
	RouteGetApplication: {"application-get", majorNone, Limit{5, time.Second}},
	RouteGetGuildMember: {"guild-member-get", majorGuild, Limit{5, time.Second}},
}

// interactionRoutes are the interaction endpoints, which Discord exempts
// from the global rate limit.
var interactionRoutes = map[string]bool{
	RouteCallback: true, RouteWebhookGet: true, RouteWebhookEdit: true, RouteWebhookDelete: true, RouteFollowup: true,
}

// DefaultGlobalLimit is Discord's global rate limit for a bot.
var DefaultGlobalLimit = Limit{N: 50, Per: time.Second}

// DefaultRouteLimits returns the fake's per-route limits by Route*
// constant (a fresh copy: change it freely and pass it in
// RateLimits.Routes).
func DefaultRouteLimits() map[string]Limit {
	out := make(map[string]Limit, len(defaultBuckets))
	for r, b := range defaultBuckets {
		out[r] = b.limit
	}
	return out
}

// window is a fixed rate-limit window.
type window struct {
	start time.Time // real time of the window's first request
	count int
}

// take counts a request at now against l, or says how long until the
// window resets when it is full.
func (w *window) take(l Limit, now time.Time) (ok bool, wait time.Duration) {
	if w.start.IsZero() || !now.Before(w.start.Add(l.Per)) {
		w.start, w.count = now, 0
	}
	if w.count >= l.N {
		return false, w.start.Add(l.Per).Sub(now)
	}
	w.count++
	return true, 0
}

func (w *window) resetAt(l Limit) time.Time { return w.start.Add(l.Per) }

type limiter struct {
	mu      sync.Mutex
	global  Limit
	routes  map[string]routeBucket
	gwin    window
	buckets map[string]*window // bucket name + "\x00" + major
	sweepAt int                // sweep expired windows when the map grows past this
}

func newLimiter(rl RateLimits) *limiter {
	l := &limiter{global: rl.Global, routes: maps.Clone(defaultBuckets), buckets: map[string]*window{}, sweepAt: 1024}
	if l.global.N == 0 {
		l.global = DefaultGlobalLimit
	}
	// An override on one route sets its whole bucket.
	for _, route := range sortedKeys(rl.Routes) {
		lim := rl.Routes[route]
		b, ok := l.routes[route]
		if !ok {
			continue
		}
		for r, other := range l.routes {
			if other.name == b.name {
				other.limit = lim
				l.routes[r] = other
			}
		}
	}
	return l
}

// bucketHash is a bucket's X-RateLimit-Bucket: an opaque hex string, as
// Discord's are.
func bucketHash(name string) string {
	h := sha1.Sum([]byte("discordtest:" + name))
	return hex.EncodeToString(h[:16])
}

// bucketHashes are the buckets' hashes by name, made once: a sha1 for
// every request is too dear under load.
var bucketHashes = func() map[string]string {
	m := map[string]string{}
	for _, b := range defaultBuckets {
		m[b.name] = bucketHash(b.name)
	}
	return m
}()

// rateResult is what the limiter decided for one request.
type rateResult struct {
	hasBucket        bool
	hash             string
	limit, remaining int
	resetAfter       time.Duration
	retryAfter       time.Duration // > 0: refused
	global           bool          // refused by the global limit
}

func (l *limiter) take(route string, r *http.Request, now time.Time) rateResult {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !interactionRoutes[route] {
		if ok, wait := l.gwin.take(l.global, now); !ok {
			return rateResult{retryAfter: max(wait, time.Millisecond), global: true}
		}
	}
	b, ok := l.routes[route]
	if !ok || b.limit.N < 0 {
		return rateResult{}
	}
	key := b.name + "\x00" + b.major(r)
	w := l.buckets[key]
	if w == nil {
		if len(l.buckets) >= l.sweepAt {
			l.sweepLocked(now)
		}
		w = &window{}
		l.buckets[key] = w
	}
	res := rateResult{hasBucket: true, hash: bucketHashes[b.name], limit: b.limit.N}
	okTake, wait := w.take(b.limit, now)
	res.remaining = b.limit.N - w.count
	res.resetAfter = w.resetAt(b.limit).Sub(now)
	if !okTake {
		res.retryAfter = max(wait, time.Millisecond)
	}
	return res
}

// sweepLocked forgets windows that have reset (a load test makes one per
// interaction token).
func (l *limiter) sweepLocked(now time.Time) {
	for k, w := range l.buckets {
		if !now.Before(w.start.Add(l.longest())) {
			delete(l.buckets, k)
		}
	}
	l.sweepAt = max(1024, 2*len(l.buckets))
}

func (l *limiter) longest() time.Duration {
	var d time.Duration
	for _, b := range l.routes {
		d = max(d, b.limit.Per)
	}
	return d
}

// secs is d in seconds with millisecond precision, rounded up: a client
// that waits that long finds the bucket reset.
func secs(d time.Duration) string {
	ms := (d + time.Millisecond - 1) / time.Millisecond
	return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
}

// setRateHeaders writes a route bucket's X-RateLimit-* headers.
func (s *Server) setRateHeaders(h http.Header, res rateResult) {
	if !res.hasBucket {
		return
	}
	h.Set("X-RateLimit-Limit", strconv.Itoa(res.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(res.remaining))
	reset := s.Now().Add(res.resetAfter)
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(reset.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", secs(res.resetAfter))
	h.Set("X-RateLimit-Bucket", res.hash)
}

// rateLimited builds Discord's 429 for a refused request.
func (s *Server) rateLimited(res rateResult) *apiErr {
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(res.retryAfter.Seconds()+0.999)))
	// Discord's documented shape; "code" is optional in the docs and
	// required by the OpenAPI description's RatelimitedResponse: 0.
	body := map[string]any{"message": "You are being rate limited.", "retry_after": roundSecs(res.retryAfter), "global": res.global, "code": 0}
	if res.global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		s.setRateHeaders(h, res)
		h.Set("X-RateLimit-Scope", "user")
	}
	return &apiErr{status: 429, body: body, header: h}
}

func roundSecs(d time.Duration) float64 {
	v, _ := strconv.ParseFloat(secs(d), 64)
	return v
}

// oldEditLocked applies Discord's cap on edits of messages older than one
// hour (per channel: Options.OldMessageEdits, 3 per 6 s by default): nil
// when the edit may go on, else the 429 with code 30046.
func (s *Server) oldEditLocked(m *Message) *apiErr {
	if time.Since(m.Created) <= time.Hour {
		return nil
	}
	w := s.oldEdits[m.ChannelID]
	if w == nil {
		w = &window{}
		s.oldEdits[m.ChannelID] = w
	}
	ok, wait := w.take(s.opts.OldMessageEdits, time.Now())
	if ok {
		return nil
	}
	wait = max(wait, time.Millisecond)
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(wait.Seconds()+0.999)))
	h.Set("X-RateLimit-Scope", "user")
	return &apiErr{status: 429, header: h, body: map[string]any{
		"message": "Maximum number of edits to messages older than 1 hour reached. Try again later", "code": 30046,
		"retry_after": roundSecs(wait), "global": false,
	}}
}

// ---- the invalid-request budget -------------------------------------------

// countInvalidLocked counts an answer toward the invalid-request budget:
// every 4xx the fake itself gave (not injected faults), except 429s with
// X-RateLimit-Scope: shared, which Discord does not count. (Discord counts
// 401, 403 and 429; the fake counts every 4xx, as a 404 or a 400 repeated
// at scale is just as much a bug.) Caller holds s.mu.
func (s *Server) countInvalidLocked(rec *Request, scope string) {
	if rec.Injected || rec.Status < 400 || rec.Status >= 500 || (rec.Status == 429 && scope == "shared") {
		return
	}
	s.invalid++
	s.invalidBy[fmt.Sprintf("%d/%d %s", rec.Status, rec.ErrorCode(), rec.Route)]++
}

// InvalidRequests is how many 4xx answers the bot has caused so far (see
// Options.MaxInvalidRequests; injected faults do not count). Discord bans a
// bot's address for a while past 10,000 invalid requests in 10 minutes:
// a load test asserts a small bound.
func (s *Server) InvalidRequests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.invalid
}

// InvalidRequestsBy breaks InvalidRequests down by "status/code route",
// e.g. "403/50007 POST /api/v9/channels/{channel}/messages".
func (s *Server) InvalidRequestsBy() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.invalidBy)
}

func (s *Server) invalidSummaryLocked() string {
	keys := sortedKeys(s.invalidBy)
	sort.SliceStable(keys, func(i, j int) bool { return s.invalidBy[keys[i]] > s.invalidBy[keys[j]] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d× %s", s.invalidBy[k], k))
	}
	return strings.Join(parts, ", ")
}
