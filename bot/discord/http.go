package discord

// Interactions over HTTP: instead of the gateway, Discord POSTs each
// interaction, signed, to the application's Interactions Endpoint URL (the
// two ways are mutually exclusive: Discord's "Receiving and Responding",
// Receiving an Interaction).
//
// How one is answered. The request's interaction goes to handle, the path
// gateway interactions take, and the responder answers over REST as it
// always does: POST /interactions/{id}/{token}/callback (multipart when the
// answer carries the table's picture), then edits and follow-ups. Discord's
// docs, Interaction Callback: "If you send this request for an interaction
// received over HTTP, respond to the original HTTP request with a 202 and
// no body." So the handler waits until the initial response (the answer,
// or the deferral the responder sends when the work takes longer than
// DeferAfter) has been accepted, then answers 202 with no body; the work
// goes on, and a deferred answer's edit follows over REST as on the
// gateway. Answering in the HTTP response's body instead (200 with the
// interaction response, which Discord also accepts) would be a second
// answering path that deferrals, 429s and pictures would all need again.

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The ways Discord can deliver interactions (Options.Interactions).
const (
	// InteractionsGateway receives interactions over the gateway
	// connection (INTERACTION_CREATE): the default.
	InteractionsGateway = "gateway"
	// InteractionsHTTP receives them as signed POSTs to the application's
	// Interactions Endpoint URL, served by (*Wire).HTTPHandler.
	InteractionsHTTP = "http"
)

// MaxInteractionBody is the largest request body the HTTP endpoint reads;
// a larger one is refused with 413. Interactions are a few kilobytes (a
// click carries its message, components and all).
const MaxInteractionBody = 1 << 20

// signedWithin is how far a request's signed timestamp may be from
// Discord's clock (as the bot estimates it): Discord signs as it sends, so
// anything older is a replay of a captured request. Within it, a replay is
// caught by its interaction id (seenIDs, then the store's FirstSeen).
const signedWithin = time.Minute

// resyncEvery spaces out the re-readings of Discord's clock that a stale
// signed timestamp triggers, so replayed requests cannot turn into a flood
// of REST calls.
const resyncEvery = 10 * time.Second

// ParsePublicKey reads an application's public key as the developer portal
// shows it (64 hexadecimal digits).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("an application's public key is %d hexadecimal digits (the developer portal's General Information shows it)", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(k), nil
}

// interactionsMode checks Options.Interactions and PublicKey, and says
// whether interactions come by HTTP.
func interactionsMode(mode string, key ed25519.PublicKey) (bool, error) {
	switch mode {
	case "", InteractionsGateway:
		return false, nil
	case InteractionsHTTP:
		if len(key) != ed25519.PublicKeySize {
			return false, errors.New("bot: interactions over HTTP need the application's public key (Options.PublicKey)")
		}
		return true, nil
	}
	return false, fmt.Errorf("bot: Options.Interactions is %q or %q, not %q", InteractionsGateway, InteractionsHTTP, mode)
}

// openHTTP reads the application over REST (no gateway), and checks that
// the public key given is its.
func (w *Wire) openHTTP(ctx context.Context) (Application, error) {
	url := discordgo.EndpointApplication("@me")
	body, err := w.s.RequestWithBucketID("GET", url, nil, url, discordgo.WithContext(ctx))
	if err != nil {
		return Application{}, fmt.Errorf("reading the application from Discord: %w", err)
	}
	var app discordgo.Application
	if err := discordgo.Unmarshal(body, &app); err != nil {
		return Application{}, fmt.Errorf("reading the application from Discord: %w", err)
	}
	// A wrong key would have every interaction refused with 401, and
	// Discord would refuse the endpoint URL: say so now.
	if app.VerifyKey != "" && !strings.EqualFold(app.VerifyKey, hex.EncodeToString(w.endpoint.publicKey)) {
		return Application{}, errors.New("the public key given is not the application's (the developer portal's General Information shows it)")
	}
	return Application{ID: app.ID}, nil
}

// endpoint is what the HTTP interactions endpoint checks requests with.
type endpoint struct {
	http      bool              // interactions come by HTTP, not the gateway
	publicKey ed25519.PublicKey // verifies them
	replays   Replays           // interactions received by any process
	seen      seenIDs           // interactions received by this one
	resync    clockResync       // re-reads Discord's clock
}

