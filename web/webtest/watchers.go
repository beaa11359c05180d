package webtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Watchers are many live table pages' streams opened by one client, in a
// process of its own: so that a load test measures the server's CPU and
// memory, not its clients', and neither runs out of file descriptors.
// The test starts them with StartWatchers; its package has a test that
// calls WatchersClient, which the child process runs.

// EnvWatchers carries a child process's WatchersSpec (JSON): set, the
// test that calls WatchersClient is the client.
const EnvWatchers = "DEALER_WATCHERS"

// WatchersSpec is what the client process opens.
type WatchersSpec struct {
	// Addr is the server's host:port.
	Addr string
	// Tokens are the tables watched; the streams go round them.
	Tokens []string
	// Streams is how many streams are opened.
	Streams int
	// Version is each stream's v parameter ("": the table is sent at once).
	Version string
}

// clientLine starts every line the client writes for its parent.
const clientLine = "watchers-client: "

// maxMoves bounds the move counts the client follows.
const maxMoves = 1 << 14

// WatchersClient runs the client process when EnvWatchers is set, and
// skips the test otherwise. It opens the streams, each on a connection
// of its own, reads them, and reports on standard output: "ready
// CONNECTED REFUSED" once every stream opened has been sent its first
// event (or refused), "moves M" once every open stream has been sent the
// table after M moves, and "events N" (every event read) when its
// standard input closes, before it ends.
func WatchersClient(t *testing.T) {
	raw := os.Getenv(EnvWatchers)
	if raw == "" {
		t.Skip("the client process of the watchers' load tests (webtest.StartWatchers) runs only as such")
	}
	var spec WatchersSpec
	if err := json.Unmarshal([]byte(raw), &spec); err != nil {
		t.Fatalf("webtest: %s: %v", EnvWatchers, err)
	}
	if err := runWatchers(spec, os.Stdin, os.Stdout); err != nil {
		t.Fatalf("webtest: watchers: %v", err)
	}
}

// runWatchers is the client process's work (WatchersClient).
func runWatchers(spec WatchersSpec, stdin io.Reader, stdout io.Writer) error {
	var (
		outMu  sync.Mutex
		events atomic.Int64
		open   atomic.Int64 // streams whose first event came
		hits   [maxMoves]atomic.Int64
		top    atomic.Int64 // the highest move count read
		conns  = make([]net.Conn, spec.Streams)
		woken  = make(chan struct{}, 1)
	)
	say := func(format string, args ...any) {
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Fprintf(stdout, clientLine+format+"\n", args...)
	}
	poke := func() {
		select {
		case woken <- struct{}{}:
		default:
		}
	}
	var refused atomic.Int64
	var dialing sync.WaitGroup
	slots := make(chan struct{}, 64) // dials at once: the listener's backlog is finite
	for i := range spec.Streams {
		dialing.Add(1)
		slots <- struct{}{}
		go func() {
			defer dialing.Done()
			defer func() { <-slots }()
			conn, r, err := openStream(spec.Addr, spec.Tokens[i%len(spec.Tokens)], spec.Version)
			if err != nil {
				refused.Add(1)
				return
			}
			conns[i] = conn
			go func() {
				first := true
				for {
					line, err := r.ReadSlice('\n')
					if err != nil {
						return
					}
					data, ok := bytes.CutPrefix(line, []byte("data: "))
					if !ok {
						continue
					}
					events.Add(1)
					if first {
						first = false
						open.Add(1)
					}
					if m := movesOf(data); m >= 0 && m < maxMoves {
						hits[m].Add(1)
						for seen := top.Load(); int64(m) > seen && !top.CompareAndSwap(seen, int64(m)); seen = top.Load() {
						}
					}
					poke()
				}
			}()
		}()
	}
	dialing.Wait()
	connected := int64(spec.Streams) - refused.Load()
	for open.Load() < connected {
		<-woken
	}
	say("ready %d %d", connected, refused.Load())

	done := make(chan struct{})
	go func() { // "moves M" as each move reaches every stream
		var said [maxMoves]bool
		for {
			select {
			case <-done:
				return
			case <-woken:
			}
			for m := range top.Load() + 1 {
				if !said[m] && hits[m].Load() >= connected {
					said[m] = true
					say("moves %d", m)
				}
			}
		}
	}()
	_, _ = io.Copy(io.Discard, stdin) // until the parent is done
	close(done)
	say("events %d", events.Load())
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
	return nil
}

