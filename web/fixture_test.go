package web_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// guild is the Discord server of the seeded games.
const guild = "123456789012345678"

// shared is what every test may share: the games and one renderer (it
// takes a few tenths of a second to make).
var shared = sync.OnceValues(func() (*render.Registry, *render.Renderer) {
	rend, err := render.New()
	if err != nil {
		panic(err)
	}
	return catalog.Registry(), rend
})

// fixture is a seeded store served by a web.Server on loopback.
type fixture struct {
	st      *store.Store
	clock   *webtest.Clock
	reg     *render.Registry
	rend    *render.Renderer
	srv     *web.Server
	url     string // the server's address, "http://127.0.0.1:…"
	metrics *prometheus.Registry
	logs    *logLines
	tables  []webtest.Table
	people  []webtest.Person
}

// TestMain stops the PostgreSQL the tests may have started (pgtest).
func TestMain(m *testing.M) { pgtest.Main(m) }

// newFixture seeds a SQLite store with seed (its Guild and People filled
// in when empty) and serves it. watch is the server's Config.Watch.
func newFixture(t testing.TB, seed webtest.Seed, watch time.Duration) *fixture {
	t.Helper()
	return newFixtureWith(t, fixtureOptions{Seed: seed, Watch: watch})
}

// newFixtureAt is newFixture on database ("" for a new SQLite file).
func newFixtureAt(t testing.TB, database string, seed webtest.Seed, watch time.Duration) *fixture {
	t.Helper()
	return newFixtureWith(t, fixtureOptions{DB: database, Seed: seed, Watch: watch})
}

// fixtureOptions shape a fixture.
type fixtureOptions struct {
	// DB is the database ("" for a new SQLite file).
	DB    string
	Seed  webtest.Seed
	Watch time.Duration
	// Config, when set, changes the server's config before it is made.
	Config func(*web.Config)
	// Serve serves the pages with Server.ServeListener, as `dealer run`
	// does (its limits and timeouts), instead of httptest's server.
	Serve bool
	// SendBuffer, when set (with Serve), is the server's sockets' send
	// buffer in bytes, fixed: small, it fills quickly when a client
	// stops reading.
	SendBuffer int
}

// newFixtureWith makes a fixture shaped by o. The server's log is kept in
// f.logs.
func newFixtureWith(t testing.TB, o fixtureOptions) *fixture {
	t.Helper()
	reg, rend := shared()
	var (
		st    *store.Store
		clock *webtest.Clock
	)
	if o.DB == "" {
		st, clock = webtest.OpenStore(t)
	} else {
		st, clock = webtest.OpenStoreAt(t, o.DB)
	}
	seed := o.Seed
	if seed.Guild == "" {
		seed.Guild = guild
	}
	if seed.People == nil {
		seed.People = webtest.People(8)
	}
	f := &fixture{st: st, clock: clock, reg: reg, rend: rend, people: seed.People, metrics: prometheus.NewRegistry(), logs: &logLines{}}
	f.tables = webtest.Populate(t, st, reg, clock, seed)
	cfg := web.Config{Store: st, Games: reg, Renderer: rend, Metrics: f.metrics, Watch: o.Watch, Now: clock.Now, Logger: f.logs.logger()}
	if o.Config != nil {
		o.Config(&cfg)
	}
	srv, err := web.New(cfg)
	require.NoError(t, err)
	f.srv = srv
	if !o.Serve {
		hs := httptest.NewServer(srv)
		f.url = hs.URL
		t.Cleanup(func() {
			srv.Close()
			hs.Close()
		})
		return f
	}
	var lc net.ListenConfig
	if o.SendBuffer > 0 {
		// Accepted sockets take the listener's buffer size.
		lc.Control = func(_, _ string, c syscall.RawConn) error {
			var serr error
			err := c.Control(func(fd uintptr) {
				serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF, o.SendBuffer)
			})
			return errors.Join(err, serr)
		}
	}
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	require.NoError(t, err)
	f.url = "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeListener(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-served)
	})
	return f
}

// get fetches path from the fixture's server and returns the status and
// the body.
func (f *fixture) get(t testing.TB, path string) (int, string) {
	t.Helper()
	return get(t, http.DefaultClient, f.url+path)
}

// get fetches u with c: the status and the body.
func get(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	res, err := c.Get(u)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(b)
}
