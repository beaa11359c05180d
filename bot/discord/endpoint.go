package discord

// The interactions endpoint's HTTP server, and what a client may hold of
// it. Anyone can reach the endpoint's address, and nothing of a request is
// trusted before its signature is checked, which needs its whole body: so
// every stage a client could stretch out has a bound. Headers and body must
// come at once (Discord sends an interaction in one piece, and it must be
// answered within 3 s anyway); a kept-alive connection waiting for its next
// request is closed after a while; a request refused (a bad signature, a
// replay, anything but a genuine interaction) closes its connection; and
// the connections open at once are bounded, a new one taking the place of
// the oldest that has not shown a genuine request, so that a flood of
// connections doing nothing cannot keep Discord out.

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// EndpointLimits bound what clients may hold of the interactions endpoint
// (InteractionsServer). Zero fields take the defaults.
type EndpointLimits struct {
	// ReadHeader is how long a request's headers may take to arrive
	// (default 3 s).
	ReadHeader time.Duration
	// Read is how long a whole request, body included, may take to arrive
	// (default 5 s): a body sent slowly is cut off there.
	Read time.Duration
	// Write is how long the answer may take, from the request's headers
	// (default 10 s: the answer waits for the interaction's initial
	// response, at most 3 s, and its REST call).
	Write time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request (default 30 s).
	Idle time.Duration
	// MaxHeaderBytes bounds a request's headers (default 16 KiB; Discord's
	// are a few hundred bytes).
	MaxHeaderBytes int
	// MaxConns bounds the connections open at once (default 1024). A
	// connection beyond it closes the oldest that is not serving a
	// verified request (waiting for its first request, reading one not
	// yet verified, or idle), or is closed itself when every one is.
	MaxConns int
}

// DefaultEndpointLimits are the limits zero fields of EndpointLimits take.
var DefaultEndpointLimits = EndpointLimits{
	ReadHeader:     3 * time.Second,
	Read:           5 * time.Second,
	Write:          10 * time.Second,
	Idle:           30 * time.Second,
	MaxHeaderBytes: 16 << 10,
	MaxConns:       1024,
}

// withDefaults is l with its zero fields set to the defaults.
func (l EndpointLimits) withDefaults() EndpointLimits {
	d := DefaultEndpointLimits
	pick := func(v, def time.Duration) time.Duration {
		if v > 0 {
			return v
		}
		return def
	}
	l.ReadHeader, l.Read, l.Write, l.Idle = pick(l.ReadHeader, d.ReadHeader), pick(l.Read, d.Read), pick(l.Write, d.Write), pick(l.Idle, d.Idle)
	if l.MaxHeaderBytes <= 0 {
		l.MaxHeaderBytes = d.MaxHeaderBytes
	}
	if l.MaxConns <= 0 {
		l.MaxConns = d.MaxConns
	}
	return l
}

// InteractionsServer is the HTTP server of the Interactions Endpoint URL:
// HTTPHandler within limits l (see EndpointLimits). Serve it on a listener
// once Open has returned; Shutdown it before Close.
func (w *Wire) InteractionsServer(l EndpointLimits) *http.Server {
	l = l.withDefaults()
	cl := &connLimit{max: l.MaxConns, conns: map[net.Conn]*connInfo{}, shed: w.metrics.shed}
	return &http.Server{
		Handler:           w.HTTPHandler(),
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ConnState:         cl.track,
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, connKey{}, connRef{cl, c})
		},
		ErrorLog: slog.NewLogLogger(w.log.Handler(), slog.LevelWarn),
	}
}

// connKey keys a request's connRef in its context.
type connKey struct{}

// connRef is a request's connection and the limit that tracks it.
type connRef struct {
	limit *connLimit
	c     net.Conn
}

// verifiedConn marks r's connection as serving a verified request, which
// no new connection may close (see connLimit). Requests served by another
// server (tests mount HTTPHandler alone) have none.
func verifiedConn(r *http.Request) {
	if ref, ok := r.Context().Value(connKey{}).(connRef); ok {
		ref.limit.verified(ref.c)
	}
}

// connLimit bounds an http.Server's open connections (its ConnState hook).
type connLimit struct {
	max  int
	shed interface{ Inc() } // counts the connections closed to make room, or refused

	mu    sync.Mutex
	seq   uint64
	conns map[net.Conn]*connInfo
}

// connInfo is what connLimit knows of one connection.
type connInfo struct {
	seq      uint64 // order of arrival
	state    http.ConnState
	verified bool // its request passed the signature check
}

// track follows a connection's state: a new one past the limit makes room
// or is closed.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateNew:
		if len(l.conns) >= l.max {
			victim := l.victim()
			if victim == nil {
				l.shed.Inc()
				c.Close() // every connection serves Discord: this one waits its turn elsewhere
				return
			}
			delete(l.conns, victim)
			l.shed.Inc()
			victim.Close()
		}
		l.seq++
		l.conns[c] = &connInfo{seq: l.seq, state: state}
	case http.StateActive, http.StateIdle:
		if ci := l.conns[c]; ci != nil {
			ci.state = state
			if state == http.StateActive {
				ci.verified = false // a new request: not verified yet
			}
		}
	case http.StateClosed, http.StateHijacked:
		delete(l.conns, c)
	}
}

// verified marks c as serving a verified request.
func (l *connLimit) verified(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ci := l.conns[c]; ci != nil {
		ci.verified = true
	}
}

// victim is the connection a new one replaces: the oldest waiting for its
// first request (a genuine client sends it at once), else the oldest
// reading a request not yet verified (a genuine one is read in
// milliseconds), else the oldest idle one (only verified requests keep a
// connection open, so idle ones are Discord's, which can connect again);
// nil when every connection serves a verified request. Caller holds l.mu.
func (l *connLimit) victim() net.Conn {
	var best net.Conn
	bestRank, bestSeq := 3, uint64(0)
	for c, ci := range l.conns {
		rank := 3
		switch {
		case ci.state == http.StateNew:
			rank = 0
		case ci.state == http.StateActive && !ci.verified:
			rank = 1
		case ci.state == http.StateIdle:
			rank = 2
		}
		if rank < bestRank || rank == bestRank && rank < 3 && ci.seq < bestSeq {
			best, bestRank, bestSeq = c, rank, ci.seq
		}
	}
	return best
}
