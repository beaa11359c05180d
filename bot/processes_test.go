package bot_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
)

// The bot in child processes (this test binary again): one killed in the
// middle of a load and started again (TestCrashRecovery), and several
// sharing the load and the database, one of them killed (TestScaleOut).

// scaleChildEnv makes the test binary a bot process of TestScaleOut; its
// value is the process's scaleSpec, as JSON.
const scaleChildEnv = "DEALER_BOT_SCALE_CHILD"

// TestScaleOut's shape: tables per mode, how long the players click, and
// the bot processes' turn timeout (short, so that turn timers fire all the
// time: every multiplayer table has a human who never clicks).
const (
	scaleTables = 24
	scaleLoad   = 12 * time.Second
	scaleGap    = time.Second            // a player's mean time between clicks
	scaleDMGap  = 300 * time.Millisecond // a Secret Agent player's, playing by DM
	scaleTurn   = 400 * time.Millisecond
	// scaleLease is the bot's timer lease (bot/timers.go, timerLease): a
	// timer claimed by a process that died is taken over after it.
	scaleLease = 30 * time.Second
	// scaleMargin is how long past due (or past a dead claim) a timer may
	// wait to be fired, on a busy machine.
	scaleMargin = 15 * time.Second
)

// scaleGames are the tables dealt, player by player in turn: solitaires,
// Secret Agent played from My hand, and Secret Agent with a second human
// who never clicks, played from the hands sent by DM.
var scaleGames = []string{"doublefreecell", "secretagent+dm", "doublets", "secretagent", "doubleagent", "secretagent+dm"}

// scaleSpec is what one bot process of TestScaleOut runs.
type scaleSpec struct {
	DB          string // the PostgreSQL URL
	Fake        string // the fake Discord's URL
	HTTP        bool   // interactions over HTTP (else the gateway)
	PublicKey   string // HTTP: the application's key, in hex
	Shard, Of   int    // gateway: the shard it runs, of how many
	TurnTimeout time.Duration
	Name        string // in its requests' User-Agent, after scaleAgent
}

// scaleAgent ends a bot process's User-Agent, before its name: the fake's
// record of requests says which process sent each.
const scaleAgent = " scale-process/"

// TestScaleOut runs the bot as two processes on one PostgreSQL and one
// fake Discord, under load, and kills one of them with SIGKILL mid-load:
//
//   - gateway: process A runs shard 0 of 2 and B shard 1; DM clicks come on
//     shard 0 only, so A serves the DM clicks of B's tables (loading them
//     from the store). B is killed, and its shard's guilds are served again
//     once a new process runs shard 1;
//   - http: both processes serve the interactions endpoint, behind a
//     round-robin balancer that tries the next process when one refuses the
//     connection; B is killed, and A serves its share at once.
//
// Turn timers fire all along (a human at every multiplayer table never
// clicks). Checked: every acknowledged move is in the store; no turn timer
// played twice (the processes' logs); after the run, every overdue timer
// is fired (a dead process's claim, after its lease) and every
// multiplayer table moves on; no message's picture went back to an older
// version of its table, but for one known case that is counted, not
// asserted: two clicks on one table at once taken by two processes (HTTP
// mode), whose answers reach Discord in the wrong order (the table's lock
// orders answers within one process only); the survivor answered the dead
// process's share. It prints one line a mode.
func TestScaleOut(t *testing.T) {
	if asChild(t, scaleChildEnv, scaleChild, "runs bot processes on PostgreSQL") {
		return
	}
	db := pgtest.URL(t) // skips the test, in one line, without PostgreSQL
	t.Run("gateway", func(t *testing.T) { newScaleRun(t, false, db).run() })
	t.Run("http", func(t *testing.T) { newScaleRun(t, true, pgtest.URL(t)).run() })
}

// scaleRun is one mode's run.
type scaleRun struct {
	t        *testing.T
	http     bool
	db       string
	r        *rig
	st       *store.Store
	lb       *balancer
	a, b     *scaleProc // A survives; B is killed
	restart  *scaleProc // gateway: B's shard again
	procs    []*scaleProc
	killedAt time.Time
	backAt   time.Time // gateway: when the new shard 1 was ready

	guilds sync.Map // table id → guild id, read from the store once
	stale  int      // stale copies' clicks that changed a table or showed a hand (staleCopies)
}

func newScaleRun(t *testing.T, http bool, db string) *scaleRun {
	o := rigOptions{DB: db, PerGuild: 2, Full: true, Games: scaleGames, DMGap: scaleDMGap}
	if !http {
		o.Shards = 2
	}
	s := &scaleRun{t: t, http: http, db: db, r: newRigWith(t, scaleTables, o)}
	// The schema is made once, here, before the processes start; this
	// store reads what they did.
	st, err := store.Open(db)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	s.st = st
	return s
}

func (s *scaleRun) start(name string, shard int) *scaleProc {
	p := startScaleProc(s.t, name, scaleSpec{DB: s.db, Fake: s.r.fake.URL(), HTTP: s.http, PublicKey: s.r.fake.PublicKeyHex(),
		Shard: shard, Of: 2, TurnTimeout: scaleTurn, Name: name})
	s.procs = append(s.procs, p)
	return p
}

func (s *scaleRun) run() {
	t, r := s.t, s.r
	s.a, s.b = s.start("A", 0), s.start("B", 1)
	if s.http {
		s.lb = newBalancer(s.a.addr, s.b.addr)
		front := httptest.NewServer(s.lb)
		t.Cleanup(front.Close)
		require.NoError(t, r.fake.SetInteractionsEndpoint(front.URL+"/interactions"))
		s.stale = s.staleCopies()
	}

	from := time.Now()
	loadDone, stop := r.driveInBackground(3*time.Minute, scaleGap) // until stopped
	defer stop()

	// Load a third of the time, and until moves are acknowledged and
	// timers fire, however slow the machine; then B dies.
	select {
	case <-time.After(scaleLoad / 3):
	case <-loadDone:
	}
	require.True(t, r.fake.WaitUntil(3*time.Minute, func() bool {
		return answeredMoves(r.fake) >= 40 && len(s.a.log.playsSince(time.Time{}))+len(s.b.log.playsSince(time.Time{})) >= 5
	}), "moves are acknowledged and turn timers fire before the kill")
	s.b.kill()
	s.killedAt = time.Now()
	if s.http {
		s.afterKillHTTP()
	} else {
		s.afterKillGateway()
	}

	// The rest of the load, then the last answers.
	if rest := scaleLoad - time.Since(from); rest > 0 {
		select {
		case <-time.After(rest):
		case <-loadDone:
		}
	}
	stop()
	to := time.Now()
	s.settle(time.Minute)
	s.check(from, to)
}

