package bot

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
	// Interactions Endpoint URL, served by (*Bot).HTTPHandler.
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

// openHTTP readies the bot for HTTP interactions, with no gateway: the
// application (its id, for the commands) is read over REST.
func (b *Bot) openHTTP(ctx context.Context) error {
	url := discordgo.EndpointApplication("@me")
	body, err := b.s.RequestWithBucketID("GET", url, nil, url, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("reading the application from Discord: %w", err)
	}
	var app discordgo.Application
	if err := discordgo.Unmarshal(body, &app); err != nil {
		return fmt.Errorf("reading the application from Discord: %w", err)
	}
	// A wrong key would have every interaction refused with 401, and
	// Discord would refuse the endpoint URL: say so now.
	if app.VerifyKey != "" && !strings.EqualFold(app.VerifyKey, hex.EncodeToString(b.publicKey)) {
		return errors.New("the public key given is not the application's (the developer portal's General Information shows it)")
	}
	if err := b.registerCommands(app.ID); err != nil {
		b.log.Error("registering slash commands failed", "err", err)
	} else {
		b.log.Info("ready for interactions over HTTP", "application", app.ID, "tables", b.Tables())
	}
	b.once.Do(func() { close(b.ready) })
	return nil
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
func (b *Bot) HTTPHandler() http.Handler { return http.HandlerFunc(b.serveInteraction) }

func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	defer b.recover("HTTP interaction")
	if !b.httpMode {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		refuse(w, "interactions are POSTed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxInteractionBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refuse(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		refuse(w, "unreadable request body", http.StatusBadRequest)
		return
	}
	if !b.verified(r, body) {
		refuse(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	verifiedConn(r)
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		refuse(w, "interactions are JSON", http.StatusUnsupportedMediaType)
		return
	}
	var head struct {
		Type  discordgo.InteractionType `json:"type"`
		ID    string                    `json:"id"`
		Token string                    `json:"token"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		refuse(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if head.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":1}`))
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil || head.ID == "" || head.Token == "" || head.Type == 0 {
		b.log.Warn("an HTTP interaction could not be read", "err", err)
		refuse(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if !b.firstReceived(w, r, head.ID) {
		return
	}
	b.answerHTTP(w, r, &i)
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
func (b *Bot) firstReceived(w http.ResponseWriter, r *http.Request, id string) bool {
	now := time.Now()
	if !b.seen.first(id, now) {
		b.log.Info("HTTP interaction refused: received already (a replay?)", "interaction", id)
		refuse(w, "interaction already received", http.StatusUnauthorized)
		return false
	}
	ctx, cancel := context.WithTimeout(r.Context(), replayCheckWithin)
	defer cancel()
	first, err := b.store.FirstSeen(ctx, id, now)
	switch {
	case err != nil:
		b.log.Warn("HTTP interaction refused: the store could not say whether another process received it already", "interaction", id, "err", err)
		refuse(w, "the dealer cannot check this request now", http.StatusServiceUnavailable)
		return false
	case !first:
		b.log.Info("HTTP interaction refused: another process received it already (a replay?)", "interaction", id)
		refuse(w, "interaction already received", http.StatusUnauthorized)
		return false
	}
	return true
}

// refuse answers a request that is not taken, in one short line, and
// closes its connection: a client that sent one gets no kept-alive
// connection to hold (see endpoint.go).
func refuse(w http.ResponseWriter, msg string, code int) {
	w.Header().Set("Connection", "close")
	http.Error(w, msg, code)
}

// answerHTTP handles i on a goroutine Close waits for, and completes
// Discord's request once the initial response went out over REST.
func (b *Bot) answerHTTP(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
	if !b.enter() {
		refuse(w, "the dealer is closing", http.StatusServiceUnavailable)
		return
	}
	initial := make(chan bool, 1)
	go func() {
		defer b.work.Done()
		b.handle(i, func(ok bool) { initial <- ok })
	}()
	select {
	case ok := <-initial:
		if !ok {
			refuse(w, "the interaction could not be answered", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusAccepted) // no body: the answer went by the callback
	case <-r.Context().Done():
		// Discord hung up; the work goes on and answers over REST.
	}
}

// verified reports whether a request is Discord's: signed with the
// application's key, over its timestamp and body, recently.
func (b *Bot) verified(r *http.Request, body []byte) bool {
	r.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(r, b.publicKey) {
		b.log.Debug("HTTP interaction refused: bad signature", "remote", r.RemoteAddr)
		return false
	}
	secs, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		return false
	}
	signed := time.Unix(secs, 0)
	if b.fresh(signed) {
		return true
	}
	// Genuine but stale, or our idea of Discord's clock is (the host's
	// clock was set): read Discord's clock again and look once more.
	if b.resyncClock(r) && b.fresh(signed) {
		return true
	}
	b.log.Info("HTTP interaction refused: its signature is too old (a replay?)", "signed", signed, "discord_clock_offset", b.clock.offset())
	return false
}

// fresh reports whether a signed timestamp (on Discord's clock, whole
// seconds) is within signedWithin of Discord's clock now.
func (b *Bot) fresh(signed time.Time) bool {
	skew := time.Now().Add(b.clock.offset()).Sub(signed)
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
func (b *Bot) resyncClock(r *http.Request) bool {
	if !b.resync.mu.TryLock() {
		return false // another request is at it
	}
	defer b.resync.mu.Unlock()
	if time.Since(b.resync.last) < resyncEvery {
		return false
	}
	b.resync.last = time.Now()
	_, err := b.s.Gateway(discordgo.WithContext(r.Context()), discordgo.WithRetryOnRatelimit(false))
	return err == nil
}
