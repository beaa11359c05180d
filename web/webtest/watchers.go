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
// table after M moves, and "events N REOPENED" (every event read, and the
// streams opened again) when its standard input closes, before it ends.
// A line "tokens T1 T2 …" on its standard input gives the tables to watch
// from then on: a stream whose table ends (its page would reload) is
// opened again on another of them.
func WatchersClient(t *testing.T) {
	raw := os.Getenv(EnvWatchers)
	if raw == "" {
		t.Skip("the client process of the watchers' load tests (webtest.StartWatchers) runs only as such")
	}
	var spec WatchersSpec
	if err := json.Unmarshal([]byte(raw), &spec); err != nil {
		t.Fatalf("webtest: %s: %v", EnvWatchers, err)
	}
	runWatchers(spec, os.Stdin, os.Stdout)
}

// watchersClient is the client process's state.
type watchersClient struct {
	spec    WatchersSpec
	out     io.Writer
	outMu   sync.Mutex
	events  atomic.Int64
	open    atomic.Int64 // streams whose first event came
	reopen  atomic.Int64
	hits    [maxMoves]atomic.Int64
	top     atomic.Int64 // the highest move count read
	woken   chan struct{}
	stopped chan struct{}

	mu      sync.Mutex
	tokens  []string
	changed chan struct{} // closed when tokens change
	conns   map[net.Conn]struct{}
}

func (c *watchersClient) say(format string, args ...any) {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	fmt.Fprintf(c.out, clientLine+format+"\n", args...)
}

func (c *watchersClient) poke() {
	select {
	case c.woken <- struct{}{}:
	default:
	}
}

// runWatchers is the client process's work (WatchersClient).
func runWatchers(spec WatchersSpec, stdin io.Reader, stdout io.Writer) {
	c := &watchersClient{spec: spec, out: stdout, woken: make(chan struct{}, 1), stopped: make(chan struct{}),
		tokens: spec.Tokens, changed: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	var refused atomic.Int64
	var dialing sync.WaitGroup
	slots := make(chan struct{}, 64) // dials at once: the listener's backlog is finite
	for i := range spec.Streams {
		dialing.Add(1)
		slots <- struct{}{}
		go func() {
			token := spec.Tokens[i%len(spec.Tokens)]
			conn, r, err := openStream(spec.Addr, token, spec.Version)
			<-slots
			dialing.Done()
			if err != nil {
				refused.Add(1)
				return
			}
			c.follow(i, token, conn, r)
		}()
	}
	dialing.Wait()
	connected := int64(spec.Streams) - refused.Load()
	for c.open.Load() < connected {
		<-c.woken
	}
	c.say("ready %d %d", connected, refused.Load())

	go func() { // "moves M" as each move reaches every stream
		var said [maxMoves]bool
		for {
			select {
			case <-c.stopped:
				return
			case <-c.woken:
			}
			for m := range c.top.Load() + 1 {
				if !said[m] && c.hits[m].Load() >= connected {
					said[m] = true
					c.say("moves %d", m)
				}
			}
		}
	}()
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() { // until the parent is done
		if rest, ok := strings.CutPrefix(sc.Text(), "tokens "); ok {
			c.mu.Lock()
			c.tokens = strings.Fields(rest)
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
		}
	}
	close(c.stopped)
	c.say("events %d %d", c.events.Load(), c.reopen.Load())
	c.mu.Lock()
	for conn := range c.conns {
		conn.Close()
	}
	c.mu.Unlock()
}

// follow reads stream i, on token's table, until the client stops; a
// stream that ends is opened again on another table, once there is one.
func (c *watchersClient) follow(i int, token string, conn net.Conn, r *bufio.Reader) {
	first := true
	for {
		c.mu.Lock()
		c.conns[conn] = struct{}{}
		c.mu.Unlock()
		c.read(r, &first)
		conn.Close()
		c.mu.Lock()
		delete(c.conns, conn)
		c.mu.Unlock()
		for { // another table to watch
			select {
			case <-c.stopped:
				return
			default:
			}
			c.mu.Lock()
			tokens, changed := c.tokens, c.changed
			c.mu.Unlock()
			next := ""
			for k := range tokens {
				if t := tokens[(i+k)%len(tokens)]; t != token {
					next = t
					break
				}
			}
			if next == "" {
				select {
				case <-changed:
					continue
				case <-c.stopped:
					return
				}
			}
			var err error
			if conn, r, err = openStream(c.spec.Addr, next, ""); err == nil {
				token = next
				c.reopen.Add(1)
				break
			}
			select { // refused: wait for other tables
			case <-changed:
			case <-c.stopped:
				return
			}
		}
	}
}

// read reads a stream's events until it ends.
func (c *watchersClient) read(r *bufio.Reader, first *bool) {
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return
		}
		data, ok := bytes.CutPrefix(line, []byte("data: "))
		if !ok {
			continue
		}
		c.events.Add(1)
		if *first {
			*first = false
			c.open.Add(1)
		}
		if m := movesOf(data); m >= 0 && m < maxMoves {
			c.hits[m].Add(1)
			for seen := c.top.Load(); int64(m) > seen && !c.top.CompareAndSwap(seen, int64(m)); seen = c.top.Load() {
			}
		}
		c.poke()
	}
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

