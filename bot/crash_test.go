package bot_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
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
)

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
	loadDone := make(chan struct{})
	go func() {
		defer close(loadDone)
		r.drive(time.Minute, 400*time.Millisecond)
	}()
	// Wait for acknowledged moves by the fake's events, however slow the
	// machine (a busy one takes longer, it does not fail).
	require.True(t, r.fake.WaitUntil(5*time.Minute, func() bool { return len(r.ackedMoves(time.Now())) >= 20 }),
		"moves are acknowledged before the kill")
	first.kill()
	killedAt := time.Now()
	// Players click on while the bot is down: wait for some such clicks.
	r.fake.WaitUntil(time.Minute, func() bool { return clicksSince(r.fake, killedAt) >= 10 })
	close(r.halt)
	<-loadDone

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
			p.step()
			p.mu.Lock()
			in, kind := p.last, p.lastKind
			p.mu.Unlock()
			if in == nil {
				continue // the button changed under the player's finger
			}
			resp, err := in.WaitFinal(wait)
			require.NoError(t, err, "player %d: a click after the restart is answered", p.n)
			p.mu.Lock()
			p.digest(resp)
			p.mu.Unlock()
			switch {
			case kind == 'p', kind == 'h' && len(resp.Components) > 0, resp.Type == discordtest.CallbackUpdateMessage:
				ok = true
			default:
				refused++
				why += fmt.Sprintf(" [%c %q: %q]", kind, in.CustomID, resp.LastMessage().Content)
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
		return now.Content != before.Content || len(now.Components) != len(before.Components) || customIDs(now) != customIDs(before)
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
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
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
