package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Routes, as mux patterns. Use them with Requests, WaitRequest and the fault
// injectors (RateLimitNext, FailNext, SetLatency).
const (
	RouteGateway         = "GET " + APIPrefix + "/gateway"
	RouteGatewayBot      = "GET " + APIPrefix + "/gateway/bot"
	RouteGlobalCommands  = "PUT " + APIPrefix + "/applications/{app}/commands"
	RouteGuildCommands   = "PUT " + APIPrefix + "/applications/{app}/guilds/{guild}/commands"
	RouteCallback        = "POST " + APIPrefix + "/interactions/{id}/{token}/callback"
	RouteWebhookGet      = "GET " + APIPrefix + "/webhooks/{app}/{token}/messages/{message}"
	RouteWebhookEdit     = "PATCH " + APIPrefix + "/webhooks/{app}/{token}/messages/{message}" // @original and follow-ups
	RouteWebhookDelete   = "DELETE " + APIPrefix + "/webhooks/{app}/{token}/messages/{message}"
	RouteFollowup        = "POST " + APIPrefix + "/webhooks/{app}/{token}"
	RouteCreateDM        = "POST " + APIPrefix + "/users/@me/channels"
	RouteGetUser         = "GET " + APIPrefix + "/users/{user}"
	RouteGetUserV10      = "GET /api/v10/users/{user}" // the web pages' (an Activity's participants)
	RouteGetChannel      = "GET " + APIPrefix + "/channels/{channel}"
	RouteSendMessage     = "POST " + APIPrefix + "/channels/{channel}/messages"
	RouteListMessages    = "GET " + APIPrefix + "/channels/{channel}/messages"
	RouteGetMessage      = "GET " + APIPrefix + "/channels/{channel}/messages/{message}"
	RouteEditMessage     = "PATCH " + APIPrefix + "/channels/{channel}/messages/{message}"
	RouteDeleteMessage   = "DELETE " + APIPrefix + "/channels/{channel}/messages/{message}"
	RouteGetGuild        = "GET " + APIPrefix + "/guilds/{guild}"
	RouteGetGuildMember  = "GET " + APIPrefix + "/guilds/{guild}/members/{user}"
	RouteGetGuildCmds    = "GET " + APIPrefix + "/applications/{app}/guilds/{guild}/commands"
	RouteGetGlobalCmds   = "GET " + APIPrefix + "/applications/{app}/commands"
	RouteGetApplication  = "GET " + APIPrefix + "/applications/@me"
	RouteAnyUnknownRoute = "/"
)

// Request is one recorded REST call.
type Request struct {
	At        time.Time // when it arrived
	Done      time.Time // when it was answered
	Method    string
	Path      string // as received, e.g. /api/v9/channels/1/messages
	Route     string // mux pattern, e.g. RouteSendMessage
	Query     url.Values
	Header    http.Header
	Multipart bool
	JSON      json.RawMessage // the body, or the payload_json part of a multipart body
	Files     []File          // files[n] parts, in order
	Status    int             // status the fake answered with
	Response  json.RawMessage // body the fake answered with
	Injected  bool            // the answer was an injected fault (429/5xx)
}

// Decode unmarshals the JSON payload into v (a map or a wire struct).
func (r *Request) Decode(v any) error { return json.Unmarshal(r.JSON, v) }

// ErrorCode is the Discord JSON error code of the answer (0 if none).
func (r *Request) ErrorCode() int {
	var e struct {
		Code int `json:"code"`
	}
	_ = json.Unmarshal(r.Response, &e)
	return e.Code
}

// File is one files[n] part of a multipart request.
type File struct {
	Field, Name, ContentType string
	Data                     []byte
}

// Requests returns recorded REST requests whose route equals route (one of
// the Route* constants); "" returns all.
func (s *Server) Requests(route string) []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requestsLocked(route)
}

func (s *Server) requestsLocked(route string) []*Request {
	var out []*Request
	for _, r := range s.requests {
		if route == "" || r.Route == route {
			out = append(out, r)
		}
	}
	return out
}

// WaitRequest waits for the n-th (1-based) request on route and returns it.
func (s *Server) WaitRequest(route string, n int, timeout time.Duration) (*Request, error) {
	var got *Request
	if !s.waitLocked(timeout, func() bool {
		rs := s.requestsLocked(route)
		if len(rs) >= n {
			got = rs[n-1]
			return true
		}
		return false
	}) {
		return nil, fmt.Errorf("%w waiting for request #%d on %q; have %d; violations=%v",
			ErrTimeout, n, route, len(s.Requests(route)), s.Violations())
	}
	return got, nil
}

// ---- plumbing -------------------------------------------------------------

// apiErr is an error answer in Discord's shape.
type apiErr struct {
	status int
	body   map[string]any
	header http.Header // extra answer headers (429s)
}

func apiError(status, code int, msg string) *apiErr {
	return &apiErr{status: status, body: map[string]any{"code": code, "message": msg}}
}

// formError is one field error of a 50035 Invalid Form Body answer.
type formError struct {
	path string // dotted: "data.components.0.components.1.custom_id"
	code string // e.g. BASE_TYPE_MAX_LENGTH
	msg  string
}

