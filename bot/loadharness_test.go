package bot_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
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
	if r.bot != nil {
		_ = r.fake.WaitHeartbeat(5 * time.Second)
		_ = r.bot.Close()
		r.bot = nil
	}
	if r.st != nil {
		_ = r.st.Close()
		r.st = nil
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
	if !ok || m.Deleted || len(m.Components) == 0 {
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
	if strings.Contains(m.Content, "Join to take a seat") {
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
	if strings.Contains(m.Content, "Join to take a seat") {
		b, ok := m.ButtonByLabel("Join")
		if !strings.Contains(m.Content, "<@"+p.partner+">") && ok && !b.Disabled {
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
	return fmt.Sprintf("load: tables=%d moves=%d rate=%.0f/s p50=%.0fms p99=%.0fms max=%.0fms late=%d lost=%d cpu=%.2fms/interaction",
		l.tables, l.moves, float64(l.moves)/l.dur.Seconds(), ms(l.p50), ms(l.p99), ms(l.max), l.late, l.lost, ms(l.cpu)/float64(max(l.moves, 1)))
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
		out = append(out, ackedMove{table, int(version), f[3][1:]})
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
