package web_test

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// metric is the value of the metric name whose labels include labels
// (pairs: name, value), summed over those that match; 0 if none.
func metric(t testing.TB, reg prometheus.Gatherer, name string, labels ...string) float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	sum := 0.0
	for _, mf := range families {
		if mf.GetName() != name {
			continue
		}
	each:
		for _, m := range mf.GetMetric() {
			have := map[string]string{}
			for _, lp := range m.GetLabel() {
				have[lp.GetName()] = lp.GetValue()
			}
			for i := 0; i+1 < len(labels); i += 2 {
				if have[labels[i]] != labels[i+1] {
					continue each
				}
			}
			switch {
			case m.GetCounter() != nil:
				sum += m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				sum += m.GetGauge().GetValue()
			}
		}
	}
	return sum
}

// streamAs opens table token's live stream as a client whose proxy says
// it is forwarded (X-Forwarded-For; "" for none), and returns the answer:
// a stream (status 200) or a refusal, read whole.
func (f *fixture) streamAs(t testing.TB, token, v, forwarded string) (*sse, int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.url+"/t/"+token+"/events?v="+v, nil)
	require.NoError(t, err)
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	if res.StatusCode != http.StatusOK {
		defer cancel()
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		if res.StatusCode == http.StatusTooManyRequests || res.StatusCode == http.StatusServiceUnavailable {
			assert.Equal(t, "30", res.Header.Get("Retry-After"), "a refused stream says when to try again")
		}
		return nil, res.StatusCode, string(b)
	}
	require.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
	s := &sse{r: bufio.NewReader(res.Body), body: res.Body}
	s.stop = func() {
		cancel()
		res.Body.Close()
	}
	t.Cleanup(s.stop)
	return s, res.StatusCode, ""
}

// TestStreamsShareOneRead: a watched table is read once a change, whatever
// the number of its streams: each of them is sent the same event.
func TestStreamsShareOneRead(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Rand: 3}, -1)
	tb := openComputerTable(t, f, "theagents", 3)
	token := f.token(t, tb.Row.ID)
	const watchers = 30 // within the cap from one address
	streams := make([]*sse, watchers)
	for i := range streams {
		streams[i] = f.stream(t, token, "")
		ev, data := streams[i].next(t)
		require.Equal(t, "table", ev)
		require.Contains(t, data, `"moves":0`)
	}
	before := metric(t, f.metrics, "dealer_web_live_table_reads_total")
	const moves = 6
	for n := 1; n <= moves; n++ {
		computerMove(t, tb)
		f.srv.Notify(tb.Row.ID)
		var first string
		for i, s := range streams {
			ev, data := s.next(t)
			require.Equal(t, "table", ev)
			var live struct{ Moves int }
			require.NoError(t, json.Unmarshal([]byte(data), &live))
			require.Equal(t, n, live.Moves, "stream %d", i)
			if i == 0 {
				first = data
			}
			assert.Equal(t, first, data, "every stream is sent the same event")
		}
	}
	reads := metric(t, f.metrics, "dealer_web_live_table_reads_total") - before
	assert.Equal(t, float64(moves), reads, "one read a change, not one a stream (%d streams)", watchers)
	assert.Equal(t, float64(watchers), metric(t, f.metrics, "dealer_web_live_streams"))

	// The page of a watched table is drawn from its feed: no read of its
	// own, and the same picture as the streams'.
	code, html := f.get(t, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, html, "/at/"+strconv.Itoa(moves)+".png")
	assert.Equal(t, reads, metric(t, f.metrics, "dealer_web_live_table_reads_total")-before)
}

