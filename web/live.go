package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/dealer/dealer/store"
)

// Live pages. A playing table's page holds a server-sent event stream
// (/t/{token}/events): whenever the table may have changed, the stream
// reads its version (move count, status, last write, its server's pages
// on or off) and, if it moved on,
// pushes the new spectator picture's address and caption; a lobby that
// changed, a game that ended or pages turned off push "reload", and the
// page loads again (a replay, or the notice).
//
// Three things wake the streams of a table: Notify, which the bot calls
// after each change when it runs in the same process; on PostgreSQL, the
// database's announcement of every change of a session, whichever process
// made it (store.Store.Changes), at once; and the watcher, which reads the
// versions of the tables being watched (and only those) every
// Config.Watch: for a bot in another process on SQLite, and for a server
// turning its pages off. A spurious wake costs one cheap query.

// heartbeat keeps idle streams open through proxies that close silent
// connections.
const heartbeat = 25 * time.Second

// hub knows which tables have open streams, and wakes them.
type hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan struct{}]struct{}
}

func newHub() *hub { return &hub{subs: map[int64]map[chan struct{}]struct{}{}} }

// subscribe returns a channel woken when table id may have changed, and
// the function that ends the subscription.
func (h *hub) subscribe(id int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs[id] == nil {
		h.subs[id] = map[chan struct{}]struct{}{}
	}
	h.subs[id][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[id], ch)
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
		h.mu.Unlock()
	}
}

// wake wakes table id's streams; a stream already woken stays woken once
// (it reads the latest version anyway).
func (h *hub) wake(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[id] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// watched lists the tables with open streams.
func (h *hub) watched() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]int64, 0, len(h.subs))
	for id := range h.subs {
		ids = append(ids, id)
	}
	return ids
}

// Notify tells the live pages of table tableID (a session's id) that it
// changed: a move, a seat taken, the end. It returns at once and costs
// nothing when no page is watching. Call it after the change is committed.
func (s *Server) Notify(tableID int64) { s.live.wake(tableID) }

// hear wakes the streams of the tables the database says changed
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

// watch wakes the streams of watched tables whose version moved, every
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

// tableVersion is what changes when a table changes.
func tableVersion(sess store.Session) store.TableVersion {
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

// tableEvents answers /t/{token}/events: the stream of a table's changes.
func (s *Server) tableEvents(w http.ResponseWriter, r *http.Request) error {
	sess, token, err := s.byToken(r)
	if err != nil {
		return err
	}
	wake, done := s.live.subscribe(sess.ID)
	defer done()
	s.m.streams.Inc()
	defer s.m.streams.Dec()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	if err := rc.Flush(); err != nil {
		return nil // not a stream this connection can carry
	}
	known := r.URL.Query().Get("v")
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	for {
		event, data, over := s.nextEvent(r, sess, token, &known)
		if event != "" {
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
				return nil
			}
			if err := rc.Flush(); err != nil {
				return nil
			}
		}
		if over {
			return nil
		}
		select {
		case <-wake:
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		case <-r.Context().Done():
			return nil
		case <-s.closing:
			return nil
		}
	}
}

// nextEvent reads the table's version and says what its page must be told
// since known: nothing (""), the playing table ("table", its liveEvent as
// JSON), or "reload" (the page is no longer what it shows), which ends the
// stream (over).
func (s *Server) nextEvent(r *http.Request, sess store.Session, token string, known *string) (event, data string, over bool) {
	ctx := r.Context()
	vs, err := s.st.TableVersions(ctx, []int64{sess.ID})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("web: live table", "table", sess.ID, "err", err)
		}
		return "", "", false // the next wake tries again
	}
	v, ok := vs[sess.ID]
	if !ok {
		return "reload", "{}", true
	}
	now := version(v)
	if now == *known {
		return "", "", false
	}
	if v.PagesOff {
		return "reload", "{}", true
	}
	wasPlaying := *known == "" || strings.Contains(*known, "."+store.StatusPlaying.String()+".")
	if v.Status != store.StatusPlaying || !wasPlaying {
		return "reload", "{}", true
	}
	fresh, err := s.st.Session(ctx, sess.ID)
	if err != nil {
		return "", "", false
	}
	ts, err := s.loadTable(ctx, fresh, token)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("web: live table", "table", sess.ID, "err", err)
		}
		return "", "", false
	}
	b, err := json.Marshal(s.liveNow(ts))
	if err != nil {
		return "", "", false
	}
	*known = now
	return "table", string(b), false
}