// afterKillGateway lets the players click at the dead shard's guilds a
// while, waits until A has fired a turn timer of one of B's tables (A
// claims any process's timers), and starts shard 1 again: its guilds are
// served once more.
func (s *scaleRun) afterKillGateway() {
	t, r := s.t, s.r
	r.fake.WaitUntil(time.Minute, func() bool { return clicksSince(r.fake, s.killedAt) >= 10 })
	require.True(t, r.fake.WaitUntil(time.Minute, func() bool {
		for _, p := range s.a.log.playsSince(s.killedAt) {
			if s.shardOf(p.table) == 1 {
				return true
			}
		}
		return false
	}), "A fires the turn timers of B's tables while B is down")
	s.restart = s.start("B2", 1)
	s.backAt = time.Now()
	require.True(t, r.fake.WaitUntil(2*time.Minute, func() bool {
		for _, in := range r.fake.Interactions() {
			if in.GuildID != "" && in.Created.After(s.backAt) && discordtest.ShardFor(in.GuildID, 2) == 1 && !in.Timing().Responded.IsZero() {
				return true
			}
		}
		return false
	}), "shard 1's guilds are served again after the restart")
}

// afterKillHTTP waits until A has answered interactions that the balancer
// first tried on B (refused: B is dead), at once.
func (s *scaleRun) afterKillHTTP() {
	t, r := s.t, s.r
	require.True(t, r.fake.WaitUntil(2*time.Minute, func() bool {
		answered, _ := s.failedOver()
		return answered >= 20
	}), "A answers the interactions B can no longer take")
}

// served is the process that an interaction went to.
func (s *scaleRun) served(in *discordtest.Interaction) *scaleProc {
	if s.http {
		switch s.lb.backendOf(in.ID) {
		case s.a.addr:
			return s.a
		case s.b.addr:
			return s.b
		}
		return nil
	}
	if in.GuildID == "" || discordtest.ShardFor(in.GuildID, 2) == 0 {
		return s.a
	}
	if s.restart != nil && in.Created.After(s.backAt) {
		return s.restart
	}
	return s.b
}

// settle waits until every interaction is answered for good, or failed
// (not answered within its 3 s), or was deferred by the process that was
// then killed (its answer never comes).
func (s *scaleRun) settle(timeout time.Duration) {
	r := s.r
	ok := r.fake.WaitUntil(timeout, func() bool {
		now := time.Now()
		for _, in := range r.fake.Interactions() {
			tm := in.Timing()
			switch {
			case !tm.Final.IsZero():
			case tm.Responded.IsZero() && now.After(tm.Created.Add(r.fake.AckDeadline()+50*time.Millisecond)):
			case !tm.Responded.IsZero() && s.served(in) == s.b:
			default:
				return false
			}
		}
		return true
	})
	if !ok {
		s.t.Logf("some interactions are still unanswered after %v", timeout)
	}
}

// runFigures are what a run of bot processes measures between two times,
// from the fake's record, the store and the processes' logs.
type runFigures struct {
	interactions, late int      // interactions answered, and those answered late
	moves, lost        int      // moves acknowledged, and those missing from the store
	double, plays      int      // turn timers that played twice; moves turn timers played
	overdue, stalled   int      // see timersFire
	backwards, crossed int      // see backwardPictures
	examples           []string // of backwards
}

// measure reads the run's figures from from to to.
func (s *scaleRun) measure(from, to time.Time) runFigures {
	var f runFigures
	lat, late := s.r.latencies(from, to)
	acked := s.r.ackedMoves(to)
	f.interactions, f.late, f.moves, f.lost = len(lat), late, len(acked), lostMoves(s.t, s.st, acked)
	f.double, f.plays = s.doubleTimers()
	f.overdue, f.stalled = s.timersFire()
	f.backwards, f.crossed, f.examples = s.backwardPictures()
	return f
}

// check measures the run and asserts what must hold.
func (s *scaleRun) check(from, to time.Time) {
	t, r := s.t, s.r
	f := s.measure(from, to)

	mode := "gateway"
	if s.http {
		mode = "http"
	}
	fmt.Printf("scale: mode=%s processes=2 tables=%d moves=%d lost=%d double_timers=%d late=%d timer_moves=%d interactions=%d backwards=%d crossed=%d stale=%d\n",
		mode, len(r.players), f.moves, f.lost, f.double, f.late, f.plays, f.interactions, f.backwards, f.crossed, s.stale)
	s.report()

	assert.Zero(t, f.lost, "acknowledged moves missing from the store")
	assert.Zero(t, f.double, "turn timers that played twice")
	assert.Zero(t, s.stale, "stale copies' clicks that changed a table or showed a hand")
	assert.Positive(t, f.plays, "turn timers fired")
	assert.Zero(t, f.overdue, "turn timers past due, not fired")
	assert.Zero(t, f.stalled, "multiplayer tables that stopped moving")
	assert.Zero(t, f.backwards-f.crossed, "messages whose picture went back to an older table: %s", strings.Join(f.examples, "; "))
	assert.Empty(t, s.violations(), "what real Discord refuses, other than requests cut off by the kill")
	s.checkShare()
}

