package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// Live pages. A playing table's page holds a server-sent event stream
// (/t/{token}/events). Every table with open streams has one feed: when
// the table may have changed, the feed reads its version (move count,
// status, last write, its server's pages on or off) and, if it moved on,
// brings its game up to date once (the new moves applied to the game it
// keeps) and writes the event once; each of the table's streams then
// writes those same bytes. A change costs one replay of the new moves and
// one write per stream, however many watch. A lobby that changed, a game
// that ended, a table that no longer replays or pages turned off push
// "reload", and the page loads again (a replay, or the notice).
//
// Three things wake a table's feed: Notify, which the bot calls after each
// change when it runs in the same process; on PostgreSQL, the database's
// announcement of every change of a table, whichever process made it
// (store.Store.Changes), at once; and the watcher, which reads the
// versions of the tables being watched (and only those) every
// Config.Watch: for a bot in another process on SQLite, and for a server
// turning its pages off. A spurious wake costs one cheap query.
//
// Streams are capped (Limits): in all, per table and per client address.

// Frames every stream may be sent, whole.
var (
	reloadFrame = []byte("event: reload\ndata: {}\n\n")
	beatFrame   = []byte(": still here\n\n")
)

// The answers to a stream refused by a cap.
var (
	errTooManyFromYou = &httpError{http.StatusTooManyRequests,
		"Too many live pages are open from your address: close some, then reload this one."}
	errTooManyForYou = &httpError{http.StatusTooManyRequests,
		"Too many live pages are open for you: close some, then reload this one."}
	errTooManyOnTable = &httpError{http.StatusServiceUnavailable,
		"Too many people are watching this table: live updates are unavailable for now. Reload the page later."}
	errTooManyInAll = &httpError{http.StatusServiceUnavailable,
		"Too many live pages are open on this site: live updates are unavailable for now. Reload the page later."}
	errClosing = &httpError{http.StatusServiceUnavailable, "The site is restarting: reload the page in a moment."}
)

// refusedCap names the cap of a refusal, for the metrics.
func refusedCap(e *httpError) string {
	switch e {
	case errTooManyFromYou:
		return "client"
	case errTooManyForYou:
		return "user"
	case errTooManyOnTable:
		return "table"
	case errTooManyInAll:
		return "total"
	}
	return "closing"
}

// streamRetry is the Retry-After of a refused stream, in seconds.
const streamRetry = "30"

// hub knows the feeds of the tables being watched, and counts the
// streams against the caps.
type hub struct {
	lim Limits

	// streams counts the streams joined and not yet left: Close waits
	// for them (each is added under mu, before closed is set).
	streams sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	feeds   map[int64]*feed
	tokens  map[string]*feed // the same feeds, by their tables' tokens
	total   int
	clients map[string]int // streams by client address
	users   map[string]int // streams by signed-in player
}

func newHub(lim Limits) *hub {
	return &hub{lim: lim, feeds: map[int64]*feed{}, tokens: map[string]*feed{}, clients: map[string]int{}, users: map[string]int{}}
}

// feed is one watched table: its latest state as its streams push it,
// and the game kept to bring it up to date.
type feed struct {
	id    int64
	token string
	wake  chan struct{} // a change may have happened (one pending is enough)
	stop  chan struct{} // closed when the last stream leaves
	// watchers are the table's streams (hub.mu).
	watchers map[*watcher]struct{}

	mu  sync.RWMutex
	cur snapshot

	// game, log and rules are owned by the feed's goroutine: the game
	// after log's moves, under rules (nil until the first replay, and
	// after a failed one).
	game  games.Game
	log   []games.Entry
	rules int
}

// snapshot is a table as its streams push it.
type snapshot struct {
	ready   bool   // read at least once
	version string // version() of what it shows
	moves   int
	reload  bool // not a playing table any more: pages must load again
	event   liveEvent
	frame   []byte // the "table" event, whole (a playing table)
}

// watcher is one stream of a feed: its channel is signalled when the feed
// has a new snapshot.
type watcher struct {
	f      *feed
	client string
	user   string // the signed-in player's id, "" for none
	ch     chan struct{}
}

