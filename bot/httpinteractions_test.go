package bot_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/store/pgtest"
)

// Interactions over HTTP: the fake POSTs them, signed, to the bot's
// endpoint; the bot answers each through the callback endpoint, as on the
// gateway, then 202 with no body.

// answeredOverHTTP checks that every interaction so far came over HTTP and
// was answered 202 after its callback (the fake records a violation
// otherwise), and that no gateway connection was ever opened.
func (h *harness) answeredOverHTTP() {
	h.t.Helper()
	ins := h.fake.Interactions()
	require.NotEmpty(h.t, ins)
	for _, in := range ins {
		d, err := in.WaitDelivery(wait)
		require.NoError(h.t, err)
		assert.Equal(h.t, http.StatusAccepted, d.Status, "interaction %s: %s", in.ID, d.Body)
		assert.Empty(h.t, d.Body)
	}
	identifies, resumes := h.fake.GatewayStats()
	assert.Zero(h.t, identifies+resumes, "no gateway session")
	assert.Zero(h.t, h.fake.Connections(), "no gateway connection")
}

func TestHTTPSolitairePlaysByButtons(t *testing.T) {
	h := newHTTPHarness(t)
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, r.Ephemeral, r.Text())
	m := r.Message
	id := tableOf(t, m)
	picture(t, m)
	for range 3 {
		m = h.anyMove(alice, m)
		picture(t, m)
	}
	// A restart is a new process behind the same URL: the table goes on.
	h.restart()
	m = h.anyMove(alice, m)
	assert.Len(t, h.storedMoves(id), 4)
	ask := h.click(m.ID, alice, button(t, m, "Resign").CustomID)
	over := h.click(m.ID, alice, button(t, ask.Message, "Yes").CustomID)
	assert.Contains(t, over.Text(), "Game over")
	h.answeredOverHTTP()
}

func TestHTTPLobbyClick(t *testing.T) {
	h := newHTTPHarness(t)
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	require.False(t, lobby.Ephemeral, lobby.Text())
	id := tableOf(t, lobby.Message)
	r := h.click(lobby.ID, bob, button(t, lobby.Message, "Join").CustomID)
	assert.Contains(t, r.Text(), "<@"+bob+">", "Bob joined")
	r = h.choose(lobby.ID, alice, menu(t, r.Message, "Add a computer"), "easy")
	assert.Contains(t, r.Text(), "(easy)")
	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Len(t, sess.Players, 3, "alice, bob and a computer player")
	h.answeredOverHTTP()
}

func TestHTTPDeferredAnswer(t *testing.T) {
	h := newHTTPHarness(t)
	h.deferring() // every answer is deferred, then edited in
	r := h.command(alice, "play", map[string]any{"game": "doublets"})
	assert.Equal(t, discordtest.CallbackDeferredMessage, callbackType(t, r.Callback.JSON))
	picture(t, r.Message)
	h.answeredOverHTTP()
}

func TestHTTPForgeriesAreRefusedAndChangeNothing(t *testing.T) {
	h := newHTTPHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"}).Message
	id := tableOf(t, table)
	before := len(h.fake.ChannelMessages(channelID))
	for _, f := range []discordtest.Forgery{discordtest.BadSignature, discordtest.MissingSignature, discordtest.StaleTimestamp} {
		t.Run(f.String(), func(t *testing.T) {
			tests := []struct {
				name string
				send func() (*discordtest.Interaction, error)
			}{
				{"a move", func() (*discordtest.Interaction, error) {
					b, ok := firstMove(table)
					require.True(t, ok)
					return h.fake.Click(table.ID, alice, b.CustomID)
				}},
				{"resign", func() (*discordtest.Interaction, error) {
					return h.fake.Click(table.ID, alice, button(t, table, "Resign").CustomID)
				}},
				{"a new table", func() (*discordtest.Interaction, error) {
					return h.fake.SlashCommand(guildID, channelID, bob, "play", map[string]any{"game": "doublefreecell"})
				}},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					h.fake.ForgeNext(f)
					in, err := tt.send()
					require.NoError(t, err)
					d, err := in.WaitDelivery(wait)
					require.NoError(t, err)
					assert.Equal(t, http.StatusUnauthorized, d.Status)
					_, answered := in.Response()
					assert.False(t, answered, "a forged interaction gets no answer")
				})
			}
		})
	}
	assert.Empty(t, h.storedMoves(id), "no move was made")
	assert.Equal(t, 1, h.bot.Tables(), "no table was opened")
	assert.Len(t, h.fake.ChannelMessages(channelID), before, "nothing was posted")
	now, ok := h.fake.Message(table.ID)
	require.True(t, ok)
	assert.Equal(t, table.Edits(), now.Edits(), "the table was not redrawn")
	// And the table still plays.
	m := h.anyMove(alice, now)
	assert.Len(t, h.storedMoves(id), 1)
	picture(t, m)
}

