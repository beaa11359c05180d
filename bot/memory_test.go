package bot_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

var (
	memoryTables = flag.Int("load.memory-tables", 10000, "TestIdleTableMemory: unfinished tables to resume")
	memoryOpen   = flag.String("load.memory-open", "", "TestOpenTableMemory: tables in play, each count measured in a process of its own, such as 10,1000,2000")
	memoryPlay   = flag.Duration("load.memory-play", 40*time.Second, "TestOpenTableMemory: how long the players play before the measure")
	memoryGap    = flag.Duration("load.memory-gap", 2*time.Second, "TestOpenTableMemory: mean time between two clicks at a table")
)

// TestOpenTableMemory measures the resident memory of a bot with tables
// in play: 10, 1,000 and 2,000 (or -load.memory-open), each count in a
// process of its own (this test binary again), its players clicking
// every 2 s on average (-load.memory-gap) for 40 s (-load.memory-play),
// as in TestLoad; then the process's resident set (now and at its peak),
// its heap after a collection and the picture cache's size. Bot, fake
// Discord and players share the process. It runs only with DEALER_LOAD=1
// or -load.memory-open: a few minutes.
func TestOpenTableMemory(t *testing.T) {
	if spec := os.Getenv("DEALER_MEMORY_TABLES"); spec != "" {
		n, err := strconv.Atoi(spec)
		require.NoError(t, err)
		measureOpenTables(t, n)
		return
	}
	counts := *memoryOpen
	if counts == "" {
		if os.Getenv("DEALER_LOAD") == "" {
			t.Skip("set DEALER_LOAD=1 or -load.memory-open 10,1000,2000 (a minute or more)")
		}
		counts = "10,1000,2000"
	}
	for _, c := range strings.Split(counts, ",") {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOpenTableMemory$", "-test.count=1", "-load.memory-play="+memoryPlay.String(), "-load.memory-gap="+memoryGap.String())
		cmd.Env = append(os.Environ(), "DEALER_MEMORY_TABLES="+strings.TrimSpace(c))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		i := strings.Index(string(out), "memory: ")
		require.GreaterOrEqual(t, i, 0, "the child's line: %s", out)
		line, _, _ := strings.Cut(string(out[i:]), "\n")
		fmt.Println(line)
	}
}

// measureOpenTables plays n tables for -load.memory-play and prints the
// process's memory.
func measureOpenTables(t *testing.T, n int) {
	r := newRigWith(t, n, rigOptions{SchemaSample: 20})
	r.start()
	r.drive(*memoryPlay, *memoryGap)
	_, err := r.fake.WaitAllAnswered(30 * time.Second)
	require.NoError(t, err)
	rss, peak := residentMB("VmRSS"), residentMB("VmHWM")
	h := heap()
	cache := renderer.CacheBytes()
	fmt.Printf("memory: open_tables=%d rss=%.0fMB peak_rss=%.0fMB heap=%.0fMB picture_cache=%.1fMB\n",
		r.bot.Tables(), rss, peak, float64(h)/(1<<20), float64(cache)/(1<<20))
	assert.Positive(t, r.bot.Tables(), "the players' tables open")
	assert.LessOrEqual(t, cache, render.DefaultCacheLimit+(1<<20), "the picture cache within its limit")
	assert.Positive(t, rss)
}