// current is the feed's latest snapshot.
func (f *feed) current() snapshot {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.cur
}

// refusal says whether a stream of table id from client (signed in as
// user, or "") would be refused now, and with what (nil: it would be
// admitted). The table's page asks, so as to say so rather than listen in
// vain.
func (h *hub) refusal(id int64, client, user string) *httpError {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.refusalLocked(id, client, user)
}

func (h *hub) refusalLocked(id int64, client, user string) *httpError {
	switch {
	case h.closed:
		return errClosing
	case h.clients[client] >= h.lim.MaxStreamsPerClient:
		return errTooManyFromYou
	case user != "" && h.users[user] >= h.lim.MaxStreamsPerUser:
		return errTooManyForYou
	case h.feeds[id] != nil && len(h.feeds[id].watchers) >= h.lim.MaxStreamsPerTable:
		return errTooManyOnTable
	case h.total >= h.lim.MaxStreams:
		return errTooManyInAll
	}
	return nil
}

// join adds a stream of table id (token) from client (signed in as user,
// or ""), starting the table's feed with start if it has none; or says
// which cap refuses it.
func (h *hub) join(id int64, token, client, user string, start func(*feed)) (*watcher, *httpError) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if no := h.refusalLocked(id, client, user); no != nil {
		return nil, no
	}
	f := h.feeds[id]
	if f == nil {
		f = &feed{id: id, token: token, wake: make(chan struct{}, 1), stop: make(chan struct{}), watchers: map[*watcher]struct{}{}}
		f.wake <- struct{}{} // read the table at once
		h.feeds[id] = f
		h.tokens[token] = f
		start(f)
	}
	w := &watcher{f: f, client: client, user: user, ch: make(chan struct{}, 1)}
	f.watchers[w] = struct{}{}
	h.streams.Add(1)
	h.total++
	h.clients[client]++
	if user != "" {
		h.users[user]++
	}
	if f.current().ready {
		w.ch <- struct{}{} // compare with what the feed shows now
	}
	return w, nil
}

// leave ends a stream; the last of a table's ends its feed.
func (h *hub) leave(w *watcher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := w.f
	if _, ok := f.watchers[w]; !ok {
		return
	}
	delete(f.watchers, w)
	h.streams.Done()
	h.total--
	if h.clients[w.client]--; h.clients[w.client] <= 0 {
		delete(h.clients, w.client)
	}
	if w.user != "" {
		if h.users[w.user]--; h.users[w.user] <= 0 {
			delete(h.users, w.user)
		}
	}
	if len(f.watchers) == 0 {
		delete(h.feeds, f.id)
		delete(h.tokens, f.token)
		close(f.stop)
	}
}

// following returns the id of table token if its feed follows it as a
// playing table now (its pages on, its moves replayed): a new stream of it
// needs no reading of the store to be let in.
func (h *hub) following(token string) (int64, bool) {
	h.mu.Lock()
	f := h.tokens[token]
	h.mu.Unlock()
	if f == nil {
		return 0, false
	}
	cur := f.current()
	return f.id, cur.ready && !cur.reload
}

// signal tells every stream of f that it has a new snapshot.
func (h *hub) signal(f *feed) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for w := range f.watchers {
		select {
		case w.ch <- struct{}{}:
		default: // already told; it reads the latest anyway
		}
	}
}

// wake tells table id's feed, if it has one, that the table may have
// changed.
func (h *hub) wake(id int64) {
	h.mu.Lock()
	f := h.feeds[id]
	h.mu.Unlock()
	if f != nil {
		select {
		case f.wake <- struct{}{}:
		default:
		}
	}
}

// watched lists the tables with open streams.
func (h *hub) watched() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]int64, 0, len(h.feeds))
	for id := range h.feeds {
		ids = append(ids, id)
	}
	return ids
}

// shown is table id's live state as its feed last read it, if the feed
// has read version v: the table's page then needs no replay of its own.
func (h *hub) shown(id int64, v string) (liveEvent, bool) {
	h.mu.Lock()
	f := h.feeds[id]
	h.mu.Unlock()
	if f == nil {
		return liveEvent{}, false
	}
	cur := f.current()
	if !cur.ready || cur.reload || cur.version != v {
		return liveEvent{}, false
	}
	return cur.event, true
}