// HTTPHandler serves the Interactions Endpoint URL, at whatever path it is
// mounted: Discord's signed POSTs, each handed to the same handling as a
// gateway interaction (see the top of this file). In gateway mode it
// answers 404.
//
// What it answers:
//   - 405 to a method other than POST, 413 to a body over
//     MaxInteractionBody;
//   - 401 when X-Signature-Ed25519 is missing or is not the application's
//     signature of X-Signature-Timestamp followed by the body (Discord
//     sends such requests on purpose, and drops an endpoint URL that does
//     not answer 401), and to replays: a signed timestamp more than
//     signedWithin from Discord's clock, or an interaction already
//     received by any process sharing the store;
//   - 415 to a Content-Type other than JSON, 400 to a body that is not an
//     interaction;
//   - 200 {"type":1} (PONG) to a PING;
//   - 202 with no body once an interaction's initial response was accepted
//     over REST; 500 when it could not be answered (too late, refused),
//     503 when the bot is closing or the store cannot say in time whether
//     the interaction was received already.
//
// Nothing is changed before the request is verified. Every answer but 200
// and 202 closes the connection. Serve it with InteractionsServer, which
// bounds what a client may hold.
func (w *Wire) HTTPHandler() http.Handler { return http.HandlerFunc(w.serveInteraction) }