// TestStreamCaps: the stream caps: per client address, per table and in
// all. A refused stream gets a short plain answer with a status that says
// why, and the table's page says live updates are unavailable, showing the
// table all the same. A client's own word on its address counts only from a
// trusted proxy; an IPv6 client counts by its /64.
func TestStreamCaps(t *testing.T) {
	t.Parallel()
	// Heartbeats often: a stream's client gone is seen at its next write.
	limits := web.Limits{MaxStreams: 5, MaxStreamsPerTable: 3, MaxStreamsPerClient: 2, Heartbeat: 20 * time.Millisecond}
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Config: func(c *web.Config) { c.Limits = limits }})
	tables := make([]string, 3)
	for i := range tables {
		tables[i] = f.token(t, openComputerTable(t, f, "secretagent", 4).Row.ID)
	}
	var open []*sse
	steps := []struct {
		name, table, from string
		code              int
		says              string
	}{
		{"A's first", tables[0], "203.0.113.1", 200, ""},
		{"A's second", tables[0], "203.0.113.1", 200, ""},
		{"A's third: its own cap", tables[0], "203.0.113.1", 429, "Too many live pages are open from your address"},
		{"a spoofed address before the proxy's is not believed", tables[0], "198.51.100.9, 203.0.113.1", 429, "from your address"},
		{"B: the table's third", tables[0], "203.0.113.2", 200, ""},
		{"C on a full table", tables[0], "203.0.113.3", 503, "Too many people are watching this table"},
		{"C on another table", tables[1], "203.0.113.3", 200, ""},
		{"D: the fifth in all", tables[1], "203.0.113.4", 200, ""},
		{"E past the total", tables[2], "203.0.113.5", 503, "Too many live pages are open on this site"},
	}
	for _, st := range steps {
		s, code, body := f.streamAs(t, st.table, "", st.from)
		require.Equal(t, st.code, code, "%s: %s", st.name, body)
		if code != http.StatusOK {
			assert.Contains(t, body, st.says, st.name)
			assert.Less(t, len(body), 200, "%s: a short answer", st.name)
			assert.NotContains(t, body, "<", "%s: plain text", st.name)
			continue
		}
		open = append(open, s)
	}
	assert.Equal(t, 1.0, metric(t, f.metrics, "dealer_web_live_streams_refused_total", "cap", "table"))
	assert.Equal(t, 2.0, metric(t, f.metrics, "dealer_web_live_streams_refused_total", "cap", "client"))
	assert.Equal(t, 1.0, metric(t, f.metrics, "dealer_web_live_streams_refused_total", "cap", "total"))

	// The page of a table whose stream would be refused still shows the
	// table, says why it does not follow it, and does not listen.
	code, html := f.get(t, "/t/"+tables[2])
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, html, "Too many live pages are open on this site")
	assert.NotContains(t, html, "data-events")
	assert.Contains(t, html, `id="picture"`)

	// A stream closed frees its place, once the server sees it go (its
	// next write fails).
	open[0].stop()
	require.Eventually(t, func() bool { return metric(t, f.metrics, "dealer_web_live_streams") == 4 },
		30*time.Second, 5*time.Millisecond)
	_, code, body := f.streamAs(t, tables[2], "", "203.0.113.5")
	require.Equal(t, http.StatusOK, code, body)
	_, code, body = f.streamAs(t, tables[0], "", "203.0.113.1")
	require.Equal(t, http.StatusServiceUnavailable, code, "the site is full again")
	assert.Contains(t, body, "Too many live pages are open on this site")
}

// TestStreamClientAddress: which address a stream counts against: IPv6 by
// its /64; X-Forwarded-For only from a trusted proxy, its last address not
// a proxy's.
func TestStreamClientAddress(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		trusted []netip.Prefix
		from    []string // X-Forwarded-For of each stream in turn
		want    []int
	}{
		{"IPv6 by its /64", nil,
			[]string{"2001:db8:1:2::1", "2001:db8:1:2::99", "2001:db8:1:2:ffff::5", "2001:db8:1:3::1"},
			[]int{200, 200, 429, 200}},
		{"IPv4-mapped IPv6 is IPv4", nil,
			[]string{"192.0.2.7", "::ffff:192.0.2.7", "192.0.2.7"}, []int{200, 200, 429}},
		{"proxies before the client are skipped", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")},
			[]string{"192.0.2.1, 10.0.0.5", "203.0.113.8, 192.0.2.1", "192.0.2.1, 10.1.1.1, 10.2.2.2", "192.0.2.2"},
			[]int{200, 200, 429, 200}},
		{"no proxy trusted: the connection's address", []netip.Prefix{},
			[]string{"192.0.2.1", "192.0.2.2", "192.0.2.3"}, []int{200, 200, 429}},
		{"garbage is not an address", nil,
			[]string{"not-an-address", "999.1.1.1", "<script>", "192.0.2.1"}, []int{200, 200, 429, 200}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFixtureWith(t, fixtureOptions{Watch: -1, Config: func(c *web.Config) {
				c.Limits = web.Limits{MaxStreamsPerClient: 2}
				c.TrustedProxies = tc.trusted
			}})
			token := f.token(t, openComputerTable(t, f, "theagents", 2).Row.ID)
			for i, from := range tc.from {
				_, code, body := f.streamAs(t, token, "", from)
				assert.Equal(t, tc.want[i], code, "stream %d from %q: %s", i, from, body)
			}
		})
	}
}

