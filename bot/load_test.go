package bot_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// The load test's knobs: short by default, so that `go test ./bot` stays
// fast; `go test ./bot -run TestLoad -count=1 -v -load.tables 500
// -load.duration 60s` is the target run.
var (
	loadTables       = flag.Int("load.tables", 30, "TestLoad: tables played at once")
	loadDuration     = flag.Duration("load.duration", 5*time.Second, "TestLoad: how long the players play")
	loadGap          = flag.Duration("load.gap", 2*time.Second, "TestLoad: mean time between two clicks at a table")
	loadDump         = flag.String("load.goroutines", "", "TestLoad: write a goroutine profile to this file half-way through, to see what waits")
	loadSearch       = flag.String("load.rate-search", "", "TestLoadRateSearch: table counts to try in turn, such as 500,1000,2000")
	loadSearchStart  = flag.Int("load.search-start", 1000, "TestLoadRateSearch: tables of the first step")
	loadSearchStep   = flag.Duration("load.search-step", 20*time.Second, "TestLoadRateSearch: how long each step plays")
	loadSearchBudget = flag.Duration("load.search-budget", 4*time.Minute, "TestLoadRateSearch: no new step past this much time")
	loadPostgres     = flag.Bool("load.postgres", false, "TestLoad, TestLoadRateSearch: keep the tables in a throwaway PostgreSQL instead of a SQLite file")
)

// TestLoad plays many tables of every game at once, at a human pace, through
// the fake Discord and on a real database file, and prints one line of
// figures. Every interaction must be answered within the 3 s and every
// acknowledged move must be in the store afterwards.
func TestLoad(t *testing.T) {
	res := runLoad(t, *loadTables, *loadDuration, *loadGap)
	assert.Zero(t, res.late, "interactions answered late or never")
	assert.Zero(t, res.lost, "acknowledged moves missing from the store")
	assert.Positive(t, res.acked, "moves were made")
	fmt.Println(res)
}

// TestLoadRateSearch finds the highest rate of interactions the bot
// sustains with p99 ≤ 1 s and none late (past the 3 s players see "This
// interaction failed"), and prints it:
//
//	capacity: rate=…/s p99=…ms tables=…
//
// It takes minutes, so it runs only with DEALER_LOAD=1 (or when
// -load.rate-search is given); with no other flag it searches within
// about 4½ minutes:
//
//	DEALER_LOAD=1 go test ./bot -run TestLoadRateSearch -count=1 -v
//
// It plays -load.search-step at a number of tables (each table clicks
// every -load.gap on average, so the rate is about tables/2 per second),
// starting at -load.search-start tables: up by half after a pass, halfway
// back after a failure, bisecting until the bracket is within 10% or the
// -load.search-budget would be spent. -load.rate-search 500,750,1000
// plays those counts in turn instead, stopping at the first failure.
// Every step must lose no acknowledged move.
func TestLoadRateSearch(t *testing.T) {
	if *loadSearch == "" && os.Getenv("DEALER_LOAD") != "1" {
		t.Skip("set DEALER_LOAD=1 (or give -load.rate-search 500,1000,2000) to run it: it takes minutes")
	}
	var fixed []int
	if *loadSearch != "" {
		for _, f := range strings.Split(*loadSearch, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			require.NoError(t, err)
			fixed = append(fixed, n)
		}
	}
	pass := func(r loadResult) bool { return r.p99 <= loadSearchP99 && r.late == 0 && r.lost == 0 }
	var best loadResult
	lo, hi := 0, 0 // tables known to pass, to fail (0: none yet)
	n := *loadSearchStart
	if len(fixed) > 0 {
		n = fixed[0]
	}
	began := time.Now()
	var longest time.Duration
	for step := 0; ; step++ {
		runtime.GC() // the last step's garbage, not this step's work
		stepBegan := time.Now()
		t.Logf("step %d: %d goroutines before", step, runtime.NumGoroutine())
		var res loadResult
		t.Run(fmt.Sprintf("tables=%d", n), func(t *testing.T) { res = runLoad(t, n, *loadSearchStep, *loadGap) })
		longest = max(longest, time.Since(stepBegan))
		assert.Zero(t, res.lost, "acknowledged moves missing from the store (tables=%d)", n)
		ok := pass(res)
		fmt.Printf("%v pass=%v (%.0fs)\n", res, ok, time.Since(stepBegan).Seconds())
		if ok {
			lo = n
			if res.rate() > best.rate() {
				best = res
			}
		} else {
			hi = n
		}
		if len(fixed) > 0 {
			if !ok || step+1 == len(fixed) {
				break
			}
			n = fixed[step+1]
			continue
		}
		switch {
		case hi == 0:
			n = n * 3 / 2
		case lo == 0:
			n = n / 2
		default:
			n = (lo + hi) / 2
		}
		unit := 50 // round counts: 25 apart under 1000 tables, 50 above
		if n < 1000 {
			unit = 25
		}
		n = max(unit, (n+unit/2)/unit*unit)
		if hi > 0 && (hi-lo)*10 <= max(lo, 1) || n == lo || n == hi ||
			time.Since(began)+longest > *loadSearchBudget {
			break
		}
	}
	fmt.Printf("capacity: rate=%.0f/s p99=%.0fms tables=%d (highest with p99 <= %v and late=0; next failing: %d tables; %d-core machine, search took %.0fs)\n",
		best.rate(), ms(best.p99), best.tables, loadSearchP99, hi, runtime.NumCPU(), time.Since(began).Seconds())
}