// serveInteraction is HTTPHandler.
func (w *Wire) serveInteraction(rw http.ResponseWriter, r *http.Request) {
	defer w.Recover("HTTP interaction")
	if !w.endpoint.http {
		http.NotFound(rw, r)
		return
	}
	if r.Method != http.MethodPost {
		rw.Header().Set("Allow", http.MethodPost)
		refuse(rw, "interactions are POSTed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(rw, r.Body, MaxInteractionBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(rw, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		refuse(rw, "unreadable request body", http.StatusBadRequest)
		return
	}
	if !w.verified(r, body) {
		refuse(rw, "invalid request signature", http.StatusUnauthorized)
		return
	}
	verifiedConn(r)
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		refuse(rw, "interactions are JSON", http.StatusUnsupportedMediaType)
		return
	}
	var head struct {
		Type  discordgo.InteractionType `json:"type"`
		ID    string                    `json:"id"`
		Token string                    `json:"token"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		refuse(rw, "not an interaction", http.StatusBadRequest)
		return
	}
	if head.Type == discordgo.InteractionPing {
		rw.Header().Set("Content-Type", "application/json")
		_, _ = rw.Write([]byte(`{"type":1}`))
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil || head.ID == "" || head.Token == "" || head.Type == 0 {
		w.log.Warn("an HTTP interaction could not be read", "err", err)
		refuse(rw, "not an interaction", http.StatusBadRequest)
		return
	}
	if !w.firstReceived(rw, r, head.ID) {
		return
	}
	w.answerHTTP(rw, r, &i)
}

// replayCheckWithin bounds the store's answer to whether an interaction
// was received already: past it the interaction is refused (see
// firstReceived), with time left to answer the next ones.
const replayCheckWithin = time.Second

// firstReceived reports whether interaction id is received for the first
// time by any process sharing the store; if not, it has answered the
// request. This process's memory is asked first (cheap, and it catches
// replays to this process), then the store.
//
// When the store cannot say within replayCheckWithin, the interaction is
// refused (503, and it fails in the player's Discord): its handling needs
// the store anyway (a move is saved before it is shown), so answering
// without it would trade nothing for a replay let through.
func (w *Wire) firstReceived(rw http.ResponseWriter, r *http.Request, id string) bool {
	now := time.Now()
	if !w.endpoint.seen.first(id, now) {
		w.log.Info("HTTP interaction refused: received already (a replay?)", "interaction", id)
		refuse(rw, "interaction already received", http.StatusUnauthorized)
		return false
	}
	ctx, cancel := context.WithTimeout(r.Context(), replayCheckWithin)
	defer cancel()
	first, err := w.endpoint.replays.FirstSeen(ctx, id, now)
	switch {
	case err != nil:
		w.log.Warn("HTTP interaction refused: the store could not say whether another process received it already", "interaction", id, "err", err)
		refuse(rw, "the dealer cannot check this request now", http.StatusServiceUnavailable)
		return false
	case !first:
		w.log.Info("HTTP interaction refused: another process received it already (a replay?)", "interaction", id)
		refuse(rw, "interaction already received", http.StatusUnauthorized)
		return false
	}
	return true
}

// refuse answers a request that is not taken, in one short line, and
// closes its connection: a client that sent one gets no kept-alive
// connection to hold (see endpoint.go).
func refuse(rw http.ResponseWriter, msg string, code int) {
	rw.Header().Set("Connection", "close")
	http.Error(rw, msg, code)
}

// answerHTTP handles i on a goroutine Close waits for, and completes
// Discord's request once the initial response went out over REST.
func (w *Wire) answerHTTP(rw http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
	if !w.life.enter() {
		refuse(rw, "the dealer is closing", http.StatusServiceUnavailable)
		return
	}
	initial := make(chan bool, 1)
	go func() {
		defer w.life.work.Done()
		w.serve(i, func(ok bool) { initial <- ok })
	}()
	select {
	case ok := <-initial:
		if !ok {
			refuse(rw, "the interaction could not be answered", http.StatusInternalServerError)
			return
		}
		rw.WriteHeader(http.StatusAccepted) // no body: the answer went by the callback
	case <-r.Context().Done():
		// Discord hung up; the work goes on and answers over REST.
	}
}

// verified reports whether a request is Discord's: signed with the
// application's key, over its timestamp and body, recently.
func (w *Wire) verified(r *http.Request, body []byte) bool {
	r.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(r, w.endpoint.publicKey) {
		w.log.Debug("HTTP interaction refused: bad signature", "remote", r.RemoteAddr)
		return false
	}
	secs, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		return false
	}
	signed := time.Unix(secs, 0)
	if w.fresh(signed) {
		return true
	}
	// Genuine but stale, or our idea of Discord's clock is (the host's
	// clock was set): read Discord's clock again and look once more.
	if w.resyncClock(r) && w.fresh(signed) {
		return true
	}
	w.log.Info("HTTP interaction refused: its signature is too old (a replay?)", "signed", signed, "discord_clock_offset", w.clock.offset())
	return false
}

// fresh reports whether a signed timestamp (on Discord's clock, whole
// seconds) is within signedWithin of Discord's clock now.
func (w *Wire) fresh(signed time.Time) bool {
	skew := time.Now().Add(w.clock.offset()).Sub(signed)
	return skew < signedWithin && skew > -signedWithin
}

// seenIDs remembers the interactions received over HTTP for as long as a
// replay of their requests could pass the timestamp check, so that a
// captured request sent again is refused, not handled twice (a second
// table opened). Its size is bounded by the rate of interactions times
// 2×signedWithin. It is this process's memory, asked before the store
// (which every process shares, and which a restart does not forget).
type seenIDs struct {
	mu    sync.Mutex
	at    map[string]time.Time // interaction id → when received
	sweep time.Time            // when to forget old ids next
}

// first records id as received at now, and reports whether it is new.
func (s *seenIDs) first(id string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A replay passes the timestamp check until signedWithin after the
	// original was signed; twice that allows for the clock's estimate.
	const keep = 2 * signedWithin
	if s.at == nil {
		s.at = map[string]time.Time{}
	}
	if now.After(s.sweep) {
		for k, t := range s.at {
			if now.Sub(t) > keep {
				delete(s.at, k)
			}
		}
		s.sweep = now.Add(keep / 4)
	}
	if _, ok := s.at[id]; ok {
		return false
	}
	s.at[id] = now
	return true
}

// clockResync spaces out the re-readings of Discord's clock.
type clockResync struct {
	mu   sync.Mutex
	last time.Time
}

// resyncClock reads Discord's clock again (the Date of GET /gateway, seen
// by clockTransport), at most once per resyncEvery; it reports whether it
// did.
func (w *Wire) resyncClock(r *http.Request) bool {
	if !w.endpoint.resync.mu.TryLock() {
		return false // another request is at it
	}
	defer w.endpoint.resync.mu.Unlock()
	if time.Since(w.endpoint.resync.last) < resyncEvery {
		return false
	}
	w.endpoint.resync.last = time.Now()
	_, err := w.s.Gateway(discordgo.WithContext(r.Context()), discordgo.WithRetryOnRatelimit(false))
	return err == nil
}