// TestStreamBadInput: what a hostile client sends to the stream changes
// nothing: any version is read as a page that shows something else (it is
// sent the table), a bad token is a 404, another method a 405; a closed
// table's stream says reload at once.
func TestStreamBadInput(t *testing.T) {
	t.Parallel()
	f := newFixture(t, webtest.Seed{Tables: 2, Games: []string{"secretagent"}, Rand: 4}, -1)
	tb := openComputerTable(t, f, "secretagent", 4)
	token := f.token(t, tb.Row.ID)
	versions := []struct{ v, want string }{
		{"x", "reload"}, // not a playing table's page: it loads again
		{"99999999999999999999.playing.1", "table"},
		{"-1.playing.0", "table"},
		{strings.Repeat("9", 4000), "reload"},
		{"0.lobby.0", "reload"}, // a lobby's page, and the game began
		{"%00", "reload"},
	}
	for _, tc := range versions {
		s, code, body := f.streamAs(t, token, tc.v, "")
		require.Equal(t, http.StatusOK, code, body)
		ev, _ := s.next(t)
		assert.Equal(t, tc.want, ev, "version %.20q", tc.v)
		s.stop()
	}
	// A page that says it is ahead of the table is sent nothing until the
	// table catches up.
	s, _, _ := f.streamAs(t, token, "1.playing.1", "")
	computerMove(t, tb)
	f.srv.Notify(tb.Row.ID)
	ev, data := s.next(t)
	assert.Equal(t, "table", ev)
	assert.Contains(t, data, `"moves":1`)

	cases := []struct {
		path   string
		method string
		want   int
	}{
		{"/t/" + strings.Repeat("0", 32) + "/events", http.MethodGet, 404},
		{"/t/" + strings.ToUpper(token) + "/events", http.MethodGet, 404},
		{"/t/" + token + "x/events", http.MethodGet, 404},
		{"/t/" + token + "/events", http.MethodPost, 405},
		{"/t/" + token + "/events", http.MethodDelete, 405},
	}
	for _, tc := range cases {
		req, err := http.NewRequest(tc.method, f.url+tc.path, strings.NewReader("x"))
		require.NoError(t, err)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, tc.want, res.StatusCode, "%s %s", tc.method, tc.path)
	}
	assert.Zero(t, metric(t, f.metrics, "dealer_web_live_streams_refused_total"), "bad requests take no place")
	s, _, _ = f.streamAs(t, f.tables[0].Token, "", "")
	ev, _ = s.next(t)
	assert.Equal(t, "reload", ev, "a finished table's page is its replay")
}

// TestWatcherPushesMovesFromElsewhere: with the bot in another process,
// nobody calls Notify: the watcher sees the moves in the store and pushes
// them all the same.
func TestWatcherPushesMovesFromElsewhere(t *testing.T) {
	f := newFixture(t, webtest.Seed{Tables: 1, Rand: 12}, 10*time.Millisecond)
	pushedWithoutNotify(t, f)
}

// TestAnnouncedChangesArePushed: on PostgreSQL the database announces every
// change of a table: with the watcher off, the moves are pushed all the
// same.
func TestAnnouncedChangesArePushed(t *testing.T) {
	database := pgtest.URL(t)
	f := newFixtureAt(t, database, webtest.Seed{Tables: 1, Rand: 12}, -1)
	// A notice sent before the server listens is lost: wait until it does.
	db, err := sql.Open("pgx", database)
	require.NoError(t, err)
	defer db.Close()
	require.Eventually(t, func() bool {
		var n int
		err := db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE query = 'LISTEN dealer_tables'`).Scan(&n)
		return err == nil && n > 0
	}, 30*time.Second, 5*time.Millisecond, "the server never listened")
	pushedWithoutNotify(t, f)
}

// pushedWithoutNotify makes moves in the store, as another process would,
// and reads them from a live page's stream.
func pushedWithoutNotify(t *testing.T, f *fixture) {
	t.Helper()
	tb := openComputerTable(t, f, "theagents", 2)
	events := f.stream(t, f.token(t, tb.Row.ID), "")
	ev, _ := events.next(t)
	require.Equal(t, "table", ev, "the table as it is, at once")
	for want := 1; want <= 3; want++ {
		computerMove(t, tb) // saved in the store; no Notify
		for {
			ev, data := events.next(t)
			require.Equal(t, "table", ev)
			var live struct{ Moves int }
			require.NoError(t, json.Unmarshal([]byte(data), &live))
			if live.Moves == want {
				break
			}
			assert.Less(t, live.Moves, want)
		}
	}
}
