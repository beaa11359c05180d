package web_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

var (
	loadRate     = flag.Int("web.load.rate", 100, "TestLoad: requests a second")
	loadDuration = flag.Duration("web.load.duration", 10*time.Second, "TestLoad: how long")
	loadTables   = flag.Int("web.load.tables", 500, "TestLoad: tables in the store")
)

// TestLoad: the figures for later: pages served at a steady rate (an open
// load: a request every 1/rate s, whatever the answers' times) for a while,
// from a store of 500 tables, printed as one line:
//
//	DEALER_WEB_LOAD=1 go test ./web -run TestLoad -v [-web.load.rate 100 -web.load.duration 10s]
//
// The requests go round the leaderboard (its pages and orders), players'
// pages and tables' pages. Latency is printed, not asserted; every
// answer must be a 200.
func TestLoad(t *testing.T) {
	if os.Getenv("DEALER_WEB_LOAD") != "1" {
		t.Skip("web: the load test runs with DEALER_WEB_LOAD=1")
	}
	start := time.Now()
	f := newFixture(t, webtest.Seed{Tables: *loadTables, People: webtest.People(100), Daily: 3, Workers: 8, Rand: 99}, -1)
	t.Logf("web: seeded %d tables in %s", *loadTables, time.Since(start).Round(time.Millisecond))
	paths := loadPaths(t, f)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	var (
		mu    sync.Mutex
		took  []time.Duration
		fails []string
		wg    sync.WaitGroup
	)
	n := int(loadDuration.Seconds() * float64(*loadRate))
	tick := time.NewTicker(time.Second / time.Duration(*loadRate))
	defer tick.Stop()
	began := time.Now()
	for i := range n {
		<-tick.C
		wg.Add(1)
		go func(path string) {
			defer wg.Done()
			t0 := time.Now()
			res, err := client.Get(f.url + path)
			if err == nil {
				_, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if err == nil && res.StatusCode != http.StatusOK {
					err = fmt.Errorf("status %d", res.StatusCode)
				}
			}
			d := time.Since(t0)
			mu.Lock()
			defer mu.Unlock()
			took = append(took, d)
			if err != nil {
				fails = append(fails, path+": "+err.Error())
			}
		}(paths[i%len(paths)])
	}
	wg.Wait()
	elapsed := time.Since(began)
	require.Empty(t, fails)
	slices.Sort(took)
	pct := func(p float64) time.Duration {
		return took[min(len(took)-1, int(p*float64(len(took))))].Round(100 * time.Microsecond)
	}
	fmt.Printf("web: rate=%d/s requests=%d tables=%d p50=%s p99=%s max=%s\n",
		int(float64(len(took))/elapsed.Seconds()+0.5), len(took), *loadTables, pct(0.50), pct(0.99), took[len(took)-1].Round(100*time.Microsecond))
}

// loadPaths are the pages the load goes round.
func loadPaths(t *testing.T, f *fixture) []string {
	g := "/g/" + guild
	paths := []string{g}
	for _, game := range f.reg.Engines().Names() {
		board, err := f.st.LeaderboardPage(context.Background(), store.LeaderQuery{Guild: guild, Game: game, Limit: 1})
		require.NoError(t, err)
		for _, by := range []string{"", "by=points", "by=score"} {
			for page := 1; page <= (board.Total+24)/25; page++ {
				paths = append(paths, g+"/leaderboard/"+game+"?"+by+"&page="+strconv.Itoa(page))
			}
		}
	}
	for i, p := range f.people {
		if i%5 == 0 {
			paths = append(paths, g+"/players/"+p.ID)
		}
	}
	for i, tb := range f.tables {
		if i%25 == 0 {
			paths = append(paths, "/t/"+tb.Token)
		}
	}
	return paths
}

// BenchmarkLeaderboardPage: a leaderboard page from a store of 200 tables,
// served without the network: the page's own cost (queries, template).
func BenchmarkLeaderboardPage(b *testing.B) {
	f := newFixture(b, webtest.Seed{Tables: 200, People: webtest.People(60), Daily: 1, Workers: 8, Rand: 5}, -1)
	benchPage(b, f, "/g/"+guild+"/leaderboard/doublets?page=2")
}

// BenchmarkPlayerPage: a player's page, with its plots.
func BenchmarkPlayerPage(b *testing.B) {
	f := newFixture(b, webtest.Seed{Tables: 200, People: webtest.People(20), Daily: 1, Workers: 8, Rand: 5}, -1)
	benchPage(b, f, "/g/"+guild+"/players/"+f.people[0].ID)
}

