package web_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
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