// loadSearchP99 is the latency TestLoadRateSearch holds p99 to.
const loadSearchP99 = time.Second

// runLoad runs n tables for d and measures.
func runLoad(t *testing.T, n int, d, gap time.Duration) loadResult {
	// At 100 tables and more, the fake checks one body in 20 per route
	// against Discord's OpenAPI schema (every one in the other tests and
	// in the short TestLoad of every run): in full, the check takes a good
	// share of the CPU the fake and the bot share here.
	var o rigOptions
	if n >= 100 {
		o.SchemaSample = 20
	}
	if *loadPostgres {
		o.DB = pgtest.URL(t)
	}
	t0 := time.Now()
	r := newRigWith(t, n, o)
	pages := newLoadWatch(t, r) // -load.watchers
	r.start()
	pages.serve()
	setup := time.Since(t0)
	from := time.Now()
	if *loadDump != "" {
		time.AfterFunc(d/2, func() {
			if f, err := os.Create(*loadDump); err == nil {
				_ = pprof.Lookup("goroutine").WriteTo(f, 1)
				f.Close()
			}
		})
	}
	cpu0 := processCPU()
	r.drive(d, gap)
	to := time.Now()
	cpu := processCPU() - cpu0
	failed, err := r.fake.WaitAllAnswered(30 * time.Second)
	waited := time.Since(to)
	if err != nil {
		t.Logf("waiting for the last answers: %v", err)
	}
	lat, late := r.latencies(from, to)
	acked := r.ackedMoves(to)
	res := loadResult{tables: n, moves: len(lat), dur: to.Sub(from), p50: percentile(lat, 0.5), p99: percentile(lat, 0.99),
		late: late, acked: len(acked), failed: failed, cpu: cpu}
	if len(lat) > 0 {
		res.max = lat[len(lat)-1]
	}
	sent, misses, waiting := 0, 0, 0
	for _, p := range r.players {
		p.mu.Lock()
		sent, misses, waiting = sent+p.sent, misses+p.misses, waiting+p.waiting
		p.mu.Unlock()
	}
	if testing.Verbose() {
		r.breakdown(t, from, to)
	}
	pages.finish()
	t1 := time.Now()
	r.stop()
	stopped := time.Since(t1)

	// The bot is gone: read the file as the next process would.
	st, err := store.Open(r.dbPath)
	require.NoError(t, err)
	defer st.Close()
	t2 := time.Now()
	res.lost = lostMoves(t, st, acked)
	t.Logf("took: setup=%v play=%v last-answers=%v stop=%v check=%v", setup.Round(time.Millisecond), to.Sub(from).Round(time.Millisecond),
		waited.Round(time.Millisecond), stopped.Round(time.Millisecond), time.Since(t2).Round(time.Millisecond))
	t.Logf("sent=%d refused-by-client=%d waiting-for-deal=%d acked-moves=%d failed=%d violations=%d bot-log: %s",
		sent, misses, waiting, len(acked), failed, len(r.fake.Violations()), r.logs)
	if v := r.fake.Violations(); len(v) > 0 {
		t.Logf("first violations: %q", v[:min(5, len(v))])
	}
	return res
}

// processCPU is the CPU time the test process (bot and fake) has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var (
	loadWatchers = flag.Int("load.watchers", 0,
		"TestLoad: live web streams watching the Secret Agent tables being played, from a client process of their own (0: no web pages)")
	loadWatchedTables = flag.Int("load.watched-tables", 20,
		"TestLoad with -load.watchers: the streams start once this many Secret Agent tables are being played")
)

// TestWatchersClient is the client process of TestLoad's -load.watchers
// (webtest.WatchersClient): it runs only as such.
func TestWatchersClient(t *testing.T) { webtest.WatchersClient(t) }

