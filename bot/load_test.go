package bot_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
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

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// A load rig is the fake Discord with many servers and players, and the bot
// on a real SQLite file. Players are scripted: each plays one table at a
// human pace, clicking what the table shows now, at random times drawn in
// advance (an open load: a slow bot does not slow the clicks down).

// loadGames are the games the rig deals, table by table in turn.
var loadGames = []string{"doublefreecell", "doublets", "doubleagent", "secretagent"}

// tablesPerGuild spreads the tables over servers (one channel each), as
// they would be spread in Discord.
const tablesPerGuild = 10

type rig struct {
	t    testing.TB
	fake *discordtest.Server
	// dbPath is the database: a SQLite file, or a PostgreSQL URL
	// (rigOptions.DB).
	dbPath  string
	st      *store.Store
	sess    *discordgo.Session
	bot     *bot.Bot
	players []*player
	logs    *logCounter
	deal    atomic.Uint64
	halt    chan struct{} // closed: drive stops early

	// onChange is the bot's Options.OnChange: the web pages' Notify when
	// TestLoad serves them (load_test.go).
	onChange func(int64)
}

// rigOptions shape a rig beyond its number of players (newRigWith).
type rigOptions struct {
	// DB is the database (a PostgreSQL URL); "" is a new SQLite file.
	DB string
	// Shards spreads the guilds over that many gateway shards, in turn
	// (the fake recommends that count); 0 or 1 is one shard.
	Shards int
	// PerGuild is how many tables share a guild (default tablesPerGuild).
	PerGuild int
	// Full keeps the fake's whole record (requests, messages' edit
	// history) instead of keeping memory flat (Options.Lean).
	Full bool
	// Games are the games dealt, player by player in turn (default
	// loadGames). "secretagent+dm" is Secret Agent with a second human who
	// joins the lobby and then never clicks (the turn timeout plays for
	// him), the first playing from the hands the bot sends by DM, at
	// DMGap between clicks.
	Games []string
	DMGap time.Duration
	// SchemaSample is the fake's Options.SchemaSample (0: every body is
	// checked against the schema).
	SchemaSample int
}

// newRig makes the fake with room for n players, and a database path.
func newRig(t testing.TB, n int) *rig { return newRigWith(t, n, rigOptions{}) }

// newRigWith is newRig shaped by o.
func newRigWith(t testing.TB, n int, o rigOptions) *rig {
	t.Helper()
	perGuild := o.PerGuild
	if perGuild <= 0 {
		perGuild = tablesPerGuild
	}
	gameList := o.Games
	if len(gameList) == 0 {
		gameList = loadGames
	}
	var guilds []discordtest.Guild
	for g := 0; g*perGuild < n; g++ {
		id := strconv.Itoa(1300000000000000000 + g)
		if o.Shards > 1 {
			// Consecutive guilds on consecutive shards: (id >> 22) % count.
			id = strconv.FormatUint((uint64(1300000000000000000)>>22+uint64(g))<<22|1, 10)
		}
		guilds = append(guilds, discordtest.Guild{ID: id, Name: fmt.Sprintf("Club %d", g), ChannelID: strconv.Itoa(1400000000000000000 + g)})
	}
	db := o.DB
	if db == "" {
		db = filepath.Join(t.TempDir(), "dealer.db")
	}
	fake := discordtest.New(t, discordtest.Options{Guilds: guilds, Lean: !o.Full, Shards: o.Shards, SchemaSample: o.SchemaSample})
	r := &rig{t: t, fake: fake, dbPath: db, logs: &logCounter{}, halt: make(chan struct{})}
	for i := range n {
		g := guilds[i/perGuild]
		p := &player{r: r, n: i, user: strconv.Itoa(1500000000000000000 + i), guild: g.ID, channel: g.ChannelID,
			game: gameList[i%len(gameList)], rng: rand.New(rand.NewPCG(uint64(i), 7))}
		if p.game == "secretagent+dm" {
			p.game, p.partner, p.gap = "secretagent", strconv.Itoa(1600000000000000000+i), o.DMGap
			r.fake.AddUser(discordtest.User{ID: p.partner, Name: "absent" + strconv.Itoa(i)})
		}
		r.fake.AddUser(discordtest.User{ID: p.user, Name: "player" + strconv.Itoa(i)})
		r.players = append(r.players, p)
	}
	t.Cleanup(r.stop) // before the fake's Close (LIFO)
	return r
}

