package discordtest

// Interactions over HTTP, as Discord delivers them to an application that
// set an Interactions Endpoint URL ("Receiving and Responding"; "Overview
// of Interactions", Preparing for Interactions):
//
//   - every request is a POST of the interaction's JSON, signed with the
//     application's Ed25519 key: X-Signature-Ed25519 is the hex signature
//     of X-Signature-Timestamp (Unix seconds, on Discord's clock) followed
//     by the body. The fake makes its own key pair; PublicKey is what the
//     bot under test verifies with (the application's verify_key);
//   - setting the URL (SetInteractionsEndpoint) sends a PING, which must be
//     answered 200 with a JSON PONG ({"type":1}), and a request with a bad
//     signature, which must be answered 401 (Discord goes on sending such
//     requests, and drops the URL of an endpoint that accepts one);
//   - from then on interactions go to the URL instead of the gateway (the
//     two are mutually exclusive), through the same driver API (SlashCommand,
//     Click, Select…), and are answered as Discord accepts: through the
//     callback endpoint and then 202 with no body ("If you send this request
//     for an interaction received over HTTP, respond to the original HTTP
//     request with a 202 and no body"), or with the interaction response as
//     the 200 answer's JSON body. Anything else is a violation: a 202 before
//     any accepted callback, a body with the 202, another status after a
//     callback was accepted, a genuine request answered 401 or not at all,
//     a forged one not answered 401. A bot that gives up (no callback, an
//     error status) only fails the interaction, as a late answer does.
//
// Forged requests: ForgeNext spoils the next interaction's signature (it is
// then no interaction of Discord's: a callback for it is refused), and
// PostRaw sends any request, signed or not, and reports the answer.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Forgery is how a request to the interactions endpoint is spoiled.
type Forgery int

const (
	// Genuine is signed with the application's key, now.
	Genuine Forgery = iota
	// BadSignature is signed with another key.
	BadSignature
	// MissingSignature has no X-Signature-Ed25519 or X-Signature-Timestamp.
	MissingSignature
	// StaleTimestamp is signed with the application's key, but its
	// timestamp is StaleBy old: a replayed request.
	StaleTimestamp
)

// StaleBy is how old a StaleTimestamp request's timestamp is.
const StaleBy = 10 * time.Minute

// String names a forgery.
func (f Forgery) String() string {
	switch f {
	case Genuine:
		return "genuine"
	case BadSignature:
		return "bad signature"
	case MissingSignature:
		return "missing signature"
	case StaleTimestamp:
		return "stale timestamp"
	}
	return "forgery " + strconv.Itoa(int(f))
}

// Delivery is a request the fake sent to the interactions endpoint and the
// answer it got.
type Delivery struct {
	Forgery     Forgery
	Payload     []byte    // the request's body
	Signed      time.Time // its X-Signature-Timestamp (zero: none sent)
	Sent, Done  time.Time
	Status      int    // 0 when no answer came (Err)
	ContentType string // the answer's
	Body        []byte // the answer's
	Err         error  // the endpoint could not be reached, or did not answer
}

// RawPost is a request to the interactions endpoint, sent as is by PostRaw.
// A Delivery's Payload and Signed sent again make an exact replay (Ed25519
// signatures are deterministic).
type RawPost struct {
	Method      string // default POST
	ContentType string // default application/json; "-" sends none
	Body        []byte
	Forgery     Forgery
	// Timestamp is the signed X-Signature-Timestamp (default: the fake's
	// clock now; StaleTimestamp: StaleBy before it).
	Timestamp time.Time
}

// RouteInlineResponse is the Route of an initial response given as the
// body of the answer to an interaction delivered over HTTP (see
// Response.Callback).
const RouteInlineResponse = "HTTP answer to the interaction"