// loadWatch is TestLoad's web pages when -load.watchers is set, as `dealer
// run` serves them beside the bot: one web.Server on the bot's store and
// renderer, told of every change by the bot (Options.OnChange), its
// watcher reading the watched tables' versions every second. A client
// process opens the streams, all from one address (the caps are raised to
// let them in), spread over the Secret Agent tables being played; a
// stream whose table ends is opened again on another one, so that about
// as many watch all along.
type loadWatch struct {
	t       *testing.T
	r       *rig
	pages   atomic.Pointer[web.Server]
	cancel  context.CancelFunc
	served  chan error
	stop    chan struct{}
	stopped chan struct{}

	mu      sync.Mutex
	w       *webtest.Watchers
	err     error
	began   time.Time
	readyIn time.Duration
	watched int // tables watched, at most at once
}

// newLoadWatch prepares the web pages of rig r when -load.watchers is set
// (nil otherwise): from now on the bot tells them of every change.
func newLoadWatch(t *testing.T, r *rig) *loadWatch {
	if *loadWatchers <= 0 {
		return nil
	}
	lw := &loadWatch{t: t, r: r, stop: make(chan struct{}), stopped: make(chan struct{})}
	r.onChange = func(id int64) {
		if p := lw.pages.Load(); p != nil {
			p.Notify(id)
		}
	}
	return lw
}

// serve starts the web pages on the rig's store, once the bot has started,
// and in the background the client process, once the players are playing
// enough Secret Agent tables.
func (lw *loadWatch) serve() {
	if lw == nil {
		return
	}
	t, n := lw.t, *loadWatchers
	srv, err := web.New(web.Config{Store: lw.r.st, Games: catalog.Registry(), Renderer: renderer, Logger: slog.New(lw.r.logs),
		Limits: web.Limits{MaxStreams: 2 * n, MaxStreamsPerTable: 2 * n, MaxStreamsPerClient: 2 * n, MaxConns: 2*n + 1000}})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var ctx context.Context
	ctx, lw.cancel = context.WithCancel(context.Background())
	lw.served = make(chan error, 1)
	go func() { lw.served <- srv.ServeListener(ctx, ln) }()
	lw.pages.Store(srv)
	lw.began = time.Now()
	go lw.run(ln.Addr().String(), n)
}

// run starts the client once enough tables are played, then gives it the
// tables being played every second, until finish.
func (lw *loadWatch) run(addr string, n int) {
	defer close(lw.stopped)
	tokens := map[int64]string{}
	playing := func() []string {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		list, err := lw.r.st.Unfinished(ctx)
		if err != nil {
			return nil
		}
		var out []string
		for _, s := range list {
			if s.Game != "secretagent" || s.Status != store.StatusPlaying {
				continue
			}
			if tokens[s.ID] == "" {
				tokens[s.ID], _ = lw.r.st.TableToken(ctx, s.ID)
			}
			out = append(out, tokens[s.ID])
		}
		slices.Sort(out)
		return out
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var last []string
	for {
		select {
		case <-lw.stop:
			return
		case <-tick.C:
		}
		now := playing()
		lw.mu.Lock()
		lw.watched = max(lw.watched, len(now))
		w := lw.w
		lw.mu.Unlock()
		if w == nil {
			if len(now) < *loadWatchedTables {
				continue
			}
			w, err := webtest.LaunchWatchers("TestWatchersClient", webtest.WatchersSpec{Addr: addr, Tokens: now, Streams: n})
			lw.mu.Lock()
			lw.w, lw.err, lw.readyIn = w, err, time.Since(lw.began)
			lw.mu.Unlock()
			if err != nil {
				return
			}
			last = now
			continue
		}
		if !slices.Equal(now, last) {
			_ = w.Watch(now)
			last = now
		}
	}
}

// finish stops the client and the web pages, before the bot and the store
// close, and prints what the streams did.
func (lw *loadWatch) finish() {
	if lw == nil {
		return
	}
	t := lw.t
	close(lw.stop)
	<-lw.stopped
	lw.mu.Lock()
	w, err := lw.w, lw.err
	lw.mu.Unlock()
	require.NoError(t, err, "the watchers")
	require.NotNil(t, w, "the players never played %d Secret Agent tables at once", *loadWatchedTables)
	events, reopened, err := w.Close()
	assert.NoError(t, err)
	assert.Equal(t, *loadWatchers, w.Connected, "every stream let in")
	lw.cancel()
	assert.NoError(t, <-lw.served)
	fmt.Printf("watchers: streams=%d connected=%d refused=%d tables=%d events=%d reopened=%d ready_after=%.1fs\n",
		*loadWatchers, w.Connected, w.Refused, lw.watched, events, reopened, lw.readyIn.Seconds())
}
