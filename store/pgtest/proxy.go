package pgtest

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
)

// Proxy stands between the dealer and a test server, as a network or a
// load balancer would, and lets a test misbehave as they do: Freeze stops
// every byte both ways (connections stay open, new ones are taken and not
// answered: a hung server), Thaw lets them through again, and Drop cuts
// every connection open now (a network that dropped them).
type Proxy struct {
	ln      net.Listener
	network string // the server's: "unix" or "tcp"
	addr    string

	mu     sync.Mutex
	frozen bool
	thawed chan struct{} // closed by Thaw
	conns  map[net.Conn]bool
	done   bool
	trips  int // RoundTrips
}

// NewProxy starts a proxy to the server of rawURL (as URL returns it) and
// returns it with the URL to reach the same database through it. It is
// closed when the test ends.
func NewProxy(t testing.TB, rawURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	port := q.Get("port")
	if port == "" {
		port = u.Port()
	}
	if port == "" {
		port = "5432"
	}
	p := &Proxy{conns: map[net.Conn]bool{}, thawed: make(chan struct{})}
	close(p.thawed)
	if dir := q.Get("host"); filepath.IsAbs(dir) {
		p.network, p.addr = "unix", filepath.Join(dir, ".s.PGSQL."+port)
	} else {
		host := u.Hostname()
		if dir != "" {
			host = dir
		}
		p.network, p.addr = "tcp", net.JoinHostPort(host, port)
	}
	p.ln, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go p.accept()
	t.Cleanup(p.Close)
	q.Del("host")
	q.Del("port")
	q.Set("sslmode", "disable")
	u.Host = p.ln.Addr().String()
	u.RawQuery = q.Encode()
	return p, u.String()
}

// accept takes connections until the proxy is closed.
func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.serve(c)
	}
}

// serve carries one connection to the server and back.
func (p *Proxy) serve(front net.Conn) {
	if !p.track(front) {
		front.Close()
		return
	}
	p.gate() // a frozen proxy takes the connection and says nothing
	back, err := net.Dial(p.network, p.addr)
	if err != nil || !p.track(back) {
		front.Close()
		if back != nil {
			back.Close()
		}
		return
	}
	var wg sync.WaitGroup
	wg.Add(2)
	var clientTurn bool // the client spoke last
	go func() {
		defer wg.Done()
		p.pipe(back, front, func() {
			if !clientTurn {
				clientTurn = true
				p.trips++
			}
		})
	}()
	go func() { defer wg.Done(); p.pipe(front, back, func() { clientTurn = false }) }()
	wg.Wait()
	p.untrack(front)
	p.untrack(back)
}

// pipe copies from src to dst, holding every chunk while the proxy is
// frozen, until either side closes; then it closes both. seen is called,
// under the proxy's lock, for each chunk.
func (p *Proxy) pipe(dst, src net.Conn, seen func()) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.gate()
			p.mu.Lock()
			seen()
			p.mu.Unlock()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// gate waits while the proxy is frozen.
func (p *Proxy) gate() {
	p.mu.Lock()
	ch := p.thawed
	p.mu.Unlock()
	<-ch
}

func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return false
	}
	p.conns[c] = true
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
}

// RoundTrips is how many times, over all its connections, a client spoke
// after the server had answered it (or first): the round trips the
// client waited for, when it waits for each answer.
func (p *Proxy) RoundTrips() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.trips
}

// Freeze stops every byte through the proxy, both ways, until Thaw:
// connections stay open and say nothing, as a hung server's do.
func (p *Proxy) Freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.frozen {
		p.frozen = true
		p.thawed = make(chan struct{})
	}
}

// Thaw lets the bytes held and every later one through.
func (p *Proxy) Thaw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.frozen {
		p.frozen = false
		close(p.thawed)
	}
}

// Drop cuts every connection open now, both ends; later ones go through.
// It returns how many it cut.
func (p *Proxy) Drop() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for c := range p.conns {
		c.Close()
		n++
	}
	return n / 2
}

// Close stops the proxy and cuts its connections.
func (p *Proxy) Close() {
	p.mu.Lock()
	p.done = true
	p.mu.Unlock()
	p.ln.Close()
	p.Thaw()
	p.Drop()
}

// String names the proxy, for messages.
func (p *Proxy) String() string {
	return fmt.Sprintf("proxy %s → %s %s", p.ln.Addr(), p.network, p.addr)
}