// httpDelivery is the fake's side of HTTP interactions.
type httpDelivery struct {
	key    ed25519.PrivateKey // the application's: signs genuine requests
	other  ed25519.PrivateKey // signs BadSignature requests
	client *http.Client
	// guarded by Server.mu:
	endpoint string  // "" = interactions go over the gateway
	forge    Forgery // spoils the next interaction (ForgeNext)
}

func newHTTPDelivery() httpDelivery {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err) // crypto/rand does not fail
	}
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	return httpDelivery{key: key, other: other, client: &http.Client{
		// Discord waits a few seconds for an answer; the bot answers once
		// its initial response is out (within 3 s) or never.
		Timeout:   10 * time.Second,
		Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 64},
	}}
}

// PublicKey is the application's public key, which signs the interactions
// the fake sends over HTTP (configure the bot under test with it).
func (s *Server) PublicKey() ed25519.PublicKey {
	return s.hd.key.Public().(ed25519.PublicKey)
}

// PublicKeyHex is PublicKey as the developer portal shows it.
func (s *Server) PublicKeyHex() string { return hex.EncodeToString(s.PublicKey()) }

// InteractionsEndpoint is the Interactions Endpoint URL in force ("" when
// interactions go over the gateway).
func (s *Server) InteractionsEndpoint() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hd.endpoint
}

// SetInteractionsEndpoint sets the Interactions Endpoint URL, as in the
// developer portal: Discord first sends a PING and a request with a bad
// signature, and saves the URL only if the PING got a PONG and the forged
// request a 401 (otherwise the error says why, and a violation is
// recorded). From then on interactions are POSTed to url instead of going
// over the gateway. "" goes back to the gateway.
func (s *Server) SetInteractionsEndpoint(url string) error {
	if url == "" {
		s.mu.Lock()
		s.hd.endpoint = ""
		s.mu.Unlock()
		return nil
	}
	if _, err := s.ping(url, Genuine); err != nil {
		return fmt.Errorf("discordtest: interactions endpoint %s not saved: %w", url, err)
	}
	if _, err := s.ping(url, BadSignature); err != nil {
		return fmt.Errorf("discordtest: interactions endpoint %s not saved: %w", url, err)
	}
	s.mu.Lock()
	s.hd.endpoint = url
	s.mu.Unlock()
	return nil
}

// Ping sends a signed PING to the interactions endpoint, as Discord does
// when the URL is set; anything but 200 with a JSON PONG is a violation
// (and the error).
func (s *Server) Ping() (Delivery, error) { return s.ping(s.InteractionsEndpoint(), Genuine) }

// Probe sends a PING spoiled by f (not Genuine), as Discord's routine
// security checks do; anything but 401 is a violation (and the error).
func (s *Server) Probe(f Forgery) (Delivery, error) {
	if f == Genuine {
		return Delivery{}, errors.New("discordtest: Probe sends forged requests; use Ping")
	}
	return s.ping(s.InteractionsEndpoint(), f)
}

// ping sends a PING spoiled by f to url and checks the answer.
func (s *Server) ping(url string, f Forgery) (Delivery, error) {
	if url == "" {
		return Delivery{}, errors.New("discordtest: no interactions endpoint (SetInteractionsEndpoint)")
	}
	body := mustJSON(map[string]any{"id": s.NewID(), "application_id": s.opts.AppID, "type": InteractionPing,
		"token": randToken(), "version": 1, "entitlements": []any{}})
	d := s.post(url, RawPost{Body: body, Forgery: f})
	var err error
	switch {
	case d.Err != nil:
		err = fmt.Errorf("%s PING: %w", f, d.Err)
	case f != Genuine && d.Status != http.StatusUnauthorized:
		err = fmt.Errorf("PING with a %s answered %d, not 401", f, d.Status)
	case f == Genuine && !isPong(d):
		err = fmt.Errorf("PING answered %d %q (%q), not 200 with a JSON {\"type\":1}", d.Status, d.Body, d.ContentType)
	}
	if err != nil {
		s.violation("interactions endpoint: %v", err)
	}
	return d, err
}

