package web

import (
	"fmt"
	"net/http"
	"net/netip"
	"reflect"
	"strings"
	"time"
)

// Limits bound what clients may take of the server: how long a request
// may take to arrive and to be answered, how long an idle connection is
// kept, the size of a request's header, the connections open at once, and
// the live streams (a live table page holds one for as long as it is
// open). A zero field takes its default (DefaultLimits).
//
// The stream caps are counted per table, per client address (see
// Config.TrustedProxies) and in total; a stream past one of them is
// refused at once with a short plain answer (429 for the client's own cap,
// 503 for a table's or the server's), and the table's page says that live
// updates are unavailable instead of following the game.
type Limits struct {
	// ReadHeaderTimeout bounds the time to read a request's header, and
	// ReadTimeout the whole request: a client that sends a byte every few
	// seconds (slowloris) is cut off.
	ReadHeaderTimeout, ReadTimeout time.Duration
	// WriteTimeout bounds the time to write an ordinary answer. A live
	// stream is long by design: each of its writes has StreamWriteTimeout
	// instead, so a client that stops reading is dropped, and one that
	// reads is kept.
	WriteTimeout, StreamWriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection with no request.
	IdleTimeout time.Duration
	// Heartbeat is how often a quiet stream sends a comment, so that
	// proxies that close silent connections keep it; a stream whose
	// client left is seen gone when a write fails, so at most two
	// heartbeats later.
	Heartbeat time.Duration
	// MaxHeaderBytes bounds a request's header.
	MaxHeaderBytes int
	// MaxConns bounds the connections open at once (live streams
	// included); past it new connections wait to be accepted.
	MaxConns int
	// MaxStreams, MaxStreamsPerTable and MaxStreamsPerClient bound the
	// live streams: in all, on one table, and from one client address
	// (an IPv6 client's /64, which one subscriber usually holds whole).
	MaxStreams, MaxStreamsPerTable, MaxStreamsPerClient int
	// MovesPerSecond and MoveBurst bound a signed-in player's moves and
	// hints from the pages: MovesPerSecond on average, MoveBurst at once.
	MovesPerSecond, MoveBurst int
	// MaxStreamsPerUser bounds a signed-in player's live streams, wherever
	// they connect from.
	MaxStreamsPerUser int
}

// DefaultLimits are the limits of a Config that sets none. A stream
// costs about 8 KB of memory (a small goroutine and its connection) and
// nothing between moves; a move of a watched table costs one reading of
// it and one write per stream, about 18 µs of CPU each on loopback (see
// TestWatchersFlood): 10,000 streams are about 80 MB, and 0.2 s of CPU a
// move of a table they all watch. A client behind a shared address (an
// office, a school, a mobile carrier's NAT) gets 32 streams: more pages
// of live tables than a person keeps open; a signed-in player 16, wherever
// they connect from. A player's moves from the pages (each a replay of
// the table and a commit) come at 5 a second, 30 at once: faster than
// hands click.
var DefaultLimits = Limits{
	ReadHeaderTimeout:   10 * time.Second,
	ReadTimeout:         30 * time.Second,
	WriteTimeout:        30 * time.Second,
	StreamWriteTimeout:  10 * time.Second,
	IdleTimeout:         60 * time.Second,
	Heartbeat:           15 * time.Second,
	MaxHeaderBytes:      16 << 10,
	MaxConns:            11000,
	MaxStreams:          10000,
	MaxStreamsPerTable:  2000,
	MaxStreamsPerClient: 32,
	MovesPerSecond:      5,
	MoveBurst:           30,
	MaxStreamsPerUser:   16,
}

// withDefaults fills l's zero fields from DefaultLimits, and refuses a
// negative one. Every field is a count or a duration (an integer): a new
// one takes part without being listed.
func (l Limits) withDefaults() (Limits, error) {
	v, d := reflect.ValueOf(&l).Elem(), reflect.ValueOf(DefaultLimits)
	for i := range v.NumField() {
		switch f := v.Field(i); {
		case f.Int() < 0:
			return l, fmt.Errorf("web: Limits.%s is negative", v.Type().Field(i).Name)
		case f.IsZero():
			f.Set(d.Field(i))
		}
	}
	return l, nil
}

// DefaultTrustedProxies are the proxies trusted when Config.TrustedProxies
// is nil: this machine's own addresses, where a reverse proxy in front of
// the pages usually runs. A client elsewhere cannot connect from them, so
// it cannot choose its address by sending X-Forwarded-For.
var DefaultTrustedProxies = []netip.Prefix{
	netip.MustParsePrefix("127.0.0.0/8"),
	netip.MustParsePrefix("::1/128"),
}

// clientAddress is the address the caps count a request's client by: the
// connection's address; or, when that is a trusted proxy, the last address
// of X-Forwarded-For that is not one (proxies append the address they saw,
// so the addresses before it are the client's own say). An IPv6 address
// counts by its /64. A request whose addresses cannot be read counts as
// the connection's.
func clientAddress(r *http.Request, trusted []netip.Prefix) string {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	addr := ap.Addr().Unmap()
	if isTrusted(addr, trusted) {
		values := r.Header.Values("X-Forwarded-For")
	scan:
		for i := len(values) - 1; i >= 0; i-- {
			parts := strings.Split(values[i], ",")
			for j := len(parts) - 1; j >= 0; j-- {
				a, err := netip.ParseAddr(strings.TrimSpace(parts[j]))
				if err != nil {
					break scan // garbage: stop at the last address known
				}
				addr = a.Unmap()
				if !isTrusted(addr, trusted) {
					break scan
				}
			}
		}
	}
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseTrustedProxies reads Config.TrustedProxies as a config file writes
// them: addresses ("10.0.0.5", "::1") and networks ("10.0.0.0/8"),
// separated by commas or spaces; "none" for none; "" for the default
// (nil: DefaultTrustedProxies).
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	switch {
	case len(fields) == 0:
		return nil, nil
	case len(fields) == 1 && fields[0] == "none":
		return []netip.Prefix{}, nil
	}
	out := make([]netip.Prefix, 0, len(fields))
	for _, f := range fields {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("web: %q is not an address or a network such as 10.0.0.0/8", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