// checkShare asserts that the survivor took over the dead process's share,
// and logs who served what.
func (s *scaleRun) checkShare() {
	t, r := s.t, s.r
	if s.http {
		answered, failed := s.failedOver()
		servedA, servedB, afterKill := s.lb.counts(s.killedAt)
		t.Logf("balancer: A served %d, B %d; after the kill: %d requests, all to A (%d to B); %d tried on dead B first: %d answered by A, %d not; %d cut off in flight at B",
			servedA, servedB, afterKill[s.a.addr]+afterKill[s.b.addr], afterKill[s.b.addr], answered+failed, answered, failed, s.lb.cutOff())
		assert.Zero(t, afterKill[s.b.addr], "requests served by the dead process")
		assert.Positive(t, answered, "interactions answered by A after B died")
		return
	}
	var dmServed, down, downAnswered, after, afterAnswered int
	for _, in := range r.fake.Interactions() {
		_, ok := in.Response()
		switch {
		case in.GuildID == "" && in.Created.After(s.killedAt) && in.Created.Before(s.backAt) && ok && in.Type == discordtest.InteractionComponent:
			if id, err := strconv.ParseInt(strings.SplitN(in.CustomID+"::", ":", 3)[1], 36, 64); err == nil && s.shardOf(id) == 1 {
				dmServed++
			}
		case in.GuildID != "" && discordtest.ShardFor(in.GuildID, 2) == 1 && in.Created.After(s.killedAt) && in.Created.Before(s.backAt):
			down++
			if ok {
				downAnswered++
			}
		case in.GuildID != "" && discordtest.ShardFor(in.GuildID, 2) == 1 && in.Created.After(s.backAt):
			after++
			if ok {
				afterAnswered++
			}
		}
	}
	var byA int
	for _, p := range s.a.log.playsSince(s.killedAt) {
		if p.at.Before(s.backAt) && s.shardOf(p.table) == 1 {
			byA++
		}
	}
	t.Logf("B down %.1fs: shard 1's interactions then %d (%d answered); A served %d DM clicks and %d turn timers of B's tables meanwhile; after the restart shard 1's interactions %d (%d answered)",
		s.backAt.Sub(s.killedAt).Seconds(), down, downAnswered, dmServed, byA, after, afterAnswered)
	assert.Positive(t, byA, "A fired B's tables' turn timers while B was down")
	assert.Positive(t, afterAnswered, "shard 1's guilds served after the restart")
}

// report logs what the processes and the fake said.
func (s *scaleRun) report() {
	t := s.t
	for _, p := range s.procs {
		warns, errs, first := p.log.problems()
		t.Logf("process %s: turn timers played %d, warnings %d, errors %d %q", p.name, len(p.log.playsSince(time.Time{})), warns, errs, first)
	}
	if v := s.r.fake.Violations(); len(v) > 0 {
		t.Logf("fake Discord: %d violations, first: %q", len(v), v[:min(5, len(v))])
	}
}

// violations are the fake's violations, but for those about interactions
// the dead process had taken: cut off by the kill (a callback's body cut
// short, an HTTP request answered 502 by the balancer after the callback
// was accepted).
func (s *scaleRun) violations() []string {
	var dead []string
	for _, in := range s.r.fake.Interactions() {
		if s.served(in) == s.b && in.Created.Before(s.killedAt) {
			dead = append(dead, in.ID)
		}
	}
	var out []string
	for _, v := range s.r.fake.Violations() {
		switch {
		case slices.ContainsFunc(dead, func(id string) bool { return strings.Contains(v, id) }):
		case strings.Contains(v, "unreadable body: unexpected EOF"):
			// A request of B's (a redraw, a DM: no interaction's id in
			// its path) cut off in its body by the kill; a live process
			// never sends half a body.
		default:
			out = append(out, v)
		}
	}
	return out
}

// shardOf is the shard of a table's guild (-1: unknown).
func (s *scaleRun) shardOf(table int64) int {
	if g, ok := s.guilds.Load(table); ok {
		return discordtest.ShardFor(g.(string), 2)
	}
	sess, err := s.st.TableRow(context.Background(), table)
	if err != nil {
		return -1
	}
	s.guilds.Store(table, sess.GuildID)
	return discordtest.ShardFor(sess.GuildID, 2)
}

// doubleTimers counts the turns that a turn timeout played more than once
// (the same table and version in the logs of any processes), and the
// turns played.
func (s *scaleRun) doubleTimers() (double, plays int) {
	seen := map[[2]int64]int{}
	for _, p := range s.procs {
		for _, pl := range p.log.playsSince(time.Time{}) {
			seen[[2]int64{pl.table, int64(pl.version)}]++
			plays++
		}
	}
	for k, n := range seen {
		if n > 1 {
			double++
			if double <= 5 {
				s.t.Logf("turn timer of table %d at version %d played %d times", k[0], k[1], n)
			}
		}
	}
	return double, plays
}

// timerRow is a row of the timers table.
type timerRow struct {
	table             int64
	kind, claimedBy   string
	due, claimedUntil int64
	version           int
}

// timersFire checks, while the surviving processes run on without players,
// that every turn timer past due now is fired (its row gone or armed
// anew) within scaleMargin, or within the lease and scaleMargin when a
// process holds it (the dead one's claim runs out), and that every
// unfinished multiplayer game moves on (its absent players' turn timers
// fire) in that time. It returns the overdue timers left and the tables
// that did not move.
func (s *scaleRun) timersFire() (overdue, stalled int) {
	t := s.t
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.db)
	require.NoError(t, err)
	defer conn.Close(context.Background())

	now := time.Now()
	rows, err := readTimers(ctx, conn)
	require.NoError(t, err)
	late, held, deadline := overdueTurns(rows, now)
	unfinished, err := s.st.Unfinished(ctx)
	require.NoError(t, err)
	moves := map[int64]int{}
	for _, u := range unfinished {
		if u.Status == store.StatusPlaying && u.Seats > 1 {
			moves[u.ID] = u.Moves
		}
	}
	// A table whose timer the dead process holds waits until its lease
	// runs out.
	deadline = later(deadline, s.killedAt.Add(scaleLease+scaleMargin))
	tables, lateAtStart := len(moves), len(late)
	s.waitFiredAndMoved(ctx, conn, late, moves, deadline)
	s.logNotFired(ctx, conn, late, moves)
	t.Logf("after the load: %d turn timers were past due (%d of them claimed: by the dead process, until its lease runs out, or being fired), %d multiplayer games unfinished; %.1fs until all were fired and all moved on",
		lateAtStart, held, tables, time.Since(now).Seconds())
	return len(late), len(moves)
}

// overdueTurns are the turn timers of rows past due at now, by table and
// kind; held counts those a process holds, and deadline is when all of
// them should have fired (a held one's lease and scaleMargin after now).
func overdueTurns(rows []timerRow, now time.Time) (late map[[2]any]timerRow, held int, deadline time.Time) {
	deadline = now.Add(scaleMargin)
	late = map[[2]any]timerRow{}
	for _, tr := range rows {
		if tr.kind != "turn" || tr.due >= now.UnixNano() {
			continue
		}
		late[[2]any{tr.table, tr.kind}] = tr
		if tr.claimedBy != "" && tr.claimedUntil > now.UnixNano() {
			held++
			deadline = later(deadline, time.Unix(0, tr.claimedUntil).Add(scaleMargin))
		}
	}
	return late, held, deadline
}

