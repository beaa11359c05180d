package bot_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
)

// The interactions endpoint's server under hostile clients: slow ones are
// cut off, idle ones closed, refused ones shown the door, and a flood of
// connections does not keep Discord out. Each test waits for the server to
// close connections (events), never for a fixed time.

// watchedListener counts the connections the server accepts and closes.
type watchedListener struct {
	net.Listener
	mu                   sync.Mutex
	accepted, open, most int
	changed              chan struct{} // closed and replaced on every change
}

func newWatchedListener(t *testing.T) *watchedListener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	return &watchedListener{Listener: ln, changed: make(chan struct{})}
}

// Accept counts the connection in.
func (l *watchedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.note(+1)
	return &watchedConn{Conn: c, l: l}, nil
}

func (l *watchedListener) note(d int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d > 0 {
		l.accepted++
	}
	l.open += d
	l.most = max(l.most, l.open)
	close(l.changed)
	l.changed = make(chan struct{})
}

// counts are the connections accepted so far, those open now, and the
// most ever open at once.
func (l *watchedListener) counts() (accepted, open, most int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.accepted, l.open, l.most
}

// waitFor waits until cond holds of the counts, or fails the test.
func (l *watchedListener) waitFor(t *testing.T, what string, cond func(accepted, open int) bool) {
	t.Helper()
	deadline := time.After(wait)
	for {
		l.mu.Lock()
		ok, ch := cond(l.accepted, l.open), l.changed
		l.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			a, o, _ := l.counts()
			t.Fatalf("waiting for %s: %d connections accepted, %d open", what, a, o)
		}
	}
}

// watchedConn tells its listener when the server closes it.
type watchedConn struct {
	net.Conn
	l    *watchedListener
	once sync.Once
}

func (c *watchedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.note(-1) })
	return err
}

// serveEndpoint serves the harness's bot on a watched listener within
// limits, and points the fake's Interactions Endpoint URL at it.
func serveEndpoint(t *testing.T, h *harness, limits bot.EndpointLimits) *watchedListener {
	t.Helper()
	ln := newWatchedListener(t)
	srv := h.bot.InteractionsServer(limits)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	require.NoError(t, h.fake.SetInteractionsEndpoint("http://"+ln.Addr().String()))
	return ln
}

// readToClose reads c until the server closes it, and returns what it
// read; it fails the test if the server keeps it open past wait.
func readToClose(t *testing.T, c net.Conn) []byte {
	t.Helper()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(wait)))
	got, err := io.ReadAll(c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server kept the connection open (read %q)", got)
	}
	return got
}

func TestEndpointCutsSlowClientsOff(t *testing.T) {
	h := newHTTPHarness(t)
	ln := serveEndpoint(t, h, bot.EndpointLimits{ReadHeader: 500 * time.Millisecond, Read: time.Second, Idle: time.Minute})
	const length = 4096
	head := "POST / HTTP/1.1\r\nHost: dealer\r\nContent-Type: application/json\r\nX-Signature-Timestamp: 1\r\n" +
		"X-Signature-Ed25519: 00\r\nContent-Length: " + strconv.Itoa(length) + "\r\n\r\n"
	tests := []struct {
		name   string
		at     string // sent at once
		slowly string // then a byte every 100 ms
		answer string // the start of the answer, if any
	}{
		{name: "nothing at all"},
		{name: "headers a byte at a time", slowly: head, answer: "HTTP/1.1 400"},
		{name: "headers, then no body", at: head, answer: "HTTP/1.1 400"},
		{name: "headers, then the body a byte at a time", at: head, slowly: strings.Repeat(" ", length), answer: "HTTP/1.1 400"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.Dial("tcp", ln.Addr().String())
			require.NoError(t, err)
			defer c.Close()
			_, err = io.WriteString(c, tt.at)
			require.NoError(t, err)
			sent := make(chan int, 1)
			stop := make(chan struct{})
			go func() { // the slow client
				n := 0
				tick := time.NewTicker(100 * time.Millisecond)
				defer tick.Stop()
				defer func() { sent <- n }()
				for n < len(tt.slowly) {
					select {
					case <-stop:
						return
					case <-tick.C:
					}
					if _, err := c.Write([]byte{tt.slowly[n]}); err != nil {
						return
					}
					n++
				}
			}()
			got := readToClose(t, c)
			close(stop)
			if len(tt.slowly) > 0 {
				assert.Less(t, <-sent, len(tt.slowly), "cut off before the end")
			}
			if tt.answer == "" {
				assert.Empty(t, got)
			} else {
				assert.True(t, strings.HasPrefix(string(got), tt.answer), "%q", got)
			}
		})
	}
	assert.Zero(t, h.bot.Tables())
	// The client reads its connection's end as the server closes it, a
	// moment before the listener counts it closed.
	ln.waitFor(t, "every connection closed", func(_, open int) bool { return open == 0 })
}