func benchPage(b *testing.B, f *fixture, path string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d", path, rec.Code)
		}
	}
}

var (
	floodStreams = flag.Int("web.flood.streams", 10000, "TestWatchersFlood with DEALER_WEB_FLOOD=1: streams on one table")
	floodMoves   = flag.Int("web.flood.moves", 20, "TestWatchersFlood with DEALER_WEB_FLOOD=1: moves measured")
)

// TestWatchersClient is the client process of TestWatchersFlood (and of
// the bot's load test with watchers): it runs only as such.
func TestWatchersClient(t *testing.T) { webtest.WatchersClient(t) }

// TestWatchersFlood: many streams on one table, from one client (a process
// of its own, one address; the caps are raised to let them all in): moves
// are made on the table, each pushed to every stream before the next, and
// the server's CPU per move and its memory are printed, with 1 stream and
// with many:
//
//	DEALER_WEB_FLOOD=1 go test ./web -run 'TestWatchersFlood$' -count=1 -v [-web.flood.streams 10000 -web.flood.moves 20]
//
//	watchers: streams=10000 moves=20 game_moves=… cpu_per_move=…ms heap=…MB rss=…MB
//
// The game is The Agents at five seats, half played before the measure
// (a long game: the feed applies only the new moves). CPU is the server
// process's: saving the move, the table's one read, the writes to every
// stream. Without DEALER_WEB_FLOOD it runs short (200 streams, 5 moves).
func TestWatchersFlood(t *testing.T) {
	streams, moves := 200, 5
	if os.Getenv("DEALER_WEB_FLOOD") == "1" {
		streams, moves = *floodStreams, *floodMoves
	}
	// The caps let them all in, and the one stream of the first round,
	// which lingers until a heartbeat finds it gone.
	capped := streams + 1
	f := newFixtureWith(t, fixtureOptions{Watch: -1, Serve: true, Config: func(c *web.Config) {
		c.Limits = web.Limits{MaxStreams: capped, MaxStreamsPerTable: capped, MaxStreamsPerClient: capped, MaxConns: capped + 64}
	}})
	ctx := context.Background()
	whole := openComputerTable(t, f, "theagents", 5)
	for !whole.Game.Status().Finished() {
		computerMove(t, whole)
	}
	log := whole.Log()
	pre := len(log) / 2
	require.Less(t, pre+moves, len(log), "the game is long enough")
	for _, n := range []int{1, streams} {
		tb := openComputerTable(t, f, "theagents", 5)
		for _, e := range log[:pre] {
			require.NoError(t, tb.Apply(ctx, e.Seat, e.Move))
		}
		token := f.token(t, tb.Row.ID)
		w := webtest.StartWatchers(t, "TestWatchersClient", webtest.WatchersSpec{
			Addr: strings.TrimPrefix(f.url, "http://"), Tokens: []string{token}, Streams: n})
		require.Equal(t, n, w.Connected, "every stream let in")
		require.Zero(t, w.Refused)
		runtime.GC()
		heap, rss := memory(t)
		var cpu time.Duration
		for k := pre; k < pre+moves; k++ {
			c0 := processCPU()
			require.NoError(t, tb.Apply(ctx, log[k].Seat, log[k].Move))
			f.srv.Notify(tb.Row.ID)
			w.WaitMoves(t, k+1) // every stream has it
			cpu += processCPU() - c0
		}
		events := w.Stop(t)
		assert.GreaterOrEqual(t, events, n*(moves+1), "every stream read the table, then every move")
		fmt.Printf("watchers: streams=%d moves=%d game_moves=%d cpu_per_move=%.2fms heap=%.1fMB rss=%.1fMB\n",
			n, moves, pre, float64(cpu)/float64(moves)/1e6, float64(heap)/(1<<20), float64(rss)/(1<<20))
	}
}

// memory is the process's live heap (after a collection) and its
// resident set, in bytes.
func memory(t testing.TB) (heap, rss uint64) {
	t.Helper()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	status, err := os.ReadFile("/proc/self/status")
	if err == nil {
		for _, line := range strings.Split(string(status), "\n") {
			if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
				rss = kb << 10
			}
		}
	}
	return ms.HeapAlloc, rss
}

// processCPU is the CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