// waitFiredAndMoved polls the database until every timer of late fired
// (its row gone or armed anew) and every table of moves moved on (or
// ended), or deadline; it leaves in late and moves those that did not.
func (s *scaleRun) waitFiredAndMoved(ctx context.Context, conn *pgx.Conn, late map[[2]any]timerRow, moves map[int64]int, deadline time.Time) {
	for {
		rows, err := readTimers(ctx, conn)
		require.NoError(s.t, err)
		armed := map[[2]any]timerRow{}
		for _, tr := range rows {
			armed[[2]any{tr.table, tr.kind}] = tr
		}
		for k, was := range late {
			if now, ok := armed[k]; !ok || now.due != was.due || now.version != was.version {
				delete(late, k)
			}
		}
		unfinished, err := s.st.Unfinished(ctx)
		require.NoError(s.t, err)
		still := map[int64]int{}
		for _, u := range unfinished {
			still[u.ID] = u.Moves
		}
		for id, m := range moves {
			if n, ok := still[id]; !ok || n > m {
				delete(moves, id)
			}
		}
		if len(late) == 0 && len(moves) == 0 || time.Now().After(deadline) || ctx.Err() != nil {
			return
		}
		select {
		case <-time.After(100 * time.Millisecond): // polling the database
		case <-ctx.Done():
		}
	}
}

// logNotFired logs the timers that did not fire and the tables that did
// not move on, with their timers and what the processes logged of them.
func (s *scaleRun) logNotFired(ctx context.Context, conn *pgx.Conn, late map[[2]any]timerRow, moves map[int64]int) {
	for k, tr := range late {
		s.t.Logf("turn timer of table %v past due by %v, not fired (claimed by %q until %v)", k[0],
			time.Since(time.Unix(0, tr.due)).Round(time.Millisecond), tr.claimedBy, time.Unix(0, tr.claimedUntil).Format(time.StampMilli))
	}
	for id, m := range moves {
		rows, _ := readTimers(ctx, conn)
		var timers []string
		for _, tr := range rows {
			if tr.table == id {
				timers = append(timers, fmt.Sprintf("%s v%d due %v ago claimed by %q", tr.kind, tr.version, time.Since(time.Unix(0, tr.due)).Round(time.Millisecond), tr.claimedBy))
			}
		}
		sess, _ := s.st.TableRow(ctx, id)
		s.t.Logf("multiplayer table %d did not move on from move %d; players %+v; timers %q; the processes' log of it:\n%s",
			id, m, sess.Players, timers, s.logOf(id))
	}
}