// Error is the field's path and the message.
func (e formError) Error() string { return e.path + ": " + e.msg }

// invalidForm builds Discord's 50035 answer with nested "errors".
func invalidForm(errs ...formError) *apiErr {
	root := map[string]any{}
	for _, e := range errs {
		node := root
		if e.path != "" {
			for _, k := range strings.Split(e.path, ".") {
				next, ok := node[k].(map[string]any)
				if !ok {
					next = map[string]any{}
					node[k] = next
				}
				node = next
			}
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": e.code, "message": e.msg})
	}
	return &apiErr{status: 400, body: map[string]any{"code": 50035, "message": "Invalid Form Body", "errors": root}}
}

type handlerFunc func(r *http.Request, rec *Request) (int, any)

type authMode int

const (
	authBot  authMode = iota // requires "Authorization: Bot <token>"
	authNone                 // interaction callbacks / webhooks: the token is in the URL
)

func (s *Server) handle(pattern string, auth authMode, h handlerFunc) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		rec := &Request{
			At: time.Now(), Method: r.Method, Path: r.URL.Path, Route: pattern,
			Query: r.URL.Query(), Header: r.Header.Clone(),
		}
		status, body := s.serve(r, rec, pattern, auth, h, w)
		if e, ok := body.(*apiErr); ok {
			for k, v := range e.header {
				w.Header()[k] = v
			}
		}
		var raw []byte
		if status != http.StatusNoContent {
			if e, ok := body.(*apiErr); ok {
				body = e.body
			}
			if m, ok := body.(messageOut); ok { // encoded here, out of the lock the handler held
				raw = m.encode()
			} else {
				raw, _ = json.Marshal(body)
			}
			w.Header().Set("Content-Type", "application/json")
		}
		// Discord's clock, which may differ from the bot's (Options.ClockOffset).
		w.Header().Set("Date", s.Now().UTC().Format(http.TimeFormat))
		rec.Status, rec.Response, rec.Done = status, raw, time.Now()
		// Record before answering: when the client sees the answer, the
		// request is already visible to the test.
		s.mu.Lock()
		s.countInvalidLocked(rec, w.Header().Get("X-RateLimit-Scope"))
		if pattern == RouteAnyUnknownRoute {
			s.unhandled = append(s.unhandled, rec)
		}
		if !s.opts.Lean {
			s.requests = append(s.requests, rec)
		}
		s.notifyLocked()
		s.mu.Unlock()
		w.WriteHeader(status)
		w.Write(raw)
	})
}

func (s *Server) serve(r *http.Request, rec *Request, pattern string, auth authMode, h handlerFunc, w http.ResponseWriter) (int, any) {
	if err := parseBody(r, rec); err != nil {
		s.violation("%s %s: unreadable body: %v", r.Method, r.URL.Path, err)
		return 400, apiError(400, 50109, "The request body contains invalid JSON.")
	}
	if auth == authBot && r.Header.Get("Authorization") != "Bot "+s.opts.Token {
		s.violation("%s %s: bad Authorization header %q", r.Method, r.URL.Path, r.Header.Get("Authorization"))
		return 401, apiError(401, 0, "401: Unauthorized")
	}
	if r.Header.Get("User-Agent") == "" {
		s.violation("%s %s without User-Agent", r.Method, r.URL.Path)
	}
	if f := s.takeFault(pattern, r.URL.Path); f != nil {
		rec.Injected = true
		if pattern == RouteCallback { // an attempt all the same, for Timing
			s.mu.Lock()
			if in := s.interactions[r.PathValue("id")]; in != nil && in.st.firstAttempt.IsZero() {
				in.st.firstAttempt = time.Now()
			}
			s.mu.Unlock()
		}
		return f.respond(w)
	}
	if d := s.latencyFor(pattern); d > 0 {
		time.Sleep(d)
	}
	if s.limiter != nil {
		res := s.limiter.take(pattern, r, time.Now())
		if res.retryAfter > 0 {
			return 429, s.rateLimited(res)
		}
		s.setRateHeaders(w.Header(), res)
	}
	if e := s.checkSchema(pattern, r, rec); e != nil {
		return e.status, e
	}
	status, body := h(r, rec)
	if e, ok := body.(*apiErr); ok {
		status = e.status
	}
	return status, body
}

// parseBody fills rec.JSON / rec.Files from a JSON or multipart/form-data body
// laid out the way Discord expects (payload_json + files[n]).
func parseBody(r *http.Request, rec *Request) error {
	var body []byte
	var err error
	if n := r.ContentLength; n > 0 && n <= 64<<20 {
		// Read in one piece (a picture's request is tens of kilobytes:
		// io.ReadAll would grow and copy it several times).
		body = make([]byte, n)
		_, err = io.ReadFull(r.Body, body)
	} else {
		body, err = io.ReadAll(r.Body)
	}
	if err != nil || len(body) == 0 {
		return err
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return err
	}
	switch mt {
	case "application/json":
		rec.JSON = body
	case "multipart/form-data":
		rec.Multipart = true
		if err := parseMultipart(body, params["boundary"], rec); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unsupported content type %q", mt)
	}
	if len(rec.JSON) > 0 && !json.Valid(rec.JSON) {
		return errors.New("invalid json")
	}
	return nil
}

