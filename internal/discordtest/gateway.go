package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// GatewayFrame is one recorded gateway payload.
type GatewayFrame struct {
	At   time.Time
	In   bool // true: client -> fake
	Op   int
	Seq  int64
	Type string
	Data json.RawMessage
}

// gwSession is a gateway session (what IDENTIFY creates and RESUME
// continues). Dispatches are numbered and kept, so that a session whose
// socket dropped receives the missed ones when it resumes.
type gwSession struct {
	srv                 *Server
	id                  string
	shardID, shardCount int
	intents             int64

	mu      sync.Mutex // guards the fields below; held while writing to conn
	seq     int64
	events  []gwEvent
	conn    *gwConn // nil while disconnected
	invalid bool    // closed cleanly or invalidated: cannot be resumed
}

type gwEvent struct {
	seq int64
	typ string
	raw json.RawMessage
}

type gwConn struct {
	ws         *websocket.Conn
	wmu        sync.Mutex
	heartbeats int // guarded by Server.mu
}

type gwPayload struct {
	Op   int             `json:"op"`
	Data json.RawMessage `json:"d"`
	Seq  *int64          `json:"s"`
	Type *string         `json:"t"`
}

func (c *gwConn) write(op int, t string, seq int64, d json.RawMessage) error {
	// gwPayload's JSON, written by hand: d is compact JSON already
	// (mustJSON), which WriteJSON would check and copy again.
	frame := make([]byte, 0, len(d)+len(t)+48)
	frame = strconv.AppendInt(append(frame, `{"op":`...), int64(op), 10)
	frame = append(frame, `,"d":`...)
	if len(d) == 0 {
		frame = append(frame, "null"...)
	} else {
		frame = append(frame, d...)
	}
	if op == 0 {
		frame = strconv.AppendInt(append(frame, `,"s":`...), seq, 10)
		tq, _ := json.Marshal(t)
		frame = append(append(frame, `,"t":`...), tq...)
	} else {
		frame = append(frame, `,"s":null,"t":null`...)
	}
	frame = append(frame, '}')
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(websocket.TextMessage, frame) // text frames: discordgo only inflates binary (zlib) frames
}

func (c *gwConn) close(code int, text string) {
	c.wmu.Lock()
	c.ws.SetWriteDeadline(time.Now().Add(time.Second))
	c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, text))
	c.wmu.Unlock()
	c.ws.Close()
}

func mustJSON(v any) json.RawMessage {
	raw, _ := json.Marshal(v)
	return raw
}

// dispatchLocked numbers an event, keeps it, and sends it if connected.
// Caller holds sess.mu.
func (sess *gwSession) dispatchLocked(typ string, raw json.RawMessage) {
	sess.seq++
	sess.events = append(sess.events, gwEvent{sess.seq, typ, raw})
	sess.srv.logFrame(GatewayFrame{Op: 0, Seq: sess.seq, Type: typ, Data: raw})
	if sess.conn != nil {
		if err := sess.conn.write(0, typ, sess.seq, raw); err != nil {
			sess.conn.ws.Close() // the reader notices and detaches
		}
	}
}

func (s *Server) logFrame(f GatewayFrame) {
	if s.opts.Lean { // no log: nothing changes that a waiter could see
		return
	}
	f.At = time.Now()
	s.mu.Lock()
	s.gwLog = append(s.gwLog, f)
	s.notifyLocked()
	s.mu.Unlock()
}

// GatewayLog returns every gateway frame seen so far (dispatches are logged
// once per session that got them).
func (s *Server) GatewayLog() []GatewayFrame {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]GatewayFrame(nil), s.gwLog...)
}

// Connections returns the number of open, identified or resumed gateway
// connections.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// GatewayStats returns how many IDENTIFYs and successful RESUMEs the fake
// has seen.
func (s *Server) GatewayStats() (identifies, resumes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.identifies, s.resumes
}

// ResumeStats says where the successful RESUMEs went: to READY's
// resume_gateway_url (ResumeGatewayURL), as Discord asks, or to the
// connect URL (GatewayURL), where discordgo v0.29.0 sends them because it
// ignores resume_gateway_url. See also Options.RejectResumeOnConnectURL.
func (s *Server) ResumeStats() (onResumeURL, onConnectURL int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resumesByURL[0], s.resumesByURL[1]
}

// WaitConnections waits until exactly n gateway connections are open.
func (s *Server) WaitConnections(n int, timeout time.Duration) error {
	if !s.waitLocked(timeout, func() bool { return len(s.conns) == n }) {
		return fmt.Errorf("%w waiting for %d gateway connection(s); have %d", ErrTimeout, n, s.Connections())
	}
	return nil
}

// WaitResumes waits until at least n RESUMEs have succeeded in total.
func (s *Server) WaitResumes(n int, timeout time.Duration) error {
	if !s.waitLocked(timeout, func() bool { return s.resumes >= n && len(s.conns) > 0 }) {
		_, r := s.GatewayStats()
		return fmt.Errorf("%w waiting for %d resume(s); have %d", ErrTimeout, n, r)
	}
	return nil
}