// logOf is what the processes logged about a table.
func (s *scaleRun) logOf(table int64) string {
	var out []string
	for _, p := range s.procs {
		for _, l := range p.log.about(table) {
			out = append(out, p.name+": "+l)
		}
	}
	return strings.Join(out, "\n")
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// readTimers reads the timers table, claims and all.
func readTimers(ctx context.Context, conn *pgx.Conn) ([]timerRow, error) {
	rows, err := conn.Query(ctx, `SELECT session_id, kind, due_at, version, claimed_by, claimed_until FROM timers`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []timerRow
	for rows.Next() {
		var tr timerRow
		if err := rows.Scan(&tr.table, &tr.kind, &tr.due, &tr.version, &tr.claimedBy, &tr.claimedUntil); err != nil {
			return nil, err
		}
		out = append(out, tr)
	}
	return out, rows.Err()
}

// backwardPictures counts the messages (tables in the channels, hands by
// DM or from My hand) whose buttons, over the message's edits, went back
// to an older version of their table: a picture older than one already
// shown. crossed counts those of them whose every step back is from an
// edit by one process to an edit by another (answers to clicks, redraws):
// two processes at one table at once (two clicks taken by two processes,
// a player clicking again before the first answer shows; a redraw and a
// click), whose edits cross on the way to Discord, as the table's lock
// orders them within one process only.
func (s *scaleRun) backwardPictures() (n, crossed int, examples []string) {
	channels := map[string]bool{}
	for _, p := range s.r.players {
		channels[p.channel] = true
		for _, u := range []string{p.user, p.partner} {
			if id, ok := s.r.fake.DMChannelID(u); ok && u != "" {
				channels[id] = true
			}
		}
	}
	// The requests about each message: edits of it, and answers to the
	// clicks on it.
	keys := map[string]string{} // interaction id or token → message
	for _, in := range s.r.fake.Interactions() {
		if in.MessageID != "" {
			keys[in.ID], keys[in.Token] = in.MessageID, in.MessageID
		}
	}
	about := map[string][]*discordtest.Request{}
	for _, rq := range s.r.fake.Requests("") {
		parts := strings.Split(rq.Path, "/")
		for _, p := range parts {
			if m, ok := keys[p]; ok {
				about[m] = append(about[m], rq)
				break
			}
		}
		if len(parts) > 1 && rq.Method == http.MethodPatch {
			about[parts[len(parts)-1]] = append(about[parts[len(parts)-1]], rq)
		}
	}
	// by is the process whose request set a state of message m.
	by := func(m string, b discordtest.Body) string {
		for _, rq := range about[m] {
			if !b.At.Before(rq.At) && !b.At.After(rq.Done) {
				_, name, _ := strings.Cut(rq.Header.Get("User-Agent"), scaleAgent)
				return name
			}
		}
		return ""
	}
	checked := 0
	for ch := range channels {
		for _, m := range s.r.fake.ChannelMessages(ch) {
			prev, back, other := -1, false, false
			var prevBody discordtest.Body
			var seq, steps []string
			for _, b := range append(slices.Clone(m.History), m.Body) {
				v := bodyVersion(b)
				if v < 0 {
					continue // no table buttons (a game over, a lobby closed)
				}
				seq = append(seq, fmt.Sprintf("%d(%s)", v, b.Via))
				if v < prev {
					p1, p2 := by(m.ID, prevBody), by(m.ID, b)
					steps = append(steps, fmt.Sprintf("%d (%s by %q) then %d (%s by %q)", prev, prevBody.Via, p1, v, b.Via, p2))
					back, other = true, other || p1 == "" || p2 == "" || p1 == p2
				}
				prev, prevBody = v, b
			}
			if prev >= 0 {
				checked++
			}
			if !back {
				continue
			}
			n++
			if !other {
				crossed++
			}
			if other || len(examples) < 3 {
				examples = append(examples, fmt.Sprintf("message %s: back %s; versions %s", m.ID, strings.Join(steps, ", "), strings.Join(seq, " ")))
			}
		}
	}
	s.t.Logf("pictures: %d messages of tables checked, %d went back (%d by edits of two processes that crossed): %s",
		checked, n, crossed, strings.Join(examples, "; "))
	return n, crossed, examples
}

// bodyVersion is the table version a message's buttons were drawn for
// (the highest), or -1 when it has none of the bot's table buttons; as
// the bot's shownVersion reads it.
func bodyVersion(b discordtest.Body) int {
	v := -1
	for _, row := range b.Components {
		for _, btn := range row.Buttons {
			f := strings.SplitN(btn.CustomID, ":", 4)
			if len(f) != 4 || f[0] != "t" {
				continue
			}
			if n, err := strconv.ParseInt(f[2], 36, 32); err == nil && int(n) > v {
				v = int(n)
			}
		}
		if row.Select != nil {
			f := strings.SplitN(row.Select.CustomID, ":", 4)
			if len(f) == 4 && f[0] == "t" {
				if n, err := strconv.ParseInt(f[2], 36, 32); err == nil && int(n) > v {
					v = int(n)
				}
			}
		}
	}
	return v
}

// failedOver counts the interactions that the balancer first tried on the
// dead process, answered and not.
func (s *scaleRun) failedOver() (answered, not int) {
	over := map[string]bool{}
	for _, id := range s.lb.failedOverIDs() {
		over[id] = true
	}
	for _, in := range s.r.fake.Interactions() {
		switch {
		case !over[in.ID]:
		case in.Timing().Responded.IsZero():
			not++
		default:
			answered++
		}
	}
	return answered, not
}

// answeredMoves counts the move clicks answered so far: cheaper than
// ackedMoves, for waiting.
func answeredMoves(fake *discordtest.Server) int {
	n := 0
	for _, in := range fake.Interactions() {
		if in.Type == discordtest.InteractionComponent && action(in.CustomID) == 'm' && !in.Timing().Responded.IsZero() {
			n++
		}
	}
	return n
}

// ---- the bot processes ------------------------------------------------

// scaleProc is a bot process of TestScaleOut.
type scaleProc struct {
	t     *testing.T
	name  string
	cmd   *exec.Cmd
	log   *procLog
	addr  string   // HTTP: where it serves the interactions endpoint
	stdin *os.File // our end of its standard input: it exits when that closes
	once  sync.Once
}

// startScaleProc starts a bot process and waits until it is connected (or
// serving HTTP).
func startScaleProc(t *testing.T, name string, sp scaleSpec) *scaleProc {
	t.Helper()
	raw, err := json.Marshal(sp)
	require.NoError(t, err)
	p := &scaleProc{t: t, name: name, log: &procLog{}}
	in, stdin, err := os.Pipe()
	require.NoError(t, err)
	p.stdin = stdin
	p.cmd, p.addr = startProcess(t, "TestScaleOut", scaleChildEnv, string(raw), p.log, in, "bot process "+name)
	in.Close()
	t.Cleanup(p.kill)
	return p
}

// kill ends the process at once, as a crash or an OOM kill would.
func (p *scaleProc) kill() {
	p.once.Do(func() {
		_ = kill(p.cmd)
		p.stdin.Close()
		if p.t.Failed() {
			p.t.Logf("bot process %s log:\n%s", p.name, p.log.tail())
		}
	})
}

// scaleChild is a bot process: it runs until it is killed, or until the
// test that started it goes away (its standard input closes).
func scaleChild(raw string) {
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(3)
	}()
	var sp scaleSpec
	if err := json.Unmarshal([]byte(raw), &sp); err != nil {
		childFail(err)
	}
	b := startChildBot(sp.DB, sp.Fake, func(o *bot.Options) error {
		o.Session.UserAgent += scaleAgent + sp.Name
		// Info: the turns played for absent players are counted from the log.
		o.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
		o.TurnTimeout = sp.TurnTimeout
		if sp.HTTP {
			key, err := hex.DecodeString(sp.PublicKey)
			o.Interactions, o.PublicKey = bot.InteractionsHTTP, key
			return err
		}
		shards, err := bot.ShardSessions(o.Session, []int{sp.Shard}, sp.Of)
		o.Shards = shards
		return err
	})
	if !sp.HTTP {
		fmt.Println("ready")
		select {}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		childFail(err)
	}
	fmt.Println("ready", ln.Addr())
	childFail(http.Serve(ln, b.HTTPHandler()))
}

// procLog reads a bot process's log as it comes: the turns played for
// absent players, the warnings and errors, and the last lines.
type procLog struct {
	mu      sync.Mutex
	partial []byte
	lines   []string // the last lines
	all     []string // every line
	plays   []absentPlay
	warns   int
	errs    int
	first   []string // the first warnings and errors
}

// absentPlay is a turn a timeout played.
type absentPlay struct {
	table   int64
	version int
	at      time.Time
}

var absentPlayLine = regexp.MustCompile(`msg="played for an absent player" table=(\d+) .*version=(\d+)`)

func (l *procLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, b...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		l.line(string(l.partial[:i]))
		l.partial = l.partial[i+1:]
	}
	return len(b), nil
}

func (l *procLog) line(s string) {
	l.all = append(l.all, s)
	if m := absentPlayLine.FindStringSubmatch(s); m != nil {
		table, _ := strconv.ParseInt(m[1], 10, 64)
		version, _ := strconv.Atoi(m[2])
		l.plays = append(l.plays, absentPlay{table, version, time.Now()})
	}
	switch {
	case strings.Contains(s, "level=WARN"):
		l.warns++
	case strings.Contains(s, "level=ERROR"), strings.HasPrefix(s, "bot process:"), strings.HasPrefix(s, "panic"):
		l.errs++
	default:
		l.keep(s)
		return
	}
	if len(l.first) < 5 {
		l.first = append(l.first, s)
	}
	l.keep(s)
}

func (l *procLog) keep(s string) {
	l.lines = append(l.lines, s)
	if len(l.lines) > 60 {
		l.lines = l.lines[len(l.lines)-40:]
	}
}

// playsSince lists the turns played since t.
func (l *procLog) playsSince(t time.Time) []absentPlay {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []absentPlay
	for _, p := range l.plays {
		if !p.at.Before(t) {
			out = append(out, p)
		}
	}
	return out
}

func (l *procLog) problems() (warns, errs int, first []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.warns, l.errs, slices.Clone(l.first)
}