// TestHTTPWithDiscordsClockOff: Discord signs with its own clock: a host
// clock ten minutes off changes nothing, as the bot compares with Discord's
// clock (read from its answers).
func TestHTTPWithDiscordsClockOff(t *testing.T) {
	for _, off := range []time.Duration{10 * time.Minute, -10 * time.Minute} {
		t.Run(off.String(), func(t *testing.T) {
			h := newHarnessMode(t, true, func(o *discordtest.Options) { o.ClockOffset = off })
			r := h.command(alice, "play", map[string]any{"game": "doublets"})
			require.False(t, r.Ephemeral, r.Text())
			h.anyMove(alice, r.Message)
			assert.Len(t, h.storedMoves(tableOf(t, r.Message)), 1)
			h.answeredOverHTTP()
		})
	}
}

func TestHTTPReplaysAreRefused(t *testing.T) {
	h := newHTTPHarness(t)
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	_, err = in.WaitFinal(wait)
	require.NoError(t, err)
	d, err := in.WaitDelivery(wait)
	require.NoError(t, err)
	require.Equal(t, http.StatusAccepted, d.Status)
	before := len(h.fake.ChannelMessages(channelID))
	// The same request again, byte for byte, signature and all.
	again, err := h.fake.PostRaw(discordtest.RawPost{Body: d.Payload, Timestamp: d.Signed})
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, again.Status, "%s", again.Body)
	assert.Equal(t, 1, h.bot.Tables(), "no second table")
	assert.Len(t, h.fake.ChannelMessages(channelID), before)
}

// firstMove is a lit one-click move button of a table, if any.
func firstMove(m discordtest.Message) (discordtest.Button, bool) {
	for _, b := range m.Buttons() {
		if !b.Disabled && (strings.Contains(b.CustomID, ":m") || strings.Contains(b.CustomID, ":s")) {
			return b, true
		}
	}
	return discordtest.Button{}, false
}

func TestHTTPEndpointAnswers(t *testing.T) {
	h := newHTTPHarness(t)
	ping := `{"type":1,"id":"1","application_id":"` + h.fake.AppID() + `","token":"t","version":1}`
	tests := []struct {
		name   string
		post   discordtest.RawPost
		status int
		body   string // the answer's body, when it matters
	}{
		{"PING gets PONG", discordtest.RawPost{Body: []byte(ping)}, http.StatusOK, `{"type":1}`},
		{"PING with a bad signature", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.BadSignature}, http.StatusUnauthorized, ""},
		{"PING without a signature", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.MissingSignature}, http.StatusUnauthorized, ""},
		{"PING signed long ago", discordtest.RawPost{Body: []byte(ping), Forgery: discordtest.StaleTimestamp}, http.StatusUnauthorized, ""},
		{"bad JSON", discordtest.RawPost{Body: []byte(`{"type":1,`)}, http.StatusBadRequest, ""},
		{"JSON that is no interaction", discordtest.RawPost{Body: []byte(`[1,2]`)}, http.StatusBadRequest, ""},
		{"an interaction without id or token", discordtest.RawPost{Body: []byte(`{"type":2}`)}, http.StatusBadRequest, ""},
		{"an empty body", discordtest.RawPost{}, http.StatusBadRequest, ""},
		{"GET", discordtest.RawPost{Method: http.MethodGet}, http.StatusMethodNotAllowed, ""},
		{"PUT", discordtest.RawPost{Method: http.MethodPut, Body: []byte(ping)}, http.StatusMethodNotAllowed, ""},
		{"not JSON", discordtest.RawPost{Body: []byte(ping), ContentType: "text/plain"}, http.StatusUnsupportedMediaType, ""},
		{"no Content-Type", discordtest.RawPost{Body: []byte(ping), ContentType: "-"}, http.StatusUnsupportedMediaType, ""},
		{"JSON with a charset", discordtest.RawPost{Body: []byte(ping), ContentType: "application/json; charset=utf-8"}, http.StatusOK, `{"type":1}`},
		{"a body over 1 MiB", discordtest.RawPost{Body: bytes.Repeat([]byte(" "), bot.MaxInteractionBody+1)}, http.StatusRequestEntityTooLarge, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := h.fake.PostRaw(tt.post)
			require.NoError(t, err)
			assert.Equal(t, tt.status, d.Status, "%s", d.Body)
			if tt.body != "" {
				assert.JSONEq(t, tt.body, string(d.Body))
				assert.Equal(t, "application/json", d.ContentType)
			}
		})
	}
	_, err := h.fake.Ping()
	require.NoError(t, err)
	_, err = h.fake.Probe(discordtest.BadSignature)
	require.NoError(t, err)
	assert.Zero(t, h.bot.Tables())
}

// processes starts n bots taking interactions over HTTP, as n processes
// sharing database db would, behind one fake Discord. The fake's endpoint
// is the last one's.
func processes(t *testing.T, db string, n int) (*discordtest.Server, []*harness) {
	t.Helper()
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}}, RequireAltText: true})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	fake.AddUser(discordtest.User{ID: bob, Name: "bob"})
	var hs []*harness
	t.Cleanup(func() {
		for _, h := range hs {
			h.stop()
		}
		require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse")
	})
	for range n {
		h := &harness{t: t, fake: fake, dbPath: db, deal: 1, logs: &testkit.Log{}, http: true}
		h.start()
		hs = append(hs, h)
	}
	return fake, hs
}