func TestEndpointClosesIdleConnections(t *testing.T) {
	h := newHTTPHarness(t)
	ln := serveEndpoint(t, h, bot.EndpointLimits{Idle: 200 * time.Millisecond})
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	h.answeredOverHTTP()
	accepted, _, _ := ln.counts()
	require.Positive(t, accepted)
	// The fake's client keeps its connections for ever: only the server's
	// idle timeout closes them.
	ln.waitFor(t, "the idle connections to be closed", func(_, open int) bool { return open == 0 })
}

// TestEndpointRefusalsCloseTheConnection: a request refused closes its
// connection at once: no kept-alive connection for a client that sent
// nothing genuine.
func TestEndpointRefusalsCloseTheConnection(t *testing.T) {
	h := newHTTPHarness(t)
	ln := serveEndpoint(t, h, bot.EndpointLimits{Idle: time.Hour})
	post := func(headers, body string) string {
		return "POST / HTTP/1.1\r\nHost: dealer\r\nContent-Type: application/json\r\n" + headers +
			"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
	}
	tests := []struct {
		name, request string
		status        int
	}{
		{"GET", "GET / HTTP/1.1\r\nHost: dealer\r\n\r\n", http.StatusMethodNotAllowed},
		{"no signature", post("", `{"type":1}`), http.StatusUnauthorized},
		{"a bad signature", post("X-Signature-Timestamp: 1\r\nX-Signature-Ed25519: "+strings.Repeat("ab", 64)+"\r\n", `{"type":1}`), http.StatusUnauthorized},
		{"a body over the limit", post("", strings.Repeat(" ", bot.MaxInteractionBody+1)), http.StatusRequestEntityTooLarge},
		{"headers over the limit", "POST / HTTP/1.1\r\nHost: dealer\r\nX-Junk: " + strings.Repeat("a", 64<<10) + "\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.Dial("tcp", ln.Addr().String())
			require.NoError(t, err)
			defer c.Close()
			go func() { _, _ = io.WriteString(c, tt.request) }()
			got := readToClose(t, c)
			resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(got)), nil)
			require.NoError(t, err, "%q", got)
			assert.Equal(t, tt.status, resp.StatusCode)
			assert.True(t, resp.Close, "Connection: close")
		})
	}
}

// TestEndpointConnectionFlood: connections beyond the limit close the oldest
// that sent nothing; a genuine interaction still gets through at once, and
// so does a new connection.
func TestEndpointConnectionFlood(t *testing.T) {
	h := newHTTPHarness(t)
	const limit, flood = 8, 40
	ln := serveEndpoint(t, h, bot.EndpointLimits{MaxConns: limit, ReadHeader: time.Hour, Read: time.Hour, Idle: time.Hour})
	before, _, _ := ln.counts()
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range flood {
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		conns = append(conns, c)
	}
	ln.waitFor(t, "the flood to be accepted within the limit", func(accepted, open int) bool {
		return accepted >= before+flood && open <= limit
	})
	// The oldest of the flood were closed.
	got := readToClose(t, conns[0])
	assert.Empty(t, got)

	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Content)
	picture(t, r.Message)
	h.answeredOverHTTP()

	// A new connection is served too (a forged request: 401).
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c.Close()
	go func() { _, _ = io.WriteString(c, "POST / HTTP/1.1\r\nHost: dealer\r\nContent-Length: 2\r\n\r\n{}") }()
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(readToClose(t, c))), nil)
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	_, open, most := ln.counts()
	assert.LessOrEqual(t, open, limit)
	assert.LessOrEqual(t, most, limit+1, "at most the limit, and the newcomer being let in")
	assert.Equal(t, 1, h.bot.Tables())
}