func (s *Server) heartbeat(c *gwConn) {
	s.mu.Lock()
	c.heartbeats++
	s.notifyLocked()
	s.mu.Unlock()
	c.write(11, "", 0, nil)
}

// WaitHeartbeat waits until every open gateway connection has sent its
// first heartbeat. Call it before closing a discordgo session that may have
// been opened only moments ago: discordgo's heartbeat goroutine sends its
// first heartbeat right after Open, and if that comes after Close has sent
// its close frame, it logs an error and RECONNECTS the closed session
// (discordgo v0.29.0, wsapi.go heartbeat), leaving a second bot connected.
func (s *Server) WaitHeartbeat(timeout time.Duration) error {
	if !s.waitLocked(timeout, func() bool {
		for c := range s.conns {
			if c.heartbeats == 0 {
				return false
			}
		}
		return true
	}) {
		return fmt.Errorf("%w waiting for the first heartbeat of every gateway connection", ErrTimeout)
	}
	return nil
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (s *Server) handleGateway(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("v") == "" || r.URL.Query().Get("encoding") != "json" {
		http.Error(w, "missing v/encoding", http.StatusBadRequest)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	var sess *gwSession
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.notifyLocked()
		s.mu.Unlock()
		if sess != nil {
			sess.mu.Lock()
			if sess.conn == c {
				sess.conn = nil
			}
			sess.mu.Unlock()
		}
		ws.Close()
	}()

	if err := c.write(10, "", 0, mustJSON(map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()})); err != nil {
		return
	}

	// Expect IDENTIFY (op 2) or RESUME (op 6); heartbeats may come first.
	for sess == nil {
		ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		var p gwPayload
		if err := ws.ReadJSON(&p); err != nil {
			return
		}
		s.logFrame(GatewayFrame{In: true, Op: p.Op, Data: p.Data})
		switch p.Op {
		case 1:
			s.heartbeat(c)
		case 2:
			if sess = s.identify(c, p.Data); sess == nil {
				return
			}
		case 6:
			sess = s.resume(c, p.Data, s.onResumeListener(r))
			if sess == nil {
				continue // op 9 sent; discordgo answers with IDENTIFY
			}
		default:
			c.close(4003, "Not authenticated.")
			return
		}
	}
	ws.SetReadDeadline(time.Time{})

	for {
		var p gwPayload
		if err := ws.ReadJSON(&p); err != nil {
			// A clean close (1000/1001, as discordgo's Close sends) ends the
			// session; anything else leaves it resumable.
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
				sess.mu.Lock()
				sess.invalid = true
				sess.mu.Unlock()
			}
			return
		}
		s.logFrame(GatewayFrame{In: true, Op: p.Op, Data: p.Data})
		switch p.Op {
		case 1: // heartbeat -> ACK, or discordgo reconnects after missed ACKs
			s.heartbeat(c)
		case 2, 6:
			c.close(4005, "Already authenticated.")
			return
		}
	}
}