// close refuses new streams from now on.
func (h *hub) close() {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
}

// Notify tells the live pages of table tableID (its id in the store) that it
// changed: a move, a seat taken, the end. It returns at once and costs
// nothing when no page is watching. Call it after the change is committed.
func (s *Server) Notify(tableID int64) { s.live.wake(tableID) }

// hear wakes the feeds of the tables the database says changed
// (PostgreSQL), until the Server is closed; on SQLite it returns at once.
func (s *Server) hear(ctx context.Context) {
	defer s.watcher.Done()
	_ = s.st.Changes(ctx, func(id int64, _ int) {
		if id != 0 {
			s.live.wake(id)
			return
		}
		for _, id := range s.live.watched() { // notices may have been missed
			s.live.wake(id)
		}
	})
}

// watch wakes the feeds of watched tables whose version moved, every
// period, until the Server is closed.
func (s *Server) watch(period time.Duration) {
	defer s.watcher.Done()
	tick := time.NewTicker(period)
	defer tick.Stop()
	last := map[int64]store.TableVersion{}
	for {
		select {
		case <-s.closing:
			return
		case <-tick.C:
		}
		ids := s.live.watched()
		if len(ids) == 0 {
			clear(last)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), period+time.Second)
		vs, err := s.st.TableVersions(ctx, ids)
		cancel()
		if err != nil {
			s.log.Warn("web: watching live tables", "err", err)
			continue
		}
		seen := make(map[int64]store.TableVersion, len(ids))
		for _, id := range ids {
			v := vs[id]
			// A table watched for the first time is woken too: it may
			// have changed between its page's reading and this one.
			if old, had := last[id]; !had || old != v {
				s.live.wake(id)
			}
			seen[id] = v
		}
		last = seen
	}
}

// startFeed runs f's goroutine: on each wake it reads the table and, if
// it changed, tells its streams. It ends with the feed's last stream, or
// when the Server is closed.
func (s *Server) startFeed(f *feed) {
	s.feeds.Add(1)
	go func() {
		defer s.feeds.Done()
		for {
			select {
			case <-f.wake:
			case <-f.stop:
				return
			case <-s.closing:
				return
			}
			snap, changed := s.refresh(f)
			if !changed {
				continue
			}
			f.mu.Lock()
			f.cur = snap
			f.mu.Unlock()
			s.live.signal(f)
		}
	}()
}

// feedTimeout bounds one reading of a watched table.
const feedTimeout = 10 * time.Second

// refresh reads f's table and returns its snapshot, if it differs from
// the one its streams have.
func (s *Server) refresh(f *feed) (snapshot, bool) {
	ctx, cancel := context.WithTimeout(s.ctx, feedTimeout)
	defer cancel()
	old := f.current()
	vs, err := s.st.TableVersions(ctx, []int64{f.id})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("web: live table", "table", f.id, "err", err)
		}
		return old, false // the next wake tries again
	}
	v, ok := vs[f.id]
	if !ok { // gone
		return snapshot{ready: true, version: "gone", reload: true}, !old.reload
	}
	now := version(v)
	if old.ready && old.version == now {
		return old, false
	}
	if v.PagesOff || v.Status != store.StatusPlaying {
		return snapshot{ready: true, version: now, moves: v.Moves, reload: true}, true
	}
	s.m.reads.Inc()
	ev, err := s.feedEvent(ctx, f)
	var broken *brokenError
	switch {
	case errors.As(err, &broken):
		return snapshot{ready: true, version: now, moves: v.Moves, reload: true}, true
	case err != nil:
		if ctx.Err() == nil {
			s.log.Warn("web: live table", "table", f.id, "err", err)
		}
		return old, false
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return old, false
	}
	frame := make([]byte, 0, len(b)+32)
	frame = append(append(append(frame, "event: table\ndata: "...), b...), "\n\n"...)
	// The version read before the game: a move made in between is shown
	// now and pushed again at its own wake, which costs one more frame.
	return snapshot{ready: true, version: now, moves: v.Moves, event: ev, frame: frame}, true
}

