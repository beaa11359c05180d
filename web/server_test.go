package web_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// guard bounds how long a test waits for the server to do what it must:
// only a broken server takes this long, and then the test fails instead
// of hanging. It is not a timing assertion.
const guard = 30 * time.Second

// dial opens a raw connection to the fixture's server, closed with the
// test.
func (f *fixture) dial(t testing.TB) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(f.url, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// trickle writes head, then one byte of filler every gap until a write
// fails (the server closed the connection) or stop is closed.
func trickle(conn net.Conn, head string, gap time.Duration, stop <-chan struct{}) {
	if _, err := io.WriteString(conn, head); err != nil {
		return
	}
	tick := time.NewTicker(gap)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if _, err := conn.Write([]byte("a")); err != nil {
			return
		}
	}
}

// untilClosed reads conn until the server closes it and returns what it
// read; a connection still open after guard fails the test.
func untilClosed(t testing.TB, conn net.Conn) string {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(guard)))
	b, err := io.ReadAll(conn)
	var ne net.Error
	require.False(t, errors.As(err, &ne) && ne.Timeout(), "the server never closed the connection")
	if err != nil {
		require.True(t, errors.Is(err, syscall.ECONNRESET), "reading: %v", err)
	}
	return string(b)
}

// trickling talks to the server by sending head, then a byte every 50 ms
// until the server closes the connection, and returns what it answered.
func trickling(head string) func(t *testing.T, conn net.Conn) string {
	return func(t *testing.T, conn net.Conn) string {
		stop := make(chan struct{})
		defer close(stop)
		go trickle(conn, head, 50*time.Millisecond, stop)
		return untilClosed(t, conn)
	}
}

// TestSlowClientsAreCutOff: the server keeps to its limits, as `dealer run`
// serves it: a client that sends its header or its body a byte at a time is
// cut off, an idle kept-alive connection is closed, an oversized header is
// refused. The test waits for the server to close each connection; it times
// nothing.
func TestSlowClientsAreCutOff(t *testing.T) {
	t.Parallel()
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true, Config: func(c *web.Config) {
		c.Limits = web.Limits{ReadHeaderTimeout: 300 * time.Millisecond, ReadTimeout: 600 * time.Millisecond,
			IdleTimeout: 300 * time.Millisecond, MaxHeaderBytes: 4 << 10}
	}})
	cases := []struct {
		name string
		// run talks to the server on conn and returns what it answered
		// before closing the connection.
		run      func(t *testing.T, conn net.Conn) string
		answered string // the answer's status line ("": none)
	}{
		{"a header a byte at a time", trickling("GET /livez HTTP/1.1\r\nHost: dealer.test\r\nX-Slow: "), ""},
		{"a body a byte at a time", trickling("POST /t/x HTTP/1.1\r\nHost: dealer.test\r\nContent-Length: 100000\r\n\r\n"), "HTTP/1.1 405"},
		{"an idle kept-alive connection", func(t *testing.T, conn net.Conn) string {
			_, err := io.WriteString(conn, "GET /livez HTTP/1.1\r\nHost: dealer.test\r\n\r\n")
			require.NoError(t, err)
			r := bufio.NewReader(conn)
			res, err := http.ReadResponse(r, nil)
			require.NoError(t, err)
			_, err = io.Copy(io.Discard, res.Body)
			require.NoError(t, err)
			res.Body.Close()
			assert.False(t, res.Close, "kept alive")
			rest := untilClosed(t, readerConn{conn, r})
			return res.Status + rest
		}, "200 OK"},
		{"a header too large", func(t *testing.T, conn net.Conn) string {
			// Past the limit (and net/http's 4 KB of slack), and small
			// enough to sit whole in the connection's buffers.
			_, err := io.WriteString(conn, "GET /livez HTTP/1.1\r\nHost: dealer.test\r\nX-Big: "+strings.Repeat("b", 16<<10)+"\r\n\r\n")
			require.NoError(t, err)
			return untilClosed(t, conn)
		}, "HTTP/1.1 431"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := tc.run(t, f.dial(t))
			if tc.answered == "" {
				assert.Empty(t, got, "no answer")
				return
			}
			assert.True(t, strings.HasPrefix(got, tc.answered), "answered %.80q", got)
		})
	}
}