// parseMultipart reads a multipart/form-data body into rec.JSON
// (payload_json) and rec.Files (files[n]).
func parseMultipart(body []byte, boundary string, rec *Request) error {
	// The parts as they lie in the body, with no copy, when the body is
	// laid out as multipart.Writer lays it out (discordgo's is).
	if parts, ok := splitMultipart(body, boundary); ok {
		for _, p := range parts {
			if err := rec.addPart(p); err != nil {
				return err
			}
		}
		return nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if strings.HasPrefix(part.FormName(), "files[") {
			buf.Grow(len(body)) // at most the body: read in one piece
		}
		if _, err := buf.ReadFrom(part); err != nil {
			return err
		}
		if err := rec.addPart(formPart{name: part.FormName(), filename: part.FileName(),
			contentType: part.Header.Get("Content-Type"), data: buf.Bytes()}); err != nil {
			return err
		}
	}
}

// addPart takes a part of a multipart body: payload_json, or a file.
func (rec *Request) addPart(p formPart) error {
	switch {
	case p.name == "payload_json":
		rec.JSON = p.data
	case strings.HasPrefix(p.name, "files["):
		rec.Files = append(rec.Files, File{Field: p.name, Name: p.filename, ContentType: p.contentType, Data: p.data})
	default:
		return fmt.Errorf("unexpected multipart field %q", p.name)
	}
	return nil
}

// ---- fault injection ------------------------------------------------------

// Fault is an injected failure: the next Times requests that match Route
// (and whose path contains PathContains, if set) are answered with Status
// instead of being served. Status 429 gets Discord's rate-limit headers and
// body with RetryAfter; any other status gets {"message":..., "code":0}.
type Fault struct {
	Route        string // one of the Route* constants; "" = any route
	PathContains string // optional, e.g. a channel id or "@original"
	Times        int    // how many requests to hit; < 0 = until cleared
	Status       int    // 429, 500, 502, 503…
	RetryAfter   time.Duration
	Global       bool // 429 only: a global rate limit
	// Scope is a 429's X-RateLimit-Scope: "user" by default ("global"
	// with Global), or "shared" (a resource's limit, which Discord does
	// not count against the invalid-request limit).
	Scope string
}

// Inject adds a fault rule. Rules are tried in the order they were added.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ff := f
	if ff.Times == 0 {
		ff.Times = 1
	}
	s.faults = append(s.faults, &ff)
	s.hooked.Store(true)
}

// ClearFaults removes every fault rule and every latency setting.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
	s.latency = map[string]time.Duration{}
	s.hooked.Store(false)
}

// RateLimitNext makes the next n requests on route answer 429 exactly like
// Discord: Retry-After header (whole seconds), X-RateLimit-* headers and a
// JSON body with retry_after in float seconds. (discordgo sleeps the body's
// retry_after and retries, holding the route's bucket.)
func (s *Server) RateLimitNext(route string, n int, retryAfter time.Duration, global bool) {
	s.Inject(Fault{Route: route, Times: n, Status: 429, RetryAfter: retryAfter, Global: global})
}

// FailNext makes the next n requests on route answer status (e.g. 500).
// discordgo retries 502 by itself (up to MaxRestRetries) but not 500.
func (s *Server) FailNext(route string, n int, status int) {
	s.Inject(Fault{Route: route, Times: n, Status: status})
}

// SetLatency makes every request on route take at least d before it is
// served ("" = every route). 0 removes it. The ack deadline is checked
// after the delay, as if the request had crossed a slow network.
func (s *Server) SetLatency(route string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d <= 0 {
		delete(s.latency, route)
		return
	}
	s.latency[route] = d
	s.hooked.Store(true)
}

func (s *Server) latencyFor(route string) time.Duration {
	if !s.hooked.Load() {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.latency[route]
	if all := s.latency[""]; all > d {
		d = all
	}
	return d
}

func (s *Server) takeFault(route, path string) *Fault {
	if !s.hooked.Load() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.faults {
		if f.Times == 0 || (f.Route != "" && f.Route != route) || (f.PathContains != "" && !strings.Contains(path, f.PathContains)) {
			continue
		}
		if f.Times > 0 {
			f.Times--
		}
		c := *f
		return &c
	}
	return nil
}

func (f *Fault) respond(w http.ResponseWriter) (int, any) {
	if f.Status != 429 {
		return f.Status, map[string]any{"message": http.StatusText(f.Status), "code": 0}
	}
	secs := f.RetryAfter.Seconds()
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "fakebucket")
	scope := "user"
	if f.Global {
		h.Set("X-RateLimit-Global", "true")
		scope = "global"
	}
	if f.Scope != "" {
		scope = f.Scope
	}
	h.Set("X-RateLimit-Scope", scope)
	return 429, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": f.Global}
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