// feedEvent brings f's game up to date with its table's record, applying
// only the moves made since its last reading, and says it as a liveEvent.
func (s *Server) feedEvent(ctx context.Context, f *feed) (liveEvent, error) {
	sess, err := s.st.TableRow(ctx, f.id)
	if err != nil {
		return liveEvent{}, err
	}
	if sess.Broken != "" {
		return liveEvent{}, &brokenError{id: sess.ID, why: errors.New(sess.Broken)}
	}
	info, ok := s.games.Lookup(sess.Game)
	if !ok {
		return liveEvent{}, &brokenError{id: sess.ID, why: fmt.Errorf("no game %q", sess.Game)}
	}
	rec, err := s.st.Record(ctx, f.id)
	if err != nil {
		return liveEvent{}, err
	}
	if f.game == nil || f.rules != rec.Rules || len(rec.Moves) < len(f.log) || !slices.Equal(rec.Moves[:len(f.log)], f.log) {
		f.game, f.log = nil, nil
		g, err := s.replayRecord(sess.ID, rec)
		if err != nil {
			return liveEvent{}, err
		}
		f.game, f.log, f.rules = g, rec.Moves, rec.Rules
	} else if len(rec.Moves) > len(f.log) {
		if err := s.applyMoves(sess.ID, f.game, rec.Moves[len(f.log):], len(f.log)); err != nil {
			f.game, f.log = nil, nil
			return liveEvent{}, err
		}
		f.log = rec.Moves
	}
	ts := &tableState{sess: sess, token: f.token, info: info, names: seatNames(sess), rec: rec, log: rec.Moves, game: f.game}
	return s.liveNow(ts), nil
}

// user is the request's signed-in player's id, "" for none: their live
// streams are capped wherever they connect from.
func (s *Server) user(r *http.Request) string {
	sess, _ := s.session(r)
	return sess.User
}

// tableVersion is what changes when a table changes.
func tableVersion(sess store.TableRow) store.TableVersion {
	return store.TableVersion{Moves: sess.Moves, Status: sess.Status, UpdatedAt: sess.UpdatedAt}
}

// version writes a table's version for its page ("12.playing.1732…"): the
// stream compares it, so a page learns of what changed before it listened.
func version(v store.TableVersion) string {
	off := ""
	if v.PagesOff {
		off = ".off"
	}
	return fmt.Sprintf("%d.%s.%d%s", v.Moves, v.Status, v.UpdatedAt.UnixNano(), off)
}

// versionMoves is the move count a page's version names (-1 if it names
// none: the version is the client's to send, so anything may come).
func versionMoves(v string) int {
	head, _, _ := strings.Cut(v, ".")
	n, err := strconv.Atoi(head)
	if err != nil {
		return -1
	}
	return n
}

// streamHeader is a stream's answer's header, written on the connection
// itself once net/http has let go of it: the body is the events, until
// the connection closes.
const streamHeader = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n" +
	"X-Accel-Buffering: no\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"