// start opens the store and connects the bot, as a new process would.
func (r *rig) start() {
	r.sess = r.fake.NewSession()
	r.st, r.bot = startBot(r.t, r.dbPath, bot.Options{
		Session: r.sess, Logger: slog.New(r.logs), NewDeal: func() uint64 { return r.deal.Add(1) }, OnChange: r.onChange,
	}, nil)
}

// stop disconnects the bot and closes the store.
func (r *rig) stop() {
	stopBot(r.fake, r.bot, r.st, true)
	r.bot, r.st = nil, nil
}

// driveInBackground drives the players (drive) on a goroutine. done is
// closed when they stop; stop halts them, once however often it is
// called, and waits until they have.
func (r *rig) driveInBackground(d, gap time.Duration) (done <-chan struct{}, stop func()) {
	driven := make(chan struct{})
	go func() {
		defer close(driven)
		r.drive(d, gap)
	}()
	var once sync.Once
	return driven, func() {
		once.Do(func() { close(r.halt) })
		<-driven
	}
}

// drive runs every player for d (or until halt is closed), each clicking on
// average every gap, and returns when the last click has been sent.
func (r *rig) drive(d, gap time.Duration) {
	start := time.Now()
	end := start.Add(d)
	var wg sync.WaitGroup
	for _, p := range r.players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			next, gap := start, gap
			if p.gap > 0 {
				gap = p.gap
			}
			for {
				next = next.Add(time.Duration(p.rng.ExpFloat64() * float64(gap)))
				if next.After(end) {
					return
				}
				select {
				case <-time.After(time.Until(next)):
				case <-r.halt:
					return
				}
				p.step()
			}
		}()
	}
	wg.Wait()
}

// player is one scripted human at one table at a time.
type player struct {
	r                     *rig
	n                     int
	user, guild, channel  string
	game                  string
	rng                   *rand.Rand
	mu                    sync.Mutex
	table                 string // the table message, "" before the first deal
	hand                  string // Secret Agent: the private hand from My hand
	last                  *discordtest.Interaction
	lastKind              byte // 'p' /play, 'h' My hand, 'm' a card of the hand, 'd' of a hand by DM, 'c' a table button
	clicks                int  // clicks at this table
	sent, misses, waiting int
	// partner is a second human who joins the player's Secret Agent lobby
	// and never clicks again; the player then plays from the hands sent
	// by DM (rigOptions.Games "secretagent+dm"). gap is the player's own
	// mean time between clicks (0: drive's).
	partner string
	gap     time.Duration
}

// step makes the player's next click, on what the table shows now.
func (p *player) step() {
	p.mu.Lock()
	defer p.mu.Unlock()
	var m discordtest.Message // the table as it is now
	fresh := false
	if p.last != nil {
		if resp, ok := p.last.Response(); ok && !resp.Deferred {
			p.digest(resp)
			p.last = nil
			// An answer that updated the table holds it as it is now: no
			// need to read it again.
			m, fresh = resp.Message, resp.ID == p.table && p.table != ""
		} else if p.lastKind == 'p' && time.Since(p.last.Created) < 5*time.Second {
			p.waiting++ // the table is being dealt
			return
		}
	}
	if p.table == "" {
		p.play()
		return
	}
	ok := true
	if !fresh {
		m, ok = p.r.fake.Message(p.table)
	}
	if !ok || m.Deleted || finishedTable(m) {
		p.play() // the game is over: deal another
		return
	}
	if p.partner != "" {
		p.stepByDM(m)
		return
	}
	if p.game == "secretagent" {
		p.stepSecretAgent(m)
		return
	}
	p.stepSolitaire(m)
}

// digest reads the answer to the previous click.
func (p *player) digest(resp discordtest.Response) {
	switch p.lastKind {
	case 'p':
		if !resp.Ephemeral && len(resp.Components) > 0 {
			p.table, p.hand, p.clicks = resp.ID, "", 0
		}
	case 'h':
		p.hand = ""
		if resp.Ephemeral && len(resp.Components) > 0 {
			p.hand = resp.ID
		}
	case 'm':
		if resp.ID != p.hand || resp.Type != discordtest.CallbackUpdateMessage {
			p.hand = "" // refused: look at the hand again
		}
	}
}