// isPong reports whether an answer is a PONG, with a JSON Content-Type as
// Discord requires.
func isPong(d Delivery) bool {
	mt, _, _ := mime.ParseMediaType(d.ContentType)
	var p struct {
		Type int `json:"type"`
	}
	return d.Status == http.StatusOK && mt == "application/json" && json.Unmarshal(d.Body, &p) == nil && p.Type == 1
}

// ForgeNext makes the next interaction the driver sends (SlashCommand,
// Click…) a forged request to the interactions endpoint, spoiled by f: it
// is no interaction of Discord's (a callback for it is refused as unknown),
// and anything but a 401 answer is a violation. Its handle's Delivery says
// what the bot answered.
func (s *Server) ForgeNext(f Forgery) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hd.forge = f
}

// PostRaw sends p to the interactions endpoint and returns the answer,
// checking nothing: for requests Discord would never send (bad JSON, a GET,
// a forged signature) whose answer the test asserts.
func (s *Server) PostRaw(p RawPost) (Delivery, error) {
	url := s.InteractionsEndpoint()
	if url == "" {
		return Delivery{}, errors.New("discordtest: no interactions endpoint (SetInteractionsEndpoint)")
	}
	d := s.post(url, p)
	return d, d.Err
}

// post sends p to url, signed as p.Forgery says.
func (s *Server) post(url string, p RawPost) Delivery {
	d := Delivery{Forgery: p.Forgery, Payload: p.Body, Sent: time.Now()}
	method := p.Method
	if method == "" {
		method = http.MethodPost
	}
	req, err := http.NewRequest(method, url, bytes.NewReader(p.Body))
	if err != nil {
		d.Err, d.Done = err, time.Now()
		return d
	}
	switch p.ContentType {
	case "":
		req.Header.Set("Content-Type", "application/json")
	case "-":
	default:
		req.Header.Set("Content-Type", p.ContentType)
	}
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	if p.Forgery != MissingSignature {
		at := p.Timestamp
		if at.IsZero() {
			at = s.Now()
			if p.Forgery == StaleTimestamp {
				at = at.Add(-StaleBy)
			}
		}
		d.Signed = time.Unix(at.Unix(), 0)
		ts := strconv.FormatInt(at.Unix(), 10)
		key := s.hd.key
		if p.Forgery == BadSignature {
			key = s.hd.other
		}
		sig := ed25519.Sign(key, append([]byte(ts), p.Body...))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		req.Header.Set("X-Signature-Timestamp", ts)
	}
	resp, err := s.hd.client.Do(req)
	if err != nil {
		d.Err, d.Done = err, time.Now()
		return d
	}
	defer resp.Body.Close()
	d.Body, err = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	d.Status, d.ContentType, d.Err, d.Done = resp.StatusCode, resp.Header.Get("Content-Type"), err, time.Now()
	return d
}