// residentMB is the process's field of /proc/self/status (VmRSS: its
// resident set; VmHWM: its peak), in MB; 0 where there is none.
func residentMB(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

// TestIdleTableMemory opens many unfinished tables in the store (every
// game, a few moves each), starts a bot on it, and measures the time to
// resume them all and the heap each idle table takes. Targets: ≤ 64 KB per
// table, ≤ 5 s to resume 10,000. It takes a few seconds, so it runs by
// default.
func TestIdleTableMemory(t *testing.T) {
	n := *memoryTables
	path := filepath.Join(t.TempDir(), "dealer.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	start := time.Now()
	fillTables(t, st, n)
	t.Logf("%d tables written in %v", n, time.Since(start).Round(time.Millisecond))
	require.NoError(t, st.Close())

	st, err = store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	sess, err := discordgo.New("Bot fake")
	require.NoError(t, err)
	require.NoError(t, discordtest.AttachURL(sess, "http://127.0.0.1:1")) // never opened

	before := heap()
	start = time.Now()
	b, err := bot.New(context.Background(), bot.Options{Session: sess, Store: st, Games: catalog.Registry(), Renderer: renderer,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	require.NoError(t, err)
	resume := time.Since(start)
	after := heap()
	require.Equal(t, n, b.Tables(), "every table resumed")
	perTable := (int64(after) - int64(before)) / int64(n)
	fmt.Printf("memory: tables=%d heap=%.1fMB bytes/table=%d resume=%.2fs\n", n, float64(after-before)/(1<<20), perTable, resume.Seconds())
	assert.LessOrEqual(t, perTable, int64(64<<10), "bytes per idle table")
	runtime.KeepAlive(b)
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// fillTables writes n unfinished tables, every game in turn (Secret Agent
// with one human and three computers), each a few moves in, as the bot
// would have left them.
func fillTables(t *testing.T, st *store.Store, n int) {
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	next := make(chan int)
	for range 64 { // many writers at once: the store commits them together
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fillTable(ctx, st, reg, i); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func fillTable(ctx context.Context, st *store.Store, reg *games.Registry, i int) error {
	name := loadGames[i%len(loadGames)]
	info, _ := reg.Lookup(name)
	user := strconv.Itoa(1500000000000000000 + i)
	players := []store.Player{{Seat: 0, UserID: user, Name: "player"}}
	for s := 1; s < info.MinSeats; s++ {
		players = append(players, store.Player{Seat: s, Name: "Bond", Computer: true})
	}
	deal := uint64(i + 1)
	g, err := reg.New(name, deal, len(players))
	for err == nil && g.Status().Finished() { // a deal lost before any move
		deal += 1_000_000
		g, err = reg.New(name, deal, len(players))
	}
	if err != nil {
		return err
	}
	id, err := st.CreateTable(ctx, store.TableRow{Game: name, Deal: deal, Seats: len(players), GuildID: "1300000000000000000",
		ChannelID: "1400000000000000000", MessageID: strconv.Itoa(1600000000000000000 + i), OwnerID: user, Players: players, Status: store.StatusPlaying})
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(i), 1))
	for m := 0; m < 8 && !g.Status().Finished(); m++ {
		seat := g.ToAct()[0]
		var mv games.Move
		if seat == 0 {
			var legal []games.Move
			for _, l := range g.Legal(seat) {
				if s := l.String(); s != "resign" && s != "undo" {
					legal = append(legal, l)
				}
			}
			if len(legal) == 0 {
				break
			}
			mv = legal[rng.IntN(len(legal))]
		} else {
			mv = info.Computer(g, seat)
		}
		if err := g.Apply(seat, mv); err != nil {
			return err
		}
		if g.Status().Finished() {
			break // leave it unfinished, as an idle table is
		}
		if err := st.AppendMove(ctx, id, m, int(seat), mv.String()); err != nil {
			return err
		}
	}
	return nil
}

// bucketCount counts the rate-limit buckets discordgo holds for a session.
func bucketCount(h *harness) int {
	rl := h.sess.Ratelimiter
	rl.Lock()
	defer rl.Unlock()
	return reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
}

// heapMB is the live heap after a collection, in MB.
func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// TestBucketsStayBounded plays many interactions and shows that the bot's
// rate-limit buckets (one per interaction token in discordgo's own calls)
// stop growing, and the heap with them. 5,000 interactions by default
// (1,500 under the race detector);
// DEALER_LONGTEST=1 plays 100,000:
//
//	DEALER_LONGTEST=1 go test -run TestBucketsStayBounded -v ./bot/
func TestBucketsStayBounded(t *testing.T) {
	n := 5000
	if raceDetector {
		n = 1500 // still six times the bound below, at a third of the time
	}
	if os.Getenv("DEALER_LONGTEST") != "" {
		n = 100_000
	}
	h := newHarnessWith(t, func(o *discordtest.Options) { o.Lean = true })
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	stale := button(t, table.Message, "Flip").CustomID
	h.click(table.ID, alice, stale) // the table moves on: the button is now stale
	var heap []float64
	for i := 1; i <= n; i++ {
		in, err := h.fake.SendComponent(discordtest.RawComponent{GuildID: guildID, ChannelID: channelID, UserID: alice, MessageID: table.ID, CustomID: stale})
		require.NoError(t, err)
		r, err := in.WaitFinal(wait)
		require.NoError(t, err)
		require.True(t, r.Ephemeral, r.Text())
		if i%(n/5) == 0 {
			heap = append(heap, heapMB())
			fmt.Printf("buckets: interactions=%d buckets=%d heap=%.1fMB\n", i, bucketCount(h), heap[len(heap)-1])
		}
	}
	assert.LessOrEqual(t, bucketCount(h), 256+16, "buckets are bounded, not one per interaction")
}
