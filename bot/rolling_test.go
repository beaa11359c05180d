package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
)

// A rolling restart on one PostgreSQL with two real builds: processes of
// an older commit's bot and of this tree's serve the same tables at once,
// as they do while a release is rolled out one process at a time.

// rollingFrom is the older build: a commit of main with this tree's
// schema (a roll crosses no schema change: CHANGELOG.md), the newest
// release of it once there is one. It is main's merge of the Activity,
// when schema 15 came (ratings 12, seasons 13, interaction-only tables
// 14, the Activity's tables 15, with Components V2 messages: an older
// build cannot edit those); DEALER_ROLLING_FROM names another.
const rollingFrom = "6d462041165e9b21b85227b939975dcedab9439e"

// TestRollingRestart rolls two bot processes from the older build to this
// one, serving HTTP interactions behind a round-robin balancer on one
// PostgreSQL and one fake Discord, under load, with turn timers firing
// all along (a human at every multiplayer table never clicks):
//
//   - old A and old B serve; then B is stopped (SIGTERM: it stops as
//     `dealer run` does) and a new B starts on its address; old A and new
//     B serve every table at once, a table's clicks going to either;
//   - then A is stopped and a new A starts on its address.
//
// Checked: every acknowledged move is in the store; no table is marked
// unreplayable and every table replays under this build's rules; no turn
// timer played twice, every overdue one fires (a stopped process's claim
// after its lease) and every multiplayer table moves on; no picture went
// back to an older table but by two processes' crossing edits (counted,
// as TestScaleOut does); nothing Discord refuses, but for answers too
// late (the machine's speed: counted); each stop is clean; after the roll
// every player's next click works. Counted, not asserted: the tables whose
// game ended at a process just before it stopped and whose message still
// shows it in play (the stop dropped the redraw queued behind the
// channel's rate limit; a click there is told the game is over). It
// prints one line. It builds the older commit (a minute or two), so it
// runs only with DEALER_ROLLING=1.
func TestRollingRestart(t *testing.T) {
	if os.Getenv("DEALER_ROLLING") == "" {
		t.Skip("a rolling restart from an older build: set DEALER_ROLLING=1 (it builds that commit, a minute or two)")
	}
	from := rollingFrom
	if c := os.Getenv("DEALER_ROLLING_FROM"); c != "" {
		from = c
	}
	old := buildOlder(t, from)
	newRollingRun(t, from, old, pgtest.URL(t)).run()
}

// buildOlder builds the bot package's test binary at commit, with this
// tree's rolling_child_test.go in it, and returns its path. It skips the
// test when git, go or the commit is missing (a shallow clone), and fails
// it when the commit's schema is not this tree's. (The commit's bot must
// have what rolling_child_test.go uses of it.)
func buildOlder(t *testing.T, commit string) string {
	t.Helper()
	for _, tool := range []string{"git", "go", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s to build the older commit with", tool)
		}
	}
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not in a git checkout: no older commit to build")
	}
	git := func(args ...string) *exec.Cmd {
		return exec.Command("git", append([]string{"-C", strings.TrimSpace(string(root))}, args...)...)
	}
	if strings.HasPrefix(commit, "-") {
		t.Fatalf("%q is not a commit", commit)
	}
	if err := git("cat-file", "-e", commit+"^{commit}").Run(); err != nil {
		t.Skipf("commit %s is not in this clone (a shallow one?): no older build to roll from", commit)
	}
	files, err := git("ls-tree", "--name-only", commit, "store/migrations/postgres/").Output()
	require.NoError(t, err)
	if n := strings.Count(string(files), ".sql\n"); n != store.NewestSchema() {
		t.Fatalf("commit %s has schema %d and this tree %d: a rolling restart crosses no schema change; set rollingFrom (or DEALER_ROLLING_FROM) to a commit of schema %d",
			commit, n, store.NewestSchema(), store.NewestSchema())
	}
	dir := t.TempDir()
	tarball := filepath.Join(dir, "older.tar")
	runTool(t, git("archive", "-o", tarball, commit))
	src := filepath.Join(dir, "src")
	require.NoError(t, os.Mkdir(src, 0o755))
	runTool(t, exec.Command("tar", "-xf", tarball, "-C", src))
	// This tree's child in it; the commit's own test of this, if it has
	// one, left out (it may not build with this child).
	child, err := os.ReadFile("rolling_child_test.go")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(src, "bot", "rolling_child_test.go"), child, 0o644))
	if err := os.Remove(filepath.Join(src, "bot", "rolling_test.go")); err != nil && !os.IsNotExist(err) {
		require.NoError(t, err)
	}
	bin := filepath.Join(dir, "older.test")
	// Built as this binary was (-race or not, not -trimpath): the other
	// modules' packages come from the build cache that built this one.
	args := []string{"test", "-c", "-o", bin}
	if raceDetector {
		args = append(args, "-race")
	}
	build := exec.Command("go", append(args, "./bot")...)
	build.Dir = src
	start := time.Now()
	runTool(t, build)
	t.Logf("built commit %.12s's bot in %.0fs", commit, time.Since(start).Seconds())
	return bin
}