// TestHTTPReplayToAnotherProcessIsRefused: a signed request captured and
// sent again within its minute, to another process sharing the database, is
// refused there too, on either engine.
func TestHTTPReplayToAnotherProcessIsRefused(t *testing.T) {
	engines := []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dealer.db") }},
		{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			fake, ps := processes(t, e.db(t), 2)
			first, second := ps[0], ps[1]
			require.NoError(t, fake.SetInteractionsEndpoint(first.endpoint.URL))
			in, err := fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
			require.NoError(t, err)
			r, err := in.WaitFinal(wait)
			require.NoError(t, err)
			picture(t, r.Message)
			d, err := in.WaitDelivery(wait)
			require.NoError(t, err)
			require.Equal(t, http.StatusAccepted, d.Status)
			before := len(fake.ChannelMessages(channelID))

			// The same request, byte for byte, to the other process.
			require.NoError(t, fake.SetInteractionsEndpoint(second.endpoint.URL))
			again, err := fake.PostRaw(discordtest.RawPost{Body: d.Payload, Timestamp: d.Signed})
			require.NoError(t, err)
			assert.Equal(t, http.StatusUnauthorized, again.Status, "%s", again.Body)
			assert.Zero(t, second.bot.Tables(), "no table opened by the replay")
			assert.Len(t, fake.ChannelMessages(channelID), before, "nothing posted")
			assert.Contains(t, second.logs.String(), "another process received it already")

			// Genuine interactions still go to either.
			moved := second.anyMove(alice, r.Message)
			picture(t, moved)
			assert.Len(t, second.storedMoves(tableOf(t, r.Message)), 1)
		})
	}
}

// TestHTTPReplayCheckFailsClosed: when the store cannot say whether an
// interaction was received already, it is refused (503), and nothing
// changes.
func TestHTTPReplayCheckFailsClosed(t *testing.T) {
	h := newHTTPHarness(t)
	require.NoError(t, h.st.Close()) // the database is gone
	in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
	require.NoError(t, err)
	d, err := in.WaitDelivery(wait)
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, d.Status)
	assert.Less(t, len(d.Body), 80, "a short answer: %q", d.Body)
	_, answered := in.Response()
	assert.False(t, answered)
	assert.Zero(t, h.bot.Tables())
	assert.Empty(t, h.fake.ChannelMessages(channelID))
	assert.Contains(t, h.logs.String(), "the store could not say")
}

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
	require.False(t, r.Ephemeral, r.Text())
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
	require.False(t, r.Ephemeral, r.Text())
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

// TestNoTokenInAnyLogLine: requests that fail put their URLs in discordgo's
// errors, and an interaction's URLs carry its token: none reaches a log
// line.
func TestNoTokenInAnyLogLine(t *testing.T) {
	h := newHTTPHarness(t)
	tests := []struct {
		name      string
		deferring bool // every answer deferred, then edited in
		fault     discordtest.Fault
		status    int // the HTTP answer to Discord's request
	}{
		{"an answer rate limited for a minute", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 429, RetryAfter: time.Minute}, http.StatusInternalServerError},
		{"an answer refused", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500}, http.StatusInternalServerError},
		{"an answer refused for good", false, discordtest.Fault{Route: discordtest.RouteCallback, Status: 404}, http.StatusInternalServerError},
		{"a deferral refused", true, discordtest.Fault{Route: discordtest.RouteCallback, Status: 500}, http.StatusAccepted},
		{"a deferred answer's edit rate limited for half an hour", true, discordtest.Fault{Route: discordtest.RouteWebhookEdit, Status: 429, RetryAfter: 30 * time.Minute}, http.StatusAccepted},
		{"a deferred answer's edit refused", true, discordtest.Fault{Route: discordtest.RouteWebhookEdit, Status: 403}, http.StatusAccepted},
	}
	deferring := false
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.deferring && !deferring {
				h.deferring()
				deferring = true
			}
			h.fake.Inject(tt.fault)
			in, err := h.fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "doublets"})
			require.NoError(t, err)
			d, err := in.WaitDelivery(wait)
			require.NoError(t, err)
			assert.Equal(t, tt.status, d.Status, "%s", d.Body)
		})
	}
	h.stop() // every goroutine of the bot's has ended: its log is whole
	logs := h.logs.String()
	require.Contains(t, logs, "answering interaction failed", "the failures were logged")
	assert.Contains(t, logs, "/callback", "with their URLs")
	assert.Contains(t, logs, "/messages/@original")
	ins := h.fake.Interactions()
	require.NotEmpty(t, ins)
	for _, in := range ins {
		assert.False(t, strings.Contains(logs, in.Token), "interaction %s's token is in the log", in.ID)
	}
	assert.False(t, strings.Contains(logs, h.fake.Token()), "the bot token is in the log")
}