func (s *Server) identify(c *gwConn, data json.RawMessage) *gwSession {
	var id struct {
		Token   string  `json:"token"`
		Intents int64   `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	_ = json.Unmarshal(data, &id)
	if strings.TrimPrefix(id.Token, "Bot ") != s.opts.Token {
		s.violation("gateway IDENTIFY with a wrong token")
		c.close(4004, "Authentication failed.")
		return nil
	}
	sess := &gwSession{srv: s, id: s.NewID(), intents: id.Intents, shardCount: 1}
	if id.Shard != nil {
		sess.shardID, sess.shardCount = id.Shard[0], id.Shard[1]
		if sess.shardCount < 1 || sess.shardID < 0 || sess.shardID >= sess.shardCount {
			s.violation("gateway IDENTIFY with invalid shard %v", *id.Shard)
			c.close(4010, "Invalid shard.")
			return nil
		}
	}
	s.mu.Lock()
	members := len(s.users) + 1
	if w := s.opts.IdentifyWindow; w > 0 {
		bucket := sess.shardID % max(s.opts.MaxConcurrency, 1)
		if last, ok := s.lastIdentify[bucket]; ok && time.Since(last) < w {
			s.violationLocked("gateway IDENTIFY of shard %d %v after the last of its bucket %d (Discord allows one per %v)",
				sess.shardID, time.Since(last).Round(time.Millisecond), bucket, w)
		}
		if s.lastIdentify == nil {
			s.lastIdentify = map[int]time.Time{}
		}
		s.lastIdentify[bucket] = time.Now()
	}
	s.mu.Unlock()
	guilds := []any{}
	for _, g := range s.opts.Guilds {
		if ShardFor(g.ID, sess.shardCount) == sess.shardID {
			guilds = append(guilds, map[string]any{"id": g.ID, "unavailable": true})
		}
	}
	ready := mustJSON(map[string]any{
		"v": 9, "user": s.botUserWire(), "session_id": sess.id,
		"resume_gateway_url": s.ResumeGatewayURL(),
		"guilds":             guilds, "private_channels": []any{},
		"application": map[string]any{"id": s.opts.AppID, "flags": 0},
		"shard":       []int{sess.shardID, sess.shardCount},
	})
	// Register the session and send READY + GUILD_CREATEs while holding the
	// session lock: a concurrent dispatch can neither miss this session nor
	// overtake READY.
	sess.mu.Lock()
	defer sess.mu.Unlock()
	sess.conn = c
	s.mu.Lock()
	s.gwSessions[sess.id] = sess
	s.conns[c] = struct{}{}
	s.identifies++
	s.notifyLocked()
	s.mu.Unlock()
	sess.dispatchLocked("READY", ready)
	for _, g := range s.opts.Guilds {
		if ShardFor(g.ID, sess.shardCount) != sess.shardID {
			continue
		}
		chans := []any{}
		for _, ch := range g.channelIDs() {
			chans = append(chans, map[string]any{"id": ch, "type": 0, "name": "cards", "position": 0, "guild_id": g.ID})
		}
		sess.dispatchLocked("GUILD_CREATE", mustJSON(map[string]any{
			"id": g.ID, "name": g.Name, "unavailable": false, "member_count": members,
			"joined_at": s.stamp(time.Now()), "roles": []any{}, "emojis": []any{}, "members": []any{},
			"presences": []any{}, "voice_states": []any{}, "threads": []any{}, "stickers": []any{},
			"channels": chans,
		}))
	}
	return sess
}

// onResumeListener reports whether a gateway request came to the resume
// URL's listener rather than the connect URL's.
func (s *Server) onResumeListener(r *http.Request) bool {
	return "http://"+r.Host == s.resumeHTTP.URL
}

func (s *Server) resume(c *gwConn, data json.RawMessage, onResumeURL bool) *gwSession {
	var rp struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(data, &rp)
	s.mu.Lock()
	sess := s.gwSessions[rp.SessionID]
	s.mu.Unlock()
	if strings.TrimPrefix(rp.Token, "Bot ") != s.opts.Token || sess == nil || (!onResumeURL && s.opts.RejectResumeOnConnectURL) {
		c.write(9, "", 0, mustJSON(false))
		return nil
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.invalid || rp.Seq > sess.seq {
		c.write(9, "", 0, mustJSON(false))
		return nil
	}
	if old := sess.conn; old != nil {
		old.ws.Close()
	}
	sess.conn = c
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.resumes++
	if onResumeURL {
		s.resumesByURL[0]++
	} else {
		s.resumesByURL[1]++
	}
	s.notifyLocked()
	s.mu.Unlock()
	// Like Discord: replay what was missed, then RESUMED.
	for _, e := range sess.events {
		if e.seq > rp.Seq {
			if err := c.write(0, e.typ, e.seq, e.raw); err != nil {
				return sess
			}
		}
	}
	sess.dispatchLocked("RESUMED", mustJSON(map[string]any{}))
	return sess
}

// Dispatch sends a DISPATCH (op 0) event to every gateway session that
// would receive it under Discord's sharding rules: guild events go to shard
// (guild_id >> 22) % shard_count, non-guild events (DMs) only to shard 0.
// Sessions whose socket dropped but that can still resume get it when they
// resume. It returns how many sessions it went to.
func (s *Server) Dispatch(event string, data any, guildID string) int {
	return s.dispatchRaw(event, mustJSON(data), guildID)
}

// dispatchRaw is Dispatch of an event encoded already.
func (s *Server) dispatchRaw(event string, raw json.RawMessage, guildID string) int {
	s.mu.Lock()
	var targets []*gwSession
	for _, sess := range s.gwSessions {
		want := 0
		if guildID != "" {
			want = ShardFor(guildID, sess.shardCount)
		}
		if sess.shardID == want {
			targets = append(targets, sess)
		}
	}
	s.mu.Unlock()
	n := 0
	for _, sess := range targets {
		sess.mu.Lock()
		if !sess.invalid {
			sess.dispatchLocked(event, raw)
			n++
		}
		sess.mu.Unlock()
	}
	return n
}

// DropGateway closes every gateway socket abruptly, as a network failure
// would. The sessions stay resumable: discordgo notices, waits (its Close
// sleeps 1 s), reconnects and RESUMEs; events sent meanwhile are replayed.
//
// It first waits (up to 5 s) for the first heartbeat of every connection:
// discordgo v0.29.0 cannot survive a connection that drops before its
// heartbeat goroutine has sent that heartbeat (the goroutine blocks on the
// session lock during Close's 1 s sleep, then fails on the dead socket and
// closes the NEXT connection, over and over).
func (s *Server) DropGateway() {
	_ = s.WaitHeartbeat(5 * time.Second)
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.ws.UnderlyingConn().Close()
	}
}

// InvalidateGatewaySessions makes every current gateway session
// unresumable: a later RESUME gets op 9 and the client must IDENTIFY anew.
// Combine with DropGateway to simulate a gateway restart.
func (s *Server) InvalidateGatewaySessions() {
	s.mu.Lock()
	sessions := make([]*gwSession, 0, len(s.gwSessions))
	for _, sess := range s.gwSessions {
		sessions = append(sessions, sess)
	}
	s.mu.Unlock()
	for _, sess := range sessions {
		sess.mu.Lock()
		sess.invalid = true
		sess.mu.Unlock()
	}
}
