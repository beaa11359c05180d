package cli

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
)

// term is the dealer at a terminal driven through pipes, as a person
// types: a line at a time, reading what comes back in between.
type term struct {
	t         *testing.T
	in        *io.PipeWriter
	out, errb *testkit.Log
	mark      int
	done      chan int
}

// startTerm runs the dealer with args, for user USER=tester unless env
// says otherwise.
func startTerm(t *testing.T, env map[string]string, args ...string) *term {
	t.Helper()
	r, w := io.Pipe()
	s := &term{t: t, in: w, out: &testkit.Log{}, errb: &testkit.Log{}, done: make(chan int, 1)}
	getenv := func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == "USER" {
			return "tester"
		}
		return ""
	}
	go func() {
		s.done <- Main(catalog.Registry(), args, r, s.out, s.errb, getenv)
		_ = r.Close()
	}()
	t.Cleanup(func() { _ = w.Close() })
	return s
}

// send types a line.
func (s *term) send(line string) {
	s.t.Helper()
	_, err := io.WriteString(s.in, line+"\n")
	require.NoError(s.t, err)
}

// waitFor waits until the output since the last wait holds want, and
// returns that output.
func (s *term) waitFor(want string) string {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		out := s.out.String()[s.mark:]
		if i := strings.Index(out, want); i >= 0 {
			s.mark += i + len(want)
			return out[:i+len(want)]
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("no %q in the output:\n%s\nstderr: %s", want, out, s.errb.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// exited waits for the dealer to stop by itself and returns the status.
func (s *term) exited() int {
	s.t.Helper()
	select {
	case code := <-s.done:
		return code
	case <-time.After(20 * time.Second):
		s.t.Fatalf("the dealer did not stop:\n%s", s.out.String())
		return -1
	}
}

// dbPath is a fresh database file for one test.
func dbPath(t *testing.T) string {
	return filepath.Join(t.TempDir(), "dealer.db")
}

// dealer runs one subcommand over the games on offer, as the program does.
func dealer(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return Main(catalog.Registry(), args, stdin, stdout, stderr, getenv)
}

// playGame is `dealer play` over the games on offer.
func playGame(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return Main(catalog.Registry(), append([]string{"play"}, args...), stdin, stdout, stderr, getenv)
}

// termWidth is a line's width at the terminal: its characters, ANSI codes
// left out.
func termWidth(s string) int { return render.TermWidth(s) }