// deliverHTTP POSTs an interaction the driver made to the endpoint and
// judges the answer as Discord would (see the top of this file). It runs
// on its own goroutine, as a gateway dispatch is asynchronous.
func (s *Server) deliverHTTP(url string, in *Interaction, body []byte, f Forgery) {
	d := s.post(url, RawPost{Body: body, Forgery: f})
	var inline *Request
	s.mu.Lock()
	defer func() {
		if s.opts.Lean {
			d.Payload = nil // keep memory flat
		}
		in.st.delivery = &d
		s.notifyLocked()
		s.mu.Unlock()
	}()
	mt, _, _ := mime.ParseMediaType(d.ContentType)
	switch {
	case f != Genuine:
		if d.Status != http.StatusUnauthorized {
			s.violationLocked("forged interaction %s (%s, %s) answered %d, not 401", in.ID, in.describe(), f, d.Status)
		}
	case d.Err != nil:
		s.violationLocked("interaction %s (%s) not delivered to the interactions endpoint: %v", in.ID, in.describe(), d.Err)
	case d.Status == http.StatusUnauthorized:
		s.violationLocked("interaction %s (%s): a genuine request refused with 401 (%q): the signature check is wrong", in.ID, in.describe(), d.Body)
	case d.Status == http.StatusAccepted:
		if !in.st.acked {
			s.violationLocked("interaction %s (%s): answered 202 before any accepted initial response (the callback comes first)", in.ID, in.describe())
		}
		if len(d.Body) > 0 {
			s.violationLocked("interaction %s (%s): answered 202 with a body (%q); Discord wants none", in.ID, in.describe(), d.Body)
		}
	case d.Status == http.StatusOK && mt == "application/json":
		inline = &Request{At: d.Done, Done: d.Done, Method: http.MethodPost, Path: RouteInlineResponse,
			Route: RouteInlineResponse, JSON: d.Body, Status: http.StatusOK}
	case in.st.acked:
		s.violationLocked("interaction %s (%s): its callback was accepted, but the HTTP request was answered %d %q; Discord wants 202 with no body",
			in.ID, in.describe(), d.Status, d.Body)
	case d.Status == http.StatusOK:
		s.violationLocked("interaction %s (%s): answered 200 with Content-Type %q; an inline response is JSON", in.ID, in.describe(), d.ContentType)
	}
	if inline == nil {
		return
	}
	// The interaction response in the answer's body: the same rules as the
	// callback endpoint's (schema, deadline, once only).
	s.mu.Unlock()
	e := s.checkSchema(RouteCallback, inlineRequest(in), inline)
	s.mu.Lock()
	if e != nil {
		return
	}
	if !json.Valid(inline.JSON) {
		s.violationLocked("interaction %s (%s): answered 200 with a body that is not JSON", in.ID, in.describe())
		return
	}
	if status, _ := s.initialResponseLocked(in, inline); status >= 400 {
		return // initialResponseLocked recorded the violation
	}
}

// inlineRequest stands for an inline response in the schema check's report.
func inlineRequest(in *Interaction) *http.Request {
	r := &http.Request{Method: http.MethodPost, URL: &url.URL{Path: "/interactions/" + in.ID + "/inline"}}
	r.SetPathValue("id", in.ID)
	return r
}

// Delivery returns what the bot answered to this interaction's HTTP
// request; ok is false while it is under way, and for interactions sent
// over the gateway.
func (in *Interaction) Delivery() (Delivery, bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	if in.st.delivery == nil {
		return Delivery{}, false
	}
	return *in.st.delivery, true
}

// WaitDelivery waits for the answer to this interaction's HTTP request.
func (in *Interaction) WaitDelivery(timeout time.Duration) (Delivery, error) {
	var d Delivery
	if !in.s.waitLocked(timeout, func() bool {
		if in.st.delivery != nil {
			d = *in.st.delivery
		}
		return in.st.delivery != nil
	}) {
		return Delivery{}, fmt.Errorf("%w waiting for the HTTP answer to interaction %s (%s)", ErrTimeout, in.ID, in.describe())
	}
	return d, nil
}

// getApplication serves GET /applications/@me: the application, with its
// verify_key and Interactions Endpoint URL.
func (s *Server) getApplication(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var endpoint any
	if s.hd.endpoint != "" {
		endpoint = s.hd.endpoint
	}
	return 200, map[string]any{
		"id": s.opts.AppID, "name": s.opts.BotName, "icon": nil, "description": "", "type": nil,
		"bot": s.botUserWire(), "bot_public": true, "bot_require_code_grant": false,
		"verify_key": s.PublicKeyHex(), "flags": 0, "flags_new": "0", "redirect_uris": []any{},
		"interactions_endpoint_url": endpoint, "role_connections_verification_url": nil,
		"owner": s.botUserWire(), "approximate_guild_count": len(s.opts.Guilds),
		"approximate_user_install_count": 0, "approximate_user_authorization_count": 0,
		"explicit_content_filter": 0, "team": nil, "eligible_oauth2_scopes": []any{},
	}
}