// readerConn reads a connection through a reader that may hold bytes
// already read from it.
type readerConn struct {
	net.Conn
	r *bufio.Reader
}

func (c readerConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// TestConnectionLimit: at most MaxConns connections are open at once: the
// next waits to be accepted until one closes, then is served.
func TestConnectionLimit(t *testing.T) {
	t.Parallel()
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true, Config: func(c *web.Config) {
		c.Limits = web.Limits{MaxConns: 2}
	}})
	ask := func(conn net.Conn) (*http.Response, error) {
		if _, err := io.WriteString(conn, "GET /livez HTTP/1.1\r\nHost: dealer.test\r\n\r\n"); err != nil {
			return nil, err
		}
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(guard)))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err == nil {
			_, err = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return res, err
	}
	first, second := f.dial(t), f.dial(t)
	for _, conn := range []net.Conn{first, second} {
		res, err := ask(conn)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode)
	}
	third := f.dial(t) // the kernel takes it; the server does not yet
	answered := make(chan *http.Response, 1)
	go func() {
		res, err := ask(third)
		assert.NoError(t, err)
		answered <- res
	}()
	assert.Equal(t, 2.0, metric(t, f.metrics, "dealer_web_connections"))
	require.NoError(t, first.Close())
	select {
	case res := <-answered:
		require.NotNil(t, res)
		assert.Equal(t, http.StatusOK, res.StatusCode, "served once a place was free")
	case <-time.After(guard):
		t.Fatal("the third connection was never served")
	}
}

// TestStreamOutlivesTimeouts: a live stream outlives the server's read and
// write timeouts (each of its writes has a deadline of its own): it is
// still pushed the next move after several heartbeats, each past both
// timeouts.
func TestStreamOutlivesTimeouts(t *testing.T) {
	t.Parallel()
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true, Config: func(c *web.Config) {
		c.Limits = web.Limits{ReadTimeout: 100 * time.Millisecond, WriteTimeout: 100 * time.Millisecond,
			Heartbeat: 60 * time.Millisecond}
	}})
	tb := openComputerTable(t, f, "secretagent", 4)
	s := f.stream(t, f.token(t, tb.Row.ID), "")
	ev, _ := s.next(t)
	require.Equal(t, "table", ev)
	for beats := 0; beats < 5; {
		line, err := s.r.ReadString('\n')
		require.NoError(t, err)
		if strings.HasPrefix(line, ": still here") {
			beats++
		}
	}
	computerMove(t, tb)
	f.srv.Notify(tb.Row.ID)
	ev, data := s.next(t)
	assert.Equal(t, "table", ev)
	assert.Contains(t, data, `"moves":1`)
}

// TestStreamThatIsNotReadIsDropped: a stream whose client stops reading is
// dropped once a write cannot be done within StreamWriteTimeout, and its
// place is freed.
func TestStreamThatIsNotReadIsDropped(t *testing.T) {
	t.Parallel()
	// Heartbeats as fast as they come fill small buffers soon.
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true, SendBuffer: 4096, Config: func(c *web.Config) {
		c.Limits = web.Limits{Heartbeat: time.Millisecond, StreamWriteTimeout: 200 * time.Millisecond}
	}})
	tb := openComputerTable(t, f, "theagents", 2)
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024) })
		return errors.Join(err, serr)
	}}
	conn, err := d.DialContext(context.Background(), "tcp", strings.TrimPrefix(f.url, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, "GET /t/"+f.token(t, tb.Row.ID)+"/events HTTP/1.1\r\nHost: dealer.test\r\n\r\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return metric(t, f.metrics, "dealer_web_live_streams") == 1 }, guard, time.Millisecond)
	// Never read: the server's writes block, and it gives up.
	require.Eventually(t, func() bool { return metric(t, f.metrics, "dealer_web_live_streams") == 0 }, guard, 5*time.Millisecond,
		"the stream was never dropped")
}

// TestLimitsRefused: limits are checked when the server is made.
func TestLimitsRefused(t *testing.T) {
	t.Parallel()
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	for _, lim := range []web.Limits{{MaxStreams: -1}, {ReadTimeout: -time.Second}, {MaxConns: -5}} {
		_, err := web.New(web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, Limits: lim})
		assert.ErrorContains(t, err, "negative")
	}
}