// about lists the lines about a table.
func (l *procLog) about(table int64) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	key := fmt.Sprintf(" table=%d ", table)
	var out []string
	for _, s := range l.all {
		if strings.Contains(s+" ", key) {
			out = append(out, s)
		}
	}
	return out
}

// tail is what the log kept of the process's lines.
func (l *procLog) tail() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n") + string(l.partial)
}

// String is the log's tail, for a failure's message.
func (l *procLog) String() string { return l.tail() }

// ---- the load balancer ------------------------------------------------

// balancer is a round-robin load balancer in front of the processes'
// interactions endpoints. A process that refuses the connection (it is
// down) is passed over for the next, as a balancer's health check would;
// a request cut off in flight (its process died while on it) is answered
// 502.
type balancer struct {
	backends []string
	client   *http.Client
	next     atomic.Uint64

	mu     sync.Mutex
	pins   map[string]string    // user id → the backend that takes that user's interactions
	routes map[string]string    // interaction id → the backend that answered
	at     map[string]time.Time // interaction id → when the request that was answered went
	cut    map[string]string    // interaction id → the backend that died on it
	over   []string             // interactions first tried on a dead backend
}

func newBalancer(backends ...string) *balancer {
	return &balancer{backends: backends, pins: map[string]string{}, routes: map[string]string{}, at: map[string]time.Time{}, cut: map[string]string{},
		// A new connection for each request: one to a dead process is
		// refused at once, never found broken when reused.
		client: &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}}}
}

func (lb *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable request", http.StatusBadRequest)
		return
	}
	var head struct {
		ID     string `json:"id"`
		Member *struct {
			User struct {
				ID string `json:"id"`
			} `json:"user"`
		} `json:"member"`
	}
	_ = json.Unmarshal(body, &head)
	first := int(lb.next.Add(1))
	if head.Member != nil {
		lb.mu.Lock()
		if pin, ok := lb.pins[head.Member.User.ID]; ok {
			first = slices.Index(lb.backends, pin)
		}
		lb.mu.Unlock()
	}
	for k := range lb.backends {
		backend := lb.backends[(first+k)%len(lb.backends)]
		req, err := http.NewRequestWithContext(r.Context(), r.Method, "http://"+backend+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		sent := time.Now() // when it went: a request answered is one sent before its backend died
		resp, err := lb.client.Do(req)
		if errors.Is(err, syscall.ECONNREFUSED) {
			if k == 0 {
				lb.note(&lb.over, head.ID)
			}
			continue
		}
		if err != nil {
			lb.mu.Lock()
			lb.cut[head.ID] = backend
			lb.mu.Unlock()
			http.Error(w, "the backend failed", http.StatusBadGateway)
			return
		}
		lb.mu.Lock()
		lb.routes[head.ID], lb.at[head.ID] = backend, sent
		lb.mu.Unlock()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
		resp.Body.Close()
		return
	}
	http.Error(w, "no backend is up", http.StatusServiceUnavailable)
}

// pin sends user's interactions to backend first.
func (lb *balancer) pin(user, backend string) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.pins[user] = backend
}

func (lb *balancer) note(list *[]string, id string) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	*list = append(*list, id)
}

// backendOf is the backend that answered an interaction, or died on it
// ("" if none).
func (lb *balancer) backendOf(id string) string {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	if b, ok := lb.cut[id]; ok {
		return b
	}
	return lb.routes[id]
}

func (lb *balancer) failedOverIDs() []string {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	return slices.Clone(lb.over)
}

// cutOff counts the requests cut off in flight.
func (lb *balancer) cutOff() int {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	return len(lb.cut)
}

// counts are the requests each backend answered, and those sent after t
// that each answered (on a busy machine, the answer of a request sent just
// before a kill may be read after it).
func (lb *balancer) counts(t time.Time) (a, b int, after map[string]int) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	after = map[string]int{}
	for id, backend := range lb.routes {
		if backend == lb.backends[0] {
			a++
		} else {
			b++
		}
		if lb.at[id].After(t) {
			after[backend]++
		}
	}
	return a, b, after
}

// staleCopies plays, across the two processes, what a copy of a table
// kept in one process while another changed it used to get wrong (HTTP
// mode, each user's clicks pinned to one process): a lobby opened by B,
// joined at A, joined again at B (whose copy had not seen the first
// join); then started by a third process (this test, as the issue's
// report had it: with computer players, its message never updated), and
// B clicked with the lobby's buttons, all at once (a join, a leave, the
// opener's leave, a start); then played to its end there too, and B
// clicked for hands. Each must change nothing and answer from the table
// as it is; no hand goes to anyone. It returns how many did otherwise.
func (s *scaleRun) staleCopies() int {
	t, r := s.t, s.r
	guild, channel := r.players[0].guild, r.players[0].channel
	owner, ann, carol, dave := "1700000000000000001", "1700000000000000002", "1700000000000000003", "1700000000000000004"
	for i, u := range []string{owner, ann, carol, dave} {
		r.fake.AddUser(discordtest.User{ID: u, Name: []string{"owner", "ann", "carol", "dave"}[i]})
	}
	s.lb.pin(owner, s.b.addr)
	s.lb.pin(carol, s.b.addr)
	s.lb.pin(dave, s.b.addr)
	s.lb.pin(ann, s.a.addr)
	c := &staleChecker{s: s, final: discordtest.Final(t, time.Minute)}
	lobby := c.final(r.fake.SlashCommand(guild, channel, owner, "play", map[string]any{"game": "secretagent"}))
	require.False(t, lobby.Ephemeral, lobby.Text())
	c.id = tableOf(t, lobby.Message)
	join := button(t, lobby.Message, "Join").CustomID
	c.final(r.fake.Click(lobby.ID, ann, join))          // at A
	got := c.final(r.fake.Click(lobby.ID, carol, join)) // at B, whose copy had not seen Ann
	if !strings.Contains(got.Text(), "<@"+ann+">") || !strings.Contains(got.Text(), "<@"+carol+">") {
		t.Errorf("a join at a stale copy lost another's join: %q", got.Text())
		c.bad++
	}
	s.lb.pin(ann, s.b.addr)

	// Another process starts it, with computer players in the empty seats,
	// and B is clicked with the lobby's buttons.
	ctx := context.Background()
	tb, err := play.Load(ctx, s.st, catalog.Registry().Engines(), c.id)
	require.NoError(t, err)
	require.NoError(t, tb.Start(ctx, play.Fill(tb.Info, tb.Row.Players)))
	c.lobbyClicksOnStarted(lobby, map[string]string{"join": join, "leave": button(t, lobby.Message, "Leave").CustomID,
		"start": button(t, lobby.Message, "Start").CustomID}, owner, ann, dave)

	// It is played to its end there, its results recorded.
	for !tb.Game.Status().Finished() {
		seat := tb.Game.ToAct()[0]
		require.NoError(t, tb.Apply(ctx, seat, tb.Info.Computer(tb.Game, seat).String()))
	}
	require.NoError(t, tb.Finish(ctx))
	c.handClicksOnFinished(lobby.ID, ann, dave)
	return c.bad
}

