package web_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
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
	http    *httptest.Server
	metrics *prometheus.Registry
	tables  []webtest.Table
	people  []webtest.Person
}

// TestMain stops the PostgreSQL the tests may have started (pgtest).
func TestMain(m *testing.M) { pgtest.Main(m) }

// newFixture seeds a SQLite store with seed (its Guild and People filled
// in when empty) and serves it. watch is the server's Config.Watch.
func newFixture(t testing.TB, seed webtest.Seed, watch time.Duration) *fixture {
	t.Helper()
	return newFixtureAt(t, "", seed, watch)
}

// newFixtureAt is newFixture on database ("" for a new SQLite file).
func newFixtureAt(t testing.TB, database string, seed webtest.Seed, watch time.Duration) *fixture {
	t.Helper()
	reg, rend := shared()
	var (
		st    *store.Store
		clock *webtest.Clock
	)
	if database == "" {
		st, clock = webtest.OpenStore(t)
	} else {
		st, clock = webtest.OpenStoreAt(t, database)
	}
	if seed.Guild == "" {
		seed.Guild = guild
	}
	if seed.People == nil {
		seed.People = webtest.People(8)
	}
	f := &fixture{st: st, clock: clock, reg: reg, rend: rend, people: seed.People, metrics: prometheus.NewRegistry()}
	f.tables = webtest.Populate(t, st, reg, clock, seed)
	srv, err := web.New(web.Config{Store: st, Games: reg, Renderer: rend, Metrics: f.metrics, Watch: watch, Now: clock.Now})
	require.NoError(t, err)
	f.srv = srv
	f.http = httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		f.http.Close()
	})
	return f
}

// get fetches path from the fixture's server and returns the status and
// the body.
func (f *fixture) get(t testing.TB, path string) (int, string) {
	t.Helper()
	res, err := http.Get(f.http.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(b)
}