// runTool runs cmd and fails the test with its output if it fails.
func runTool(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, tail(string(out), 3000))
	}
}

// rollingRun is TestRollingRestart's run. Its checks are TestScaleOut's
// (scaleRun's), on the same rig: its procs are every process started.
type rollingRun struct {
	*scaleRun
	from, old string // the older build's commit and test binary

	oldA, oldB, newA, newB *scaleProc
	mixedAt, rolledAt      time.Time // new B started; new A started
}

func newRollingRun(t *testing.T, from, old, db string) *rollingRun {
	r := newRigWith(t, scaleTables, rigOptions{DB: db, PerGuild: 2, Full: true, Games: scaleGames, DMGap: scaleDMGap})
	return &rollingRun{scaleRun: &scaleRun{t: t, http: true, db: db, r: r}, from: from, old: old}
}

// start starts a bot process of the build bin on listen and waits until
// it serves.
func (rr *rollingRun) start(bin, name, listen string) *scaleProc {
	t := rr.t
	raw, err := json.Marshal(rollingSpec{DB: rr.db, Fake: rr.r.fake.URL(), PublicKey: rr.r.fake.PublicKeyHex(), Listen: listen,
		Agent: scaleAgent + name, TurnTimeout: scaleTurn})
	require.NoError(t, err)
	p := &scaleProc{t: t, name: name, log: &procLog{}}
	in, stdin, err := os.Pipe()
	require.NoError(t, err)
	p.stdin = stdin
	p.cmd, p.addr = startBinary(t, exec.Command(bin, "-test.run=^$"), rollingChildEnv, string(raw), p.log, in, "bot process "+name)
	in.Close()
	t.Cleanup(p.kill)
	rr.procs = append(rr.procs, p)
	return p
}

// replace stops p (SIGTERM), asserts that it stopped cleanly, and starts
// this build in its place, on its address.
func (rr *rollingRun) replace(p *scaleProc, name string) *scaleProc {
	t := rr.t
	var err error
	p.once.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(time.Minute):
			_ = p.cmd.Process.Kill()
			err = fmt.Errorf("not stopped a minute after SIGTERM (%v)", <-done)
		}
		p.stdin.Close()
	})
	// Once it has stopped: its claims on timers run out a lease after, and
	// a game it finished while stopping may have lost its last redraw
	// (leftBehind), as a SIGTERM drops what it still held.
	rr.killedAt = time.Now()
	assert.NoError(t, err, "process %s stops cleanly on SIGTERM:\n%s", p.name, p.log.tail())
	return rr.start(os.Args[0], name, p.addr)
}

