package bot_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

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