// clickAnswered makes the player's next click and waits for its final
// answer, which the player digests; in is nil when there was no click
// (the button changed under the player's finger).
func (p *player) clickAnswered(t *testing.T) (in *discordtest.Interaction, kind byte, resp discordtest.Response) {
	p.step()
	p.mu.Lock()
	in, kind = p.last, p.lastKind
	p.mu.Unlock()
	if in == nil {
		return nil, kind, resp
	}
	resp, err := in.WaitFinal(wait)
	require.NoError(t, err, "player %d: a click is answered", p.n)
	p.mu.Lock()
	p.digest(resp)
	p.mu.Unlock()
	return in, kind, resp
}

// clickTaken reports whether a click of kind was taken, by its answer: a
// deal, a hand shown, or a table updated.
func clickTaken(kind byte, resp discordtest.Response) bool {
	return kind == 'p' || kind == 'h' && len(resp.Components) > 0 || resp.Type == discordtest.CallbackUpdateMessage
}

func (p *player) play() {
	p.table, p.hand = "", ""
	in, err := p.r.fake.SlashCommand(p.guild, p.channel, p.user, "play", map[string]any{"game": p.game})
	p.sent++
	if err != nil && in == nil {
		p.misses++
		return
	}
	p.last, p.lastKind = in, 'p'
}

// click clicks a button; the fake refuses a button that has gone or been
// disabled since (Discord's client would not send it either).
func (p *player) click(messageID, customID string, kind byte) {
	in, err := p.r.fake.Click(messageID, p.user, customID)
	if in == nil {
		p.misses++
		_ = err
		return
	}
	p.sent++
	p.clicks++
	p.last, p.lastKind = in, kind
}

func (p *player) stepSecretAgent(m discordtest.Message) {
	if strings.Contains(m.Text(), "Join to take a seat") {
		if b, ok := m.ButtonByLabel("Start"); ok {
			p.click(m.ID, b.CustomID, 'c')
		}
		return
	}
	if p.hand != "" {
		if h, ok := p.r.fake.Message(p.hand); ok {
			if bs := enabledButtons(h); len(bs) > 0 {
				p.click(h.ID, bs[p.rng.IntN(len(bs))].CustomID, 'm')
				return
			}
		}
	}
	if b, ok := m.ButtonByLabel("My hand"); ok {
		p.click(m.ID, b.CustomID, 'h')
	}
}

// stepByDM plays Secret Agent with an absent partner: the partner joins
// the lobby, the player starts it, and then plays a card of the latest hand
// the bot sent by DM for this table.
func (p *player) stepByDM(m discordtest.Message) {
	if strings.Contains(m.Text(), "Join to take a seat") {
		b, ok := m.ButtonByLabel("Join")
		if !strings.Contains(m.Text(), "<@"+p.partner+">") && ok && !b.Disabled {
			// The partner's one click; it is not the player's.
			if in, _ := p.r.fake.Click(m.ID, p.partner, b.CustomID); in != nil {
				p.sent++
			}
			return
		}
		if b, ok := m.ButtonByLabel("Start"); ok {
			p.click(m.ID, b.CustomID, 'c')
		}
		return
	}
	prefix := ""
	for _, b := range m.Buttons() {
		if f := strings.SplitN(b.CustomID, ":", 3); len(f) == 3 {
			prefix = f[0] + ":" + f[1] + ":"
			break
		}
	}
	if prefix == "" {
		return
	}
	dms := p.r.fake.DMs(p.user)
	for k := len(dms) - 1; k >= 0; k-- {
		all := dms[k].Buttons()
		if len(all) == 0 || !strings.HasPrefix(all[0].CustomID, prefix) {
			continue
		}
		// The latest hand of this table: play one of its cards, if any
		// may be played now.
		if bs := enabledButtons(dms[k]); len(bs) > 0 {
			p.click(dms[k].ID, bs[p.rng.IntN(len(bs))].CustomID, 'd')
		}
		return
	}
}

