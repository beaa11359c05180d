package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writerEnv hands a child writer process its part: the database's URL,
// its tables and how long it writes ("url tables seconds").
const writerEnv = "DEALER_WRITER_CHILD"

// writerResult is what one writer process did in its window.
type writerResult struct {
	moves, timers, claims, notices int
	errors                         int
}

// One PostgreSQL shared by 1, 2 and 4 processes, as a bot scaled out
// shares it: each process (this test binary run again) plays tables of
// its own — each table a goroutine making a move and arming its turn
// timer, as the bot does after every move, one commit each (group commit
// batches what meets) — while its timer loop claims the timers due (FOR
// UPDATE SKIP LOCKED) and marks them done, and it hears every process's
// change notices. A line a process count, with the moves, writes, claims
// and notices a second of them all:
//
//	DEALER_LOAD=1 go test ./store -run TestWriterProcesses -count=1 -v
//
// (about a minute: 200 tables, 10 s a process count).
func TestWriterProcesses(t *testing.T) {
	if spec := os.Getenv(writerEnv); spec != "" {
		writerChild(spec)
		return
	}
	if os.Getenv("DEALER_LOAD") == "" {
		t.Skip("a load run: DEALER_LOAD=1 runs it")
	}
	const tables, window = 200, 10 * time.Second
	for _, n := range []int{1, 2, 4} {
		url := engineNamed(EnginePostgres).database(t)
		s, err := Open(url) // the schema made once, before the writers race to
		require.NoError(t, err)
		s.Close()
		res := runWriters(t, url, n, tables/n, window)
		secs := window.Seconds()
		t.Logf("writers=%d tables=%d moves/s=%.0f writes/s=%.0f claims/s=%.0f notices/s=%.0f (each process hears every process's moves) errors=%d",
			n, tables, float64(res.moves)/secs, float64(res.moves+res.timers)/secs, float64(res.claims)/secs, float64(res.notices)/secs, res.errors)
		assert.Zero(t, res.errors, "no write failed")
		assert.Positive(t, res.moves)
		assert.Positive(t, res.claims, "the timers are claimed")
		assert.GreaterOrEqual(t, res.notices, res.moves/2, "the processes hear the moves")
	}
}

// runWriters starts n writer processes on url with tables each, lets them
// write for window at once, and sums what they did.
func runWriters(t *testing.T, url string, n, tables int, window time.Duration) writerResult {
	t.Helper()
	var (
		mu     sync.Mutex
		total  writerResult
		wg     sync.WaitGroup
		starts []*bufio.Writer
		cmds   []*exec.Cmd
	)
	ready := make(chan struct{}, n)
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcesses$", "-test.count=1")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %g", writerEnv, url, tables, window.Seconds()))
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		cmds, starts = append(cmds, cmd), append(starts, bufio.NewWriter(in))
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				switch {
				case len(f) == 1 && f[0] == "ready":
					ready <- struct{}{}
				case len(f) == 6 && f[0] == "result":
					var r [5]int
					for i := range r {
						r[i], _ = strconv.Atoi(f[i+1])
					}
					mu.Lock()
					total.moves, total.timers, total.claims, total.notices, total.errors = total.moves+r[0], total.timers+r[1], total.claims+r[2], total.notices+r[3], total.errors+r[4]
					mu.Unlock()
				}
			}
		}()
	}
	for range n {
		select {
		case <-ready:
		case <-time.After(time.Minute):
			t.Fatal("a writer process did not get ready")
		}
	}
	for _, w := range starts { // all at once
		fmt.Fprintln(w, "go")
		w.Flush()
	}
	wg.Wait()
	for _, cmd := range cmds {
		require.NoError(t, cmd.Wait())
	}
	return total
}

// writerChild is one writer process: it makes its tables, says "ready",
// waits for "go" on stdin, writes for its window and prints its counts:
// "result moves timers claims notices errors".
func writerChild(spec string) {
	f := strings.Fields(spec)
	tables, _ := strconv.Atoi(f[1])
	secs, _ := strconv.ParseFloat(f[2], 64)
	ctx := context.Background()
	s, err := Open(f[0])
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	defer s.Close()
	ids := make([]int64, tables)
	for i := range ids {
		if ids[i], err = s.CreateTable(ctx, TableRow{Game: "secretagent", Seats: 4, Status: StatusPlaying}); err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
	}
	var c struct{ moves, timers, claims, notices, errors atomic.Int64 }
	listen, stop := context.WithCancel(ctx)
	go s.Changes(listen, func(id int64, _ int) { c.notices.Add(1) })
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n')

	end := time.Now().Add(time.Duration(secs * float64(time.Second)))
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; time.Now().Before(end); seq++ {
				if err := s.AppendMove(ctx, id, seq, seq%4, "m"); err != nil {
					c.errors.Add(1)
					return
				}
				c.moves.Add(1)
				if err := s.SetTimer(ctx, Timer{Table: id, Kind: "turn", Due: time.Now(), Version: seq + 1}); err != nil {
					c.errors.Add(1)
					return
				}
				c.timers.Add(1)
			}
		}()
	}
	owner := fmt.Sprint("writer-", os.Getpid())
	for time.Now().Before(end) {
		due, err := s.ClaimTimers(ctx, owner, time.Now(), time.Minute, 50)
		if err != nil {
			c.errors.Add(1)
		}
		for _, tm := range due {
			if s.DoneTimer(ctx, tm) == nil {
				c.claims.Add(1)
			}
		}
		if len(due) == 0 {
			time.Sleep(10 * time.Millisecond) // as the bot's timer loop waits for the next due
		}
	}
	wg.Wait()
	stop()
	fmt.Println("result", c.moves.Load(), c.timers.Load(), c.claims.Load(), c.notices.Load(), c.errors.Load())
}