// tableEvents answers /t/{token}/events: the stream of a table's changes.
//
// A stream is taken over from net/http (hijacked): its connection's
// buffers and its two goroutines (the request's, and the one watching for
// the client leaving) are let go, and one small goroutine writes the
// table's events and heartbeats with a deadline for each write. A client
// gone is seen at the next heartbeat (or when a write fails). Where
// the connection cannot be taken over (HTTP/2), the request's goroutine
// streams through the ResponseWriter instead.
func (s *Server) tableEvents(w http.ResponseWriter, r *http.Request) error {
	// A table already followed is let in without reading the store: many
	// watchers of one table cost one reading, not one each.
	token := r.PathValue("token")
	id, followed := s.live.following(token)
	if !followed {
		sess, _, err := s.byToken(r)
		if err != nil {
			return err
		}
		id = sess.ID
	}
	if r.Method == http.MethodHead {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		return nil
	}
	wt, refused := s.live.join(id, token, s.client(r), s.user(r), s.startFeed)
	if refused != nil {
		s.m.refused.WithLabelValues(refusedCap(refused)).Inc()
		w.Header().Set("Retry-After", streamRetry)
		plain(w, refused.status, refused.msg+"\n")
		return nil
	}
	known := r.URL.Query().Get("v")
	rc := http.NewResponseController(w)
	if conn, _, err := rc.Hijack(); err == nil {
		out := &connStream{conn: conn, timeout: s.lim.StreamWriteTimeout}
		if !out.send([]byte(streamHeader)) {
			out.close()
			s.live.leave(wt)
			return nil
		}
		s.m.streams.Inc()
		go s.stream(wt, out, known, nil)
		return nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	w.WriteHeader(http.StatusOK)
	out := &writerStream{w: w, rc: rc, timeout: s.lim.StreamWriteTimeout}
	if !out.send(nil) {
		s.live.leave(wt)
		return nil
	}
	s.m.streams.Inc()
	s.stream(wt, out, known, r.Context().Done())
	return nil
}

// streamOut is where a stream writes: its connection, or its
// ResponseWriter.
type streamOut interface {
	// send writes b at once, within the stream's write timeout; false if
	// it could not (the client is gone, or does not read).
	send(b []byte) bool
	// gone reports whether the client has closed its end, without
	// waiting (false when that cannot be known).
	gone() bool
	close()
}

// connStream is a stream on a connection taken over from net/http.
type connStream struct {
	conn    net.Conn
	timeout time.Duration
}

func (c *connStream) send(b []byte) bool {
	if err := c.conn.SetWriteDeadline(time.Now().Add(c.timeout)); err != nil {
		return false
	}
	_, err := c.conn.Write(b)
	return err == nil
}

// gone peeks at the connection: a client sends nothing after its
// request, so anything readable now (its end closed, most often) ends the
// stream. The read waits a millisecond at most (a deadline already past
// would not read at all).
func (c *connStream) gone() bool {
	if err := c.conn.SetReadDeadline(time.Now().Add(time.Millisecond)); err != nil {
		return true
	}
	var b [1]byte
	_, err := c.conn.Read(b[:])
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

func (c *connStream) close() { c.conn.Close() }

// writerStream is a stream through a ResponseWriter, whose deadlines are
// set through its ResponseController: each write's own instead of the
// server's WriteTimeout, which would end the stream.
type writerStream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (s *writerStream) send(b []byte) bool {
	if err := s.rc.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return false
	}
	if len(b) > 0 {
		if _, err := s.w.Write(b); err != nil {
			return false
		}
	}
	return s.rc.Flush() == nil
}

func (s *writerStream) gone() bool { return false } // net/http cancels the request's context instead

func (s *writerStream) close() {}

// stream writes wt's table's events to out until the stream ends: the
// page must reload, a write fails, gone is closed (the client left), or
// the Server is closed. known is the version the page shows.
func (s *Server) stream(wt *watcher, out streamOut, known string, gone <-chan struct{}) {
	defer s.m.streams.Dec()
	defer s.live.leave(wt)
	defer out.close()
	beat := time.NewTicker(s.lim.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-wt.ch:
			frame, over := nextFrame(wt.f.current(), &known)
			if frame != nil && !out.send(frame) || over {
				return
			}
		case <-beat.C:
			if out.gone() || !out.send(beatFrame) {
				return
			}
		case <-gone:
			return
		case <-s.closing:
			return
		}
	}
}

// nextFrame says what a page that shows version known must be sent of
// snap: nothing (nil), the playing table's event, or "reload" (the page is
// no longer what it shows), which ends the stream (over).
func nextFrame(snap snapshot, known *string) (frame []byte, over bool) {
	if !snap.ready || snap.version == *known {
		return nil, false
	}
	if snap.reload {
		return reloadFrame, true
	}
	if *known != "" && !strings.Contains(*known, "."+store.StatusPlaying.String()+".") {
		return reloadFrame, true // a lobby's page, and the game began
	}
	if versionMoves(*known) > snap.moves {
		return nil, false // the page is ahead of the feed, which will catch up
	}
	*known = snap.version
	return snap.frame, false
}
