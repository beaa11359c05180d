package bot_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

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