func (rr *rollingRun) run() {
	t, r := rr.t, rr.r
	// The older build makes the schema, as it did before the upgrade.
	rr.oldA = rr.start(rr.old, "oldA", "127.0.0.1:0")
	rr.oldB = rr.start(rr.old, "oldB", "127.0.0.1:0")
	st, err := store.Open(rr.db)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	rr.st = st
	rr.lb = newBalancer(rr.oldA.addr, rr.oldB.addr)
	front := httptest.NewServer(rr.lb)
	t.Cleanup(front.Close)
	require.NoError(t, r.fake.SetInteractionsEndpoint(front.URL+"/interactions"))

	from := time.Now()
	_, stop := r.driveInBackground(5*time.Minute, scaleGap) // until stopped
	defer stop()
	require.True(t, r.fake.WaitUntil(3*time.Minute, func() bool {
		return answeredMoves(r.fake) >= 30 && len(rr.oldA.log.playsSince(from))+len(rr.oldB.log.playsSince(from)) >= 3
	}), "the older build acknowledges moves and fires turn timers")

	rr.newB = rr.replace(rr.oldB, "newB")
	rr.mixedAt = time.Now()
	require.True(t, r.fake.WaitUntil(3*time.Minute, func() bool {
		return rr.mixedTables(time.Now()) >= 8 && len(rr.oldA.log.playsSince(rr.mixedAt)) > 0 && len(rr.newB.log.playsSince(rr.mixedAt)) > 0
	}), "both builds serve the same tables and fire their timers")

	rr.newA = rr.replace(rr.oldA, "newA")
	rr.rolledAt = time.Now()
	require.True(t, r.fake.WaitUntil(3*time.Minute, func() bool { return rr.answeredSince(rr.rolledAt) >= 30 }),
		"the new processes serve after the roll")
	stop()
	to := time.Now()
	rr.settle(time.Minute)
	rr.check(from, to)
}

// mixedTables counts the tables that both builds answered clicks of (old
// A at its address, new B at its) between new B's start and until.
func (rr *rollingRun) mixedTables(until time.Time) int {
	by := map[int64][2]bool{}
	for _, in := range rr.r.fake.Interactions() {
		if in.Type != discordtest.InteractionComponent || in.Created.Before(rr.mixedAt) || !in.Created.Before(until) {
			continue
		}
		f := strings.SplitN(in.CustomID, ":", 3)
		if len(f) < 3 || f[0] != "t" {
			continue
		}
		id, err := strconv.ParseInt(f[1], 36, 64)
		if err != nil {
			continue
		}
		seen := by[id]
		switch rr.lb.backendOf(in.ID) {
		case rr.oldA.addr:
			seen[0] = true
		case rr.newB.addr:
			seen[1] = true
		}
		by[id] = seen
	}
	n := 0
	for _, seen := range by {
		if seen[0] && seen[1] {
			n++
		}
	}
	return n
}

// answeredSince counts the interactions created since at and answered.
func (rr *rollingRun) answeredSince(at time.Time) int {
	n := 0
	for _, in := range rr.r.fake.Interactions() {
		if in.Created.After(at) && !in.Timing().Responded.IsZero() {
			n++
		}
	}
	return n
}

// settle waits until every interaction is answered for good, or failed
// (not answered within its 3 s).
func (rr *rollingRun) settle(timeout time.Duration) {
	r := rr.r
	if !r.fake.WaitUntil(timeout, func() bool {
		now := time.Now()
		for _, in := range r.fake.Interactions() {
			tm := in.Timing()
			if tm.Final.IsZero() && (!tm.Responded.IsZero() || now.Before(tm.Created.Add(r.fake.AckDeadline()+50*time.Millisecond))) {
				return false
			}
		}
		return true
	}) {
		rr.t.Logf("some interactions are still unanswered after %v", timeout)
	}
}