// stepSolitaire clicks like a casual player: a card, then one of the lit
// places it can go to; now and then Undo; rarely Resign.
func (p *player) stepSolitaire(m discordtest.Message) {
	var yes, cancel, undo, resign *discordtest.Button
	var moves []discordtest.Button
	bs := enabledButtons(m)
	for i, b := range bs {
		switch {
		case strings.HasPrefix(b.Label, "Yes,"):
			yes = &bs[i]
		case b.Label == "Cancel" || strings.HasPrefix(b.Label, "No,"):
			cancel = &bs[i]
		case b.Label == "Undo":
			undo = &bs[i]
		case b.Label == "Resign":
			resign = &bs[i]
		case action(b.CustomID) == 's', action(b.CustomID) == 'm':
			moves = append(moves, b)
		}
	}
	pick := func(b *discordtest.Button) { p.click(m.ID, b.CustomID, 'c') }
	x := p.rng.Float64()
	switch {
	case yes != nil:
		pick(yes)
	case resign != nil && (len(moves) == 0 && undo == nil || p.clicks > 300 || x < 0.01):
		pick(resign)
	case undo != nil && (len(moves) == 0 || x < 0.05):
		pick(undo)
	case len(moves) > 0 && (cancel == nil || x < 0.9):
		pick(&moves[p.rng.IntN(len(moves))])
	case cancel != nil:
		pick(cancel)
	}
}

// action is a custom_id's action letter ("t:<table>:<version>:<action>…").
// finishedTable reports whether a table message is a finished game's:
// none of its buttons plays on (Rematch, New deal and Same deal again
// deal the next game).
func finishedTable(m discordtest.Message) bool {
	for _, id := range m.CustomIDs() {
		if a := action(id); a != 'f' && a != 'n' && a != 'e' {
			return false
		}
	}
	return true
}

func action(customID string) byte {
	rest := customID
	for range 3 { // past the third colon, without splitting
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			return 0
		}
		rest = rest[i+1:]
	}
	if rest == "" {
		return 0
	}
	return rest[0]
}

func enabledButtons(m discordtest.Message) []discordtest.Button {
	n := 0
	for _, r := range m.Components {
		n += len(r.Buttons)
	}
	out := make([]discordtest.Button, 0, n)
	for _, r := range m.Components {
		for _, b := range r.Buttons {
			if !b.Disabled {
				out = append(out, b)
			}
		}
	}
	return out
}

// loadResult is what a run measured.
type loadResult struct {
	engine        string
	tables, moves int
	dur           time.Duration
	p50, p99, max time.Duration
	late, lost    int
	acked, failed int
	// cpu is the CPU time the process (bot and fake) used while the
	// players played.
	cpu time.Duration
}

// rate is the interactions answered per second.
func (l loadResult) rate() float64 { return float64(l.moves) / max(l.dur.Seconds(), 1e-9) }

func (l loadResult) String() string {
	return fmt.Sprintf("load: engine=%s tables=%d moves=%d rate=%.0f/s p50=%.0fms p99=%.0fms max=%.0fms late=%d lost=%d cpu=%.2fms/interaction",
		l.engine, l.tables, l.moves, float64(l.moves)/l.dur.Seconds(), ms(l.p50), ms(l.p99), ms(l.max), l.late, l.lost, ms(l.cpu)/float64(max(l.moves, 1)))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// latencies reads the fake's timings of the interactions created in
// [from, to): the latency of each (created → first answer), how many were
// answered after the 3 s, or never.
func (r *rig) latencies(from, to time.Time) (lat []time.Duration, late int) {
	for _, tm := range r.fake.Timings() {
		if tm.Created.Before(from) || !tm.Created.Before(to) {
			continue
		}
		l := tm.Latency()
		if tm.Late || l < 0 || l > r.fake.AckDeadline() {
			late++
		}
		if l >= 0 {
			lat = append(lat, l)
		}
	}
	slices.Sort(lat)
	return lat, late
}

func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[int(q*float64(len(sorted)-1)+0.5)]
}

// ackedMove is a move click that the bot answered by showing the move made.
type ackedMove struct {
	table   int64
	version int
	move    string
	at      time.Time // when the player saw it made: the answer's final state
}