// Watchers is a running client process (StartWatchers, LaunchWatchers).
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
	w, err := LaunchWatchers(run, spec)
	if err != nil {
		t.Fatalf("webtest: %v", err)
	}
	t.Cleanup(func() { w.Stop(t) })
	return w
}

// LaunchWatchers is StartWatchers for a goroutine other than the test's:
// it returns an error instead of failing the test, and the caller stops
// the process (Close).
func LaunchWatchers(run string, spec WatchersSpec) (*Watchers, error) {
	b, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+run+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), EnvWatchers+"="+string(b))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &Watchers{cmd: cmd, lines: make(chan string, 1024)}
	if w.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the watchers: %w", err)
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
	ready, err := w.next("ready ")
	if err == nil {
		_, err = fmt.Sscanf(ready, "%d %d", &w.Connected, &w.Refused)
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("the watchers: %w", err)
	}
	return w, nil
}

// next returns the rest of the client's next line that starts with
// prefix (lines before it are dropped).
func (w *Watchers) next(prefix string) (string, error) {
	timeout := time.After(watchersGuard)
	for {
		select {
		case line, ok := <-w.lines:
			if !ok {
				return "", fmt.Errorf("the client ended before saying %q", prefix)
			}
			if rest, ok := strings.CutPrefix(line, prefix); ok {
				return rest, nil
			}
		case <-timeout:
			return "", fmt.Errorf("the client never said %q", prefix)
		}
	}
}

// WaitMoves waits until every open stream has been sent the table after
// moves moves.
func (w *Watchers) WaitMoves(t testing.TB, moves int) {
	t.Helper()
	want := strconv.Itoa(moves)
	for {
		got, err := w.next("moves ")
		if err != nil {
			t.Fatalf("webtest: %v", err)
		}
		if got == want {
			return
		}
	}
}

// Watch gives the client the tables to watch from now on: a stream whose
// table ends is opened again on one of them.
func (w *Watchers) Watch(tokens []string) error {
	if w.stdin == nil || len(tokens) == 0 {
		return nil
	}
	_, err := io.WriteString(w.stdin, "tokens "+strings.Join(tokens, " ")+"\n")
	return err
}

// Stop ends the client process and returns how many events its streams
// read in all (0 if it was stopped before).
func (w *Watchers) Stop(t testing.TB) int {
	t.Helper()
	events, _, err := w.Close()
	if err != nil {
		t.Errorf("webtest: %v", err)
	}
	return events
}

// Close ends the client process and returns how many events its streams
// read in all and how many were opened again on another table.
func (w *Watchers) Close() (events, reopened int, err error) {
	if w.stdin == nil {
		return 0, 0, nil
	}
	w.stdin.Close()
	w.stdin = nil
	for line := range w.lines {
		if rest, ok := strings.CutPrefix(line, "events "); ok {
			_, _ = fmt.Sscanf(rest, "%d %d", &events, &reopened)
		}
	}
	if err := w.cmd.Wait(); err != nil {
		return events, reopened, fmt.Errorf("the watchers: %w", err)
	}
	return events, reopened, nil
}