// check measures the run and asserts what must hold.
func (rr *rollingRun) check(from, to time.Time) {
	t, r := rr.t, rr.r
	ctx := context.Background()
	f := rr.measure(from, to)
	broken, err := rr.st.BrokenTables(ctx)
	require.NoError(t, err)
	replayed, err := play.Check(ctx, rr.st, catalog.Registry().Engines())
	require.NoError(t, err)
	mixed := rr.mixedTables(rr.rolledAt)
	left := rr.nextClicks()

	fmt.Printf("rolling: from=%.7s processes=2 tables=%d moves=%d lost=%d unreplayable=%d replayed=%d problems=%d double_timers=%d timer_moves=%d mixed_tables=%d left_behind=%d late=%d interactions=%d backwards=%d crossed=%d\n",
		rr.from, len(r.players), f.moves, f.lost, len(broken), replayed.Checked, len(replayed.Problems), f.double, f.plays, mixed, left, f.late, f.interactions, f.backwards, f.crossed)
	rr.report()

	assert.Zero(t, f.lost, "acknowledged moves missing from the store")
	assert.Empty(t, broken, "tables marked unreplayable")
	assert.Empty(t, replayed.Problems, "tables that do not replay under this build")
	assert.Positive(t, replayed.Checked, "tables replayed")
	assert.Zero(t, f.double, "turn timers that played twice")
	assert.Zero(t, f.overdue, "turn timers past due, not fired")
	assert.Zero(t, f.stalled, "multiplayer tables that stopped moving")
	assert.Zero(t, f.backwards-f.crossed, "messages whose picture went back to an older table: %s", strings.Join(f.examples, "; "))
	assert.Empty(t, rr.refusals(), "what real Discord refuses, but for answers too late")
}

// nextClicks has every player click on after the roll, at this build's
// processes alone: each one's next clicks work. A player playing from the
// hands sent by DM clicks My hand on the table instead: the short turn
// timeout plays for them before a new hand's DM arrives. A player whose
// table a stopped process left behind (leftBehind) deals again, as one
// told "This game is over" would; they are counted and logged.
func (rr *rollingRun) nextClicks() (left int) {
	t, r := rr.t, rr.r
	worked := 0
	for _, p := range r.players {
		p.mu.Lock()
		p.partner = ""
		if why := rr.leftBehind(p); why != "" {
			left++
			t.Logf("player %d: %s", p.n, why)
			p.table = ""
		}
		p.mu.Unlock()
		ok, why := nextClicksWork(t, r, p, false)
		assert.True(t, ok, "player %d (%s): the next clicks work after the roll:%s", p.n, p.game, why)
		if ok {
			worked++
		}
	}
	t.Logf("after the roll: players whose next clicks worked: %d of %d", worked, len(r.players))
	return left
}

// leftBehind says how a player's table message shows a game in play that
// ended before the last stop (in a process stopped since, whose last
// redraw went with it: it waited out the channel's rate limit), or ""
// when it does not. p is locked.
func (rr *rollingRun) leftBehind(p *player) string {
	m, ok := rr.r.fake.Message(p.table)
	if !ok || len(enabledButtons(m)) == 0 {
		return ""
	}
	id := int64(-1)
	for _, b := range m.Buttons() {
		if f := strings.SplitN(b.CustomID, ":", 3); len(f) == 3 && f[0] == "t" {
			id, _ = strconv.ParseInt(f[1], 36, 64)
		}
	}
	row, err := rr.st.TableRow(context.Background(), id)
	if err != nil || !row.Status.Finished() || !row.UpdatedAt.Before(rr.killedAt) {
		return ""
	}
	return fmt.Sprintf("table %d, %s in the store at %s (%d moves), shows in play: %q; the processes' log of it:\n%s",
		id, row.Status, row.UpdatedAt.Format(time.StampMilli), row.Moves, tail(m.Text(), 120), tail(rr.logOf(id), 2000))
}

// refusals are the fake's violations but for answers after the 3 s: a
// busy machine's (counted as late, not asserted).
func (rr *rollingRun) refusals() []string {
	var out []string
	for _, v := range rr.r.fake.Violations() {
		if !strings.Contains(v, ") answered after ") || !strings.Contains(v, "(deadline ") {
			out = append(out, v)
		}
	}
	return out
}