// ackedMoves lists the move clicks created before 'before' that the bot
// acknowledged: an update of the message clicked (the table, or the hand),
// not a private refusal.
func (r *rig) ackedMoves(before time.Time) []ackedMove {
	var out []ackedMove
	for _, in := range r.fake.Interactions() {
		if in.Type != discordtest.InteractionComponent || !in.Created.Before(before) {
			continue
		}
		f := strings.SplitN(in.CustomID, ":", 4)
		if len(f) != 4 || f[0] != "t" || !strings.HasPrefix(f[3], "m") {
			continue
		}
		resp, ok := in.Response()
		if !ok || resp.Deferred || len(resp.Followups) > 0 ||
			(resp.Type != discordtest.CallbackUpdateMessage && resp.Type != discordtest.CallbackDeferredUpdate) {
			continue
		}
		table, err1 := strconv.ParseInt(f[1], 36, 64)
		version, err2 := strconv.ParseInt(f[2], 36, 32)
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, ackedMove{table, int(version), f[3][1:], resp.FinalAt})
	}
	return out
}

// lostMoves counts acknowledged moves that are not in the store's logs.
func lostMoves(t testing.TB, st *store.Store, acked []ackedMove) int {
	logs := map[int64][]string{}
	lost := 0
	for _, a := range acked {
		log, ok := logs[a.table]
		if !ok {
			entries, err := st.Moves(context.Background(), a.table)
			require.NoError(t, err)
			for _, e := range entries {
				log = append(log, e.Move)
			}
			logs[a.table] = log
		}
		if a.version >= len(log) || log[a.version] != a.move {
			lost++
			if lost <= 5 {
				t.Logf("lost: table %d move %d %q (log has %d)", a.table, a.version, a.move, len(log))
			}
		}
	}
	return lost
}

// logCounter is the bot's logger during load: it counts warnings and errors
// and keeps the first few.
type logCounter struct {
	mu     sync.Mutex
	counts map[slog.Level]int
	first  []string
}

func (l *logCounter) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelWarn }
func (l *logCounter) Handle(_ context.Context, rec slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.counts == nil {
		l.counts = map[slog.Level]int{}
	}
	l.counts[rec.Level]++
	if len(l.first) < 10 {
		var sb strings.Builder
		sb.WriteString(rec.Message)
		rec.Attrs(func(a slog.Attr) bool {
			fmt.Fprintf(&sb, " %s=%v", a.Key, a.Value)
			return true
		})
		l.first = append(l.first, sb.String())
	}
	return nil
}
func (l *logCounter) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logCounter) WithGroup(string) slog.Handler      { return l }

func (l *logCounter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return fmt.Sprintf("warnings=%d errors=%d first=%q", l.counts[slog.LevelWarn], l.counts[slog.LevelError], l.first)
}

var _ = io.Discard

// breakdown logs p50/p99 by kind of interaction and by 5 s window, to see
// where time goes.
func (r *rig) breakdown(t testing.TB, from, to time.Time) {
	kinds := map[string][]time.Duration{}
	windows := map[int][]time.Duration{}
	for _, in := range r.fake.Interactions() {
		tm := in.Timing()
		if tm.Created.Before(from) || !tm.Created.Before(to) {
			continue
		}
		k := "/" + in.Name
		if in.Type == discordtest.InteractionComponent {
			f := strings.SplitN(in.CustomID, ":", 4)
			k = "?"
			if len(f) == 4 && f[3] != "" {
				k = f[3][:1]
			}
		}
		l := tm.Latency()
		if l < 0 {
			l = time.Hour
		}
		kinds[k] = append(kinds[k], l)
		w := int(tm.Created.Sub(from) / (5 * time.Second))
		windows[w] = append(windows[w], l)
	}
	for k, l := range kinds {
		slices.Sort(l)
		t.Logf("kind %-6s n=%5d p50=%6.0fms p99=%6.0fms", k, len(l), ms(percentile(l, 0.5)), ms(percentile(l, 0.99)))
	}
	for w := 0; w <= int(to.Sub(from)/(5*time.Second)); w++ {
		l := windows[w]
		slices.Sort(l)
		t.Logf("window %3ds n=%5d p50=%6.0fms p99=%6.0fms", w*5, len(l), ms(percentile(l, 0.5)), ms(percentile(l, 0.99)))
	}
}

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
	loadEngines      = flag.String("load.engines", "", "TestLoad, TestLoadRateSearch: sqlite, postgres, or both (one run and one line each, SQLite first); default: sqlite, or postgres with -load.postgres")
)

