package web_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

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
