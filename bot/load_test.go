package bot_test

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
)

// The load test's knobs: short by default, so that `go test ./bot` stays
// fast; `go test ./bot -run TestLoad -count=1 -v -load.tables 500
// -load.duration 60s` is the target run.
var (
	loadTables   = flag.Int("load.tables", 30, "TestLoad: tables played at once")
	loadDuration = flag.Duration("load.duration", 5*time.Second, "TestLoad: how long the players play")
	loadGap      = flag.Duration("load.gap", 2*time.Second, "TestLoad: mean time between two clicks at a table")
	loadDump     = flag.String("load.goroutines", "", "TestLoad: write a goroutine profile to this file half-way through, to see what waits")
	loadSearch   = flag.String("load.rate-search", "", "TestLoadRateSearch: table counts to try in turn, such as 500,1000,2000")
	loadPostgres = flag.Bool("load.postgres", false, "TestLoad, TestLoadRateSearch: keep the tables in a throwaway PostgreSQL instead of a SQLite file")
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

// TestLoadRateSearch finds the highest rate the bot sustains with p99 ≤ 3 s
// (past it, players start to see "This interaction failed"): it runs the
// load at each table count of -load.rate-search in turn, and stops at the
// first that fails.
func TestLoadRateSearch(t *testing.T) {
	if *loadSearch == "" {
		t.Skip("give -load.rate-search 500,1000,2000 to run it")
	}
	best := loadResult{}
	for _, f := range strings.Split(*loadSearch, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		require.NoError(t, err)
		var res loadResult
		t.Run(fmt.Sprintf("tables=%d", n), func(t *testing.T) { res = runLoad(t, n, *loadDuration, *loadGap) })
		fmt.Println(res)
		if res.p99 > 3*time.Second || res.late > 0 {
			break
		}
		best = res
	}
	fmt.Printf("rate-search: highest rate with p99 <= 3s: %.0f/s (tables=%d p99=%.0fms)\n",
		float64(best.moves)/max(best.dur.Seconds(), 1e-9), best.tables, ms(best.p99))
}

// runLoad runs n tables for d and measures.
func runLoad(t *testing.T, n int, d, gap time.Duration) loadResult {
	var o rigOptions
	if *loadPostgres {
		o.DB = pgtest.URL(t)
	}
	r := newRigWith(t, n, o)
	r.start()
	from := time.Now()
	if *loadDump != "" {
		time.AfterFunc(d/2, func() {
			if f, err := os.Create(*loadDump); err == nil {
				_ = pprof.Lookup("goroutine").WriteTo(f, 1)
				f.Close()
			}
		})
	}
	r.drive(d, gap)
	to := time.Now()
	failed, err := r.fake.WaitAllAnswered(30 * time.Second)
	if err != nil {
		t.Logf("waiting for the last answers: %v", err)
	}
	lat, late := r.latencies(from, to)
	acked := r.ackedMoves(to)
	res := loadResult{tables: n, moves: len(lat), dur: to.Sub(from), p50: percentile(lat, 0.5), p99: percentile(lat, 0.99),
		late: late, acked: len(acked), failed: failed}
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
	r.stop()

	// The bot is gone: read the file as the next process would.
	st, err := store.Open(r.dbPath)
	require.NoError(t, err)
	defer st.Close()
	res.lost = lostMoves(t, st, acked)
	t.Logf("sent=%d refused-by-client=%d waiting-for-deal=%d acked-moves=%d failed=%d violations=%d bot-log: %s",
		sent, misses, waiting, len(acked), failed, len(r.fake.Violations()), r.logs)
	if v := r.fake.Violations(); len(v) > 0 {
		t.Logf("first violations: %q", v[:min(5, len(v))])
	}
	return res
}