// loadEngineNames are the engines -load.engines and -load.postgres ask
// TestLoad to run on, in turn.
func loadEngineNames(t *testing.T) []string {
	switch *loadEngines {
	case "":
		if *loadPostgres {
			return []string{store.EnginePostgres}
		}
		return []string{store.EngineSQLite}
	case "both":
		return []string{store.EngineSQLite, store.EnginePostgres}
	case store.EngineSQLite, store.EnginePostgres:
		return []string{*loadEngines}
	}
	t.Fatalf("-load.engines %q: want sqlite, postgres or both", *loadEngines)
	return nil
}

// TestLoad plays many tables of every game at once, at a human pace, through
// the fake Discord and on a real database, and prints one line of figures
// per engine (-load.engines both: SQLite, then PostgreSQL, the same load
// back to back, the lines printed together at the end). Every interaction
// must be answered within the 3 s and every acknowledged move must be in
// the store afterwards.
func TestLoad(t *testing.T) {
	var lines []string
	for _, engine := range loadEngineNames(t) {
		t.Run(engine, func(t *testing.T) {
			res := runLoad(t, engine, *loadTables, *loadDuration, *loadGap)
			assert.Zero(t, res.late, "interactions answered late or never")
			assert.Zero(t, res.lost, "acknowledged moves missing from the store")
			assert.Positive(t, res.acked, "moves were made")
			lines = append(lines, res.String())
		})
	}
	for _, l := range lines {
		fmt.Println(l)
	}
}

// TestLoadRateSearch finds the highest rate of interactions the bot
// sustains with p99 ≤ 1 s and none late (past the 3 s players see "This
// interaction failed"), and prints it:
//
//	capacity: engine=… rate=…/s p99=…ms tables=…
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
// Every step must lose no acknowledged move. -load.engines both searches
// on SQLite, then on PostgreSQL, and prints both capacity lines at the
// end; -load.postgres searches on PostgreSQL alone.
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
	var lines []string
	for _, engine := range loadEngineNames(t) {
		t.Run(engine, func(t *testing.T) { lines = append(lines, searchCapacity(t, engine, fixed)) })
	}
	for _, l := range lines {
		fmt.Println(l)
	}
}

// searchCapacity is TestLoadRateSearch on engine: it plays the table
// counts fixed, or searches, and returns the capacity line.
func searchCapacity(t *testing.T, engine string, fixed []int) string {
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
		t.Run(fmt.Sprintf("tables=%d", n), func(t *testing.T) { res = runLoad(t, engine, n, *loadSearchStep, *loadGap) })
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
	return fmt.Sprintf("capacity: engine=%s rate=%.0f/s p99=%.0fms tables=%d (highest with p99 <= %v and late=0; next failing: %d tables; %d-core machine, search took %.0fs)",
		engine, best.rate(), ms(best.p99), best.tables, loadSearchP99, hi, runtime.NumCPU(), time.Since(began).Seconds())
}

// loadSearchP99 is the latency TestLoadRateSearch holds p99 to.
const loadSearchP99 = time.Second

// runLoad runs n tables for d on engine and measures.
func runLoad(t *testing.T, engine string, n int, d, gap time.Duration) loadResult {
	// At 100 tables and more, the fake checks one body in 20 per route
	// against Discord's OpenAPI schema (every one in the other tests and
	// in the short TestLoad of every run): in full, the check takes a good
	// share of the CPU the fake and the bot share here.
	var o rigOptions
	if n >= 100 {
		o.SchemaSample = 20
	}
	if engine == store.EnginePostgres {
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
	res := loadResult{engine: engine, tables: n, moves: len(lat), dur: to.Sub(from), p50: percentile(lat, 0.5), p99: percentile(lat, 0.99),
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