// openStream opens one stream and reads its answer's header: an error
// for anything but 200.
func openStream(addr, token, version string) (net.Conn, *bufio.Reader, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	req := "GET /t/" + token + "/events?v=" + version + " HTTP/1.1\r\nHost: " + addr + "\r\nAccept: text/event-stream\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		conn.Close()
		return nil, nil, err
	}
	r := bufio.NewReaderSize(conn, 1024)
	status, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 200") {
		conn.Close()
		return nil, nil, fmt.Errorf("stream refused: %q %v", strings.TrimSpace(status), err)
	}
	for { // the header
		line, err := r.ReadSlice('\n')
		if err != nil {
			conn.Close()
			return nil, nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			return conn, r, nil
		}
	}
}

// movesOf reads "moves":N out of a table event's data (-1 if none).
func movesOf(data []byte) int {
	_, rest, ok := bytes.Cut(data, []byte(`"moves":`))
	if !ok {
		return -1
	}
	end := bytes.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	n, err := strconv.Atoi(string(rest[:end]))
	if err != nil {
		return -1
	}
	return n
}

// Watchers is a running client process (StartWatchers).
type Watchers struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
	// Connected and Refused count the streams opened and refused.
	Connected, Refused int
}

// watchersGuard bounds a wait for the client: only a broken server or
// client takes this long.
const watchersGuard = 5 * time.Minute

// StartWatchers runs this test binary again as the client process: its
// test named run (which calls WatchersClient) opens spec's streams. It
// returns once every stream is open, or refused, and has had its first
// event. The process ends with the test, or at Stop.
func StartWatchers(t testing.TB, run string, spec WatchersSpec) *Watchers {
	t.Helper()
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatalf("webtest: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+run+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), EnvWatchers+"="+string(b))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("webtest: %v", err)
	}
	w := &Watchers{cmd: cmd, lines: make(chan string, 1024)}
	if w.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatalf("webtest: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("webtest: starting the watchers: %v", err)
	}
	go func() {
		defer close(w.lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), clientLine); ok {
				w.lines <- line
			}
		}
	}()
	t.Cleanup(func() { w.Stop(t) })
	ready := w.Wait(t, "ready ")
	if _, err := fmt.Sscanf(ready, "%d %d", &w.Connected, &w.Refused); err != nil {
		t.Fatalf("webtest: watchers said %q", ready)
	}
	return w
}

// Wait returns the rest of the client's next line that starts with
// prefix (lines before it are dropped).
func (w *Watchers) Wait(t testing.TB, prefix string) string {
	t.Helper()
	timeout := time.After(watchersGuard)
	for {
		select {
		case line, ok := <-w.lines:
			if !ok {
				t.Fatalf("webtest: the watchers ended before saying %q", prefix)
			}
			if rest, ok := strings.CutPrefix(line, prefix); ok {
				return rest
			}
		case <-timeout:
			t.Fatalf("webtest: the watchers never said %q", prefix)
		}
	}
}

// WaitMoves waits until every open stream has been sent the table after
// moves moves.
func (w *Watchers) WaitMoves(t testing.TB, moves int) {
	t.Helper()
	want := strconv.Itoa(moves)
	for w.Wait(t, "moves ") != want {
	}
}

// Stop ends the client process and returns how many events its streams
// read in all (0 if it was stopped before).
func (w *Watchers) Stop(t testing.TB) int {
	t.Helper()
	if w.stdin == nil {
		return 0
	}
	w.stdin.Close()
	w.stdin = nil
	n := 0
	for line := range w.lines {
		if rest, ok := strings.CutPrefix(line, "events "); ok {
			n, _ = strconv.Atoi(rest)
		}
	}
	if err := w.cmd.Wait(); err != nil {
		t.Errorf("webtest: the watchers: %v", err)
	}
	return n
}