// staleChecker checks clicks on table id made at a process whose copy of
// it is stale; bad counts those that changed the table or were not
// answered from the table as it is.
type staleChecker struct {
	s   *scaleRun
	id  int64
	bad int
	// final is the final answer to an interaction (discordtest.Final).
	final func(*discordtest.Interaction, error) discordtest.Response
}

// row is the table as the store has it.
func (c *staleChecker) row() store.TableRow {
	sess, err := c.s.st.TableRow(context.Background(), c.id)
	require.NoError(c.s.t, err)
	return sess
}

// check checks that a stale click (what) left the table as it was, and was
// answered privately in words saying want, with no picture or controls.
func (c *staleChecker) check(what string, resp discordtest.Response, want string, was store.TableRow) {
	t := c.s.t
	t.Helper()
	now := c.row()
	m := resp.LastMessage()
	switch {
	case now.Version != was.Version || now.Status != was.Status || !slices.Equal(now.Players, was.Players):
		t.Errorf("%s changed the table: %+v → %+v", what, was, now)
		c.bad++
	case !strings.Contains(m.Text(), want):
		t.Errorf("%s was answered %q, not from the table as it is (%q)", what, m.Text(), want)
		c.bad++
	case len(m.Attachments) > 0 || len(m.Components) > 0:
		t.Errorf("%s was answered with a picture or controls: %+v", what, m)
		c.bad++
	}
}

// lobbyClicksOnStarted clicks the lobby's buttons (ids by name) of a table
// started elsewhere, all at once, before its message turns into the table:
// a join, a leave, the opener's leave, a start. Each says the game has
// started.
func (c *staleChecker) lobbyClicksOnStarted(lobby discordtest.Response, ids map[string]string, owner, ann, dave string) {
	was := c.row()
	clicks := []struct {
		what, user, id string
		in             *discordtest.Interaction
	}{{what: "a stale join", user: dave, id: ids["join"]}, {what: "a stale leave", user: ann, id: ids["leave"]},
		{what: "the opener's stale leave", user: owner, id: ids["leave"]}, {what: "a stale start", user: owner, id: ids["start"]}}
	var err error
	for i := range clicks { // all at once, before the message turns into the table
		clicks[i].in, err = c.s.r.fake.Click(lobby.ID, clicks[i].user, clicks[i].id)
		require.NoError(c.s.t, err)
	}
	for _, k := range clicks {
		c.check(k.what+" on a started table", c.final(k.in, nil), "has started", was)
	}
}

// handClicksOnFinished waits for the lobby's message to be redrawn as the
// table, then clicks My hand on the table finished elsewhere: a stale
// player's and someone not seated. Each says it is over, and the results
// stay as they were.
func (c *staleChecker) handClicksOnFinished(messageID, ann, dave string) {
	t, ctx := c.s.t, context.Background()
	results, err := c.s.st.Results(ctx, c.id)
	require.NoError(t, err)
	table, err := c.s.r.fake.WaitMessage(messageID, time.Minute, func(m discordtest.Message) bool {
		_, ok := findButton(m, "My hand")
		return ok
	})
	require.NoError(t, err, "the lobby's message is redrawn as the table")
	was := c.row()
	hand, _ := findButton(table, "My hand")
	for _, k := range []struct{ what, user string }{{"a stale My hand", ann}, {"My hand of someone not seated", dave}} {
		c.check(k.what+" on a finished table", c.final(c.s.r.fake.Click(messageID, k.user, hand.CustomID)), "over", was)
	}
	again, err := c.s.st.Results(ctx, c.id)
	require.NoError(t, err)
	if !slices.Equal(results, again) {
		t.Errorf("the results changed after the fact: %+v → %+v", results, again)
		c.bad++
	}
}

// findButton is the button of m whose label starts with label.
func findButton(m discordtest.Message, label string) (discordtest.Button, bool) {
	for _, row := range m.Components {
		for _, b := range row.Buttons {
			if strings.HasPrefix(b.Label, label) {
				return b, true
			}
		}
	}
	return discordtest.Button{}, false
}

// crashChildEnv makes the test binary a bot process: "DBPATH FAKEURL".
const crashChildEnv = "DEALER_BOT_CRASH_CHILD"

// TestCrashRecovery kills the bot process with SIGKILL in the middle of the
// load and starts it again on the same database: every move it had
// acknowledged is in the store, every table resumes, and the players' next
// clicks work. The bot runs in a child process (this test binary again),
// attached to the fake Discord that runs here.
func TestCrashRecovery(t *testing.T) {
	if asChild(t, crashChildEnv, crashChild, "runs child processes") {
		return
	}
	r := newRig(t, 40)
	first := startChild(t, r)

	// Load; the bot dies once it has acknowledged some moves, and the
	// players click on for a second (unanswered, as in Discord).
	_, stop := r.driveInBackground(time.Minute, 400*time.Millisecond)
	// Wait for acknowledged moves by the fake's events, however slow the
	// machine (a busy one takes longer, it does not fail).
	require.True(t, r.fake.WaitUntil(5*time.Minute, func() bool { return len(r.ackedMoves(time.Now())) >= 20 }),
		"moves are acknowledged before the kill")
	first.kill()
	killedAt := time.Now()
	// Players click on while the bot is down: wait for some such clicks.
	r.fake.WaitUntil(time.Minute, func() bool { return clicksSince(r.fake, killedAt) >= 10 })
	stop()

	acked := r.ackedMoves(killedAt)
	require.NotEmpty(t, acked, "moves were acknowledged before the kill")
	st, err := store.Open(r.dbPath)
	require.NoError(t, err)
	lost := lostMoves(t, st, acked)
	unfinished, err := st.Unfinished(context.Background())
	require.NoError(t, err)
	require.NoError(t, st.Close())
	assert.Zero(t, lost, "acknowledged moves missing after the kill")

	// The new process resumes the tables; each player's next clicks work.
	second := startChild(t, r)
	defer second.kill()
	worked, refused := 0, 0
	for _, p := range r.players {
		ok, why := false, ""
		for try := 0; try < 5 && !ok; try++ {
			p.mu.Lock()
			p.last = nil // its answer died with the first process
			p.mu.Unlock()
			in, kind, resp := p.clickAnswered(t)
			if in == nil {
				continue // the button changed under the player's finger
			}
			if ok = clickTaken(kind, resp); !ok {
				refused++
				why += fmt.Sprintf(" [%c %q: %q]", kind, in.CustomID, resp.LastMessage().Text())
				// A refused click may have a redraw coming: let it land.
				waitRedraw(r.fake, p.table)
			}
		}
		assert.True(t, ok, "player %d (%s): the table works after the restart:%s", p.n, p.game, why)
		if ok {
			worked++
		}
	}
	t.Logf("acknowledged before the kill: %d moves; unfinished tables: %d; players whose next clicks worked: %d of %d (%d refused first)",
		len(acked), len(unfinished), worked, len(r.players), refused)
}

// child is a bot process.
type child struct {
	t      *testing.T
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	once   sync.Once
}

// startChild starts the bot in a new process on the rig's database and
// waits until it is connected.
func startChild(t *testing.T, r *rig) *child {
	t.Helper()
	c := &child{t: t, stderr: &bytes.Buffer{}}
	c.cmd, _ = startProcess(t, "TestCrashRecovery", crashChildEnv, r.dbPath+" "+r.fake.URL(), c.stderr, nil, "the bot process")
	t.Cleanup(c.kill)
	return c
}

// kill ends the process at once, as a crash or an OOM kill would.
func (c *child) kill() {
	c.once.Do(func() {
		_ = kill(c.cmd)
		if c.t.Failed() && c.stderr.Len() > 0 {
			c.t.Logf("bot process log:\n%s", tail(c.stderr.String(), 3000))
		}
	})
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// crashChild is the bot process: it runs until it is killed.
func crashChild(spec string) {
	dbPath, url, _ := strings.Cut(spec, " ")
	startChildBot(dbPath, url, func(o *bot.Options) error {
		o.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		return nil
	})
	fmt.Println("ready")
	select {}
}

// clicksSince counts the interactions created after t.
func clicksSince(fake *discordtest.Server, t time.Time) int {
	n := 0
	for _, in := range fake.Interactions() {
		if in.Created.After(t) {
			n++
		}
	}
	return n
}

// waitRedraw waits for the next change of a table message (a redraw), a
// little while at most: there may be none coming.
func waitRedraw(fake *discordtest.Server, id string) {
	before, _ := fake.Message(id)
	fake.WaitUntil(5*time.Second, func() bool {
		now, _ := fake.Message(id)
		return now.Text() != before.Text() || len(now.Components) != len(before.Components) || customIDs(now) != customIDs(before)
	})
}

// customIDs joins a message's buttons' custom ids.
func customIDs(m discordtest.Message) string {
	var ids []string
	for _, b := range m.Buttons() {
		ids = append(ids, b.CustomID)
	}
	return strings.Join(ids, " ")
}

// The crash and scale tests run the bot in child processes: this test
// binary again, told by an environment variable to be a bot process.

// asChild runs child with the spec in the environment variable env and
// reports true when this test binary was started as such a process;
// otherwise it skips the test under -short, saying why, and reports false.
func asChild(t *testing.T, env string, child func(spec string), why string) bool {
	if spec := os.Getenv(env); spec != "" {
		child(spec)
		return true
	}
	if testing.Short() {
		t.Skip(why)
	}
	return false
}

// startProcess starts this test binary as a bot process running test with
// env=spec, and waits (2 minutes at most) until it prints its ready line
// ("ready", then what it says: an address); it returns the command and
// what followed "ready". stderr takes the process's log; stdin, when set,
// is its standard input.
func startProcess(t *testing.T, test, env, spec string, stderr io.Writer, stdin *os.File, what string) (*exec.Cmd, string) {
	t.Helper()
	return startBinary(t, exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1"), env, spec, stderr, stdin, what)
}

// startBinary is startProcess for any test binary's command cmd (another
// build's, TestRollingRestart).
func startBinary(t *testing.T, cmd *exec.Cmd, env, spec string, stderr io.Writer, stdin *os.File, what string) (*exec.Cmd, string) {
	t.Helper()
	cmd.Env = append(os.Environ(), env+"="+spec)
	cmd.Stderr, cmd.Stdin = stderr, stdin
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "ready"); ok {
				ready <- strings.TrimSpace(rest)
			}
		}
		close(ready)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case said, ok := <-ready:
		if !ok {
			_ = kill(cmd)
			require.Fail(t, what+" did not start", "%s", stderr)
		}
		return cmd, said
	case <-time.After(2 * time.Minute):
		_ = kill(cmd)
		t.Fatalf("%s did not connect: %s", what, stderr)
	}
	return nil, ""
}

// kill ends a process at once, as a crash or an OOM kill would, and waits
// for it.
func kill(cmd *exec.Cmd) error {
	_ = cmd.Process.Signal(syscall.SIGKILL)
	return cmd.Wait()
}

// childFail ends a bot process that cannot go on, saying why.
func childFail(err error) {
	fmt.Fprintln(os.Stderr, "bot process:", err)
	os.Exit(2)
}

// startChildBot starts a bot process's bot as the program would: the store
// at db, a session on the fake at url, the options that set adds (its
// logger, its shards…), connected; it ends the process on any error.
func startChildBot(db, url string, set func(*bot.Options) error) *bot.Bot {
	st, err := store.Open(db)
	if err != nil {
		childFail(err)
	}
	sess, err := discordgo.New("Bot fake-bot-token")
	if err != nil {
		childFail(err)
	}
	if err := discordtest.AttachURL(sess, url); err != nil {
		childFail(err)
	}
	o := bot.Options{Session: sess, Store: st, Games: catalog.Registry(), Renderer: renderer}
	if err := set(&o); err != nil {
		childFail(err)
	}
	b, err := bot.New(context.Background(), o)
	if err != nil {
		childFail(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := b.Open(ctx); err != nil {
		childFail(err)
	}
	return b
}
