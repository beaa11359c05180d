package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
)

// withLooks puts help, moves, rules and table among the lines of a game's
// input, at its start, middle and end.
func withLooks(lines []string) string {
	looks := []string{"help", "moves", "rules", "table"}
	var out []string
	n := len(lines)
	for i, l := range lines {
		if i == 0 || i == n/2 || i == n-1 {
			out = append(out, looks...)
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// Every screen of every game fits an 80-column terminal: the table as each
// player sees it, help, the moves, the rules and the messages, at the
// start, the middle and the end of whole games.
func TestEveryScreenFits80Columns(t *testing.T) {
	multi := func(game string, comp []bool) []string {
		input, _ := hotSeatInput(t, game, 4, comp)
		return strings.Split(strings.TrimSuffix(input, "\n"), "\n")
	}
	tests := []struct {
		name  string
		args  []string
		lines func() []string
	}{
		{"doublefreecell", []string{"doublefreecell", "--deal", "2"}, func() []string { return solution(t, "doublefreecell", 2) }},
		{"doublets", []string{"doublets", "--deal", "2"}, func() []string { return solution(t, "doublets", 2) }},
		{"doubleagent", []string{"doubleagent", "--deal", "2"}, func() []string { return solution(t, "doubleagent", 2) }},
		{"secretagent", []string{"secretagent", "--deal", "4"}, func() []string { return multi("secretagent", []bool{false, true, true, true}) }},
		{"secretagent hot seat", []string{"secretagent", "--deal", "4", "--seats", "you,you,ai,ai"},
			func() []string { return multi("secretagent", []bool{false, false, true, true}) }},
		{"theagents, 3 players", []string{"theagents", "--deal", "4", "--players", "3"},
			func() []string { return multi("theagents", []bool{false, true, true}) }},
		{"theagents, 5 players hot seat", []string{"theagents", "--deal", "4", "--seats", "you,ai,Player12345,ai,ai"},
			func() []string { return multi("theagents", []bool{false, true, false, true, true}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"play"}, tt.args...)
			code, out, errs := runEchoed(t, withLooks(tt.lines()), append(args, "--db", dbPath(t))...)
			require.Equal(t, 0, code, errs)
			require.Contains(t, out, "Game over", "a whole game")
			for _, want := range []string{", in short:", "Legal moves", "\nTHE RULES\n"} {
				require.Contains(t, out, want)
			}
			widest, line := 0, ""
			for _, l := range strings.Split(out, "\n") {
				if w := termWidth(l); w > widest {
					widest, line = w, l
				}
			}
			assert.LessOrEqual(t, widest, width, "the widest line: %q", line)
			t.Logf("widest line: %d columns", widest)
		})
	}
}

// echoReader is input typed at a terminal: each line is handed over when
// the program reads, and echoed to the output then, after its prompt, as a
// terminal shows it.
type echoReader struct {
	in   *bufio.Reader
	out  io.Writer
	rest []byte
}

// Read gives the input a line at a time, echoing each line to out.
func (e *echoReader) Read(p []byte) (int, error) {
	if len(e.rest) == 0 {
		line, err := e.in.ReadBytes('\n')
		if len(line) == 0 {
			return 0, err
		}
		_, _ = e.out.Write(line)
		e.rest = line
	}
	n := copy(p, e.rest)
	e.rest = e.rest[n:]
	return n, nil
}

// runEchoed runs the dealer as run does, its input echoed into its output
// as a terminal would show the session.
func runEchoed(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	in := &echoReader{in: bufio.NewReader(strings.NewReader(stdin)), out: &out}
	getenv := func(k string) string { return map[string]string{"USER": "tester"}[k] }
	code := dealer(args, in, &out, &errb, getenv)
	return code, out.String(), errb.String()
}

// dealer play --four-colour: at a terminal that shows colour (here forced
// with CLICOLOR_FORCE), diamonds blue and clubs green; NO_COLOR turns all
// colour off; the flag goes with --resume.
func TestFourColourAtTheTerminal(t *testing.T) {
	db := dbPath(t)
	moves, _ := someMoves(t, "doublefreecell", 1, 1)
	force := map[string]string{"USER": "tester", "CLICOLOR_FORCE": "1"}

	code, out, errs := run(t, moves[0]+"\nquit\n", force, "play", "doublefreecell", "--deal", "1", "--four-colour", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, render.ANSIBlue, "diamonds in blue")
	assert.Regexp(t, `\x1b\[34m(10|[2-9AJQK])♦\x1b\[0m`, out)
	assert.Regexp(t, `\x1b\[32m(10|[2-9AJQK])♣\x1b\[0m`, out, "clubs in green")
	assert.Regexp(t, `\x1b\[31m(10|[2-9AJQK])♥\x1b\[0m`, out, "hearts still red")
	assert.NotRegexp(t, `\x1b\[31m(10|[2-9AJQK])♦`, out)

	code, out, errs = run(t, "quit\n", force, "play", "doublefreecell", "--deal", "1", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `\x1b\[31m(10|[2-9AJQK])♦\x1b\[0m`, out, "the classic deck: diamonds red")
	assert.NotContains(t, out, render.ANSIGreen)
	assert.NotContains(t, out, render.ANSIBlue)

	noColor := map[string]string{"USER": "tester", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"}
	code, out, errs = run(t, "quit\n", noColor, "play", "doublefreecell", "--deal", "1", "--four-colour", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out, "\x1b[", "NO_COLOR: no colour at all")
	assert.Contains(t, out, "♦")

	code, out, errs = run(t, "quit\n", map[string]string{"USER": "tester"}, "play", "doublefreecell", "--deal", "1", "--four-colour", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out, "\x1b[", "not a terminal: no colour")

	code, out, errs = run(t, "quit\n", force, "play", "--resume", "--four-colour", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "resumed after 1 move")
	assert.Regexp(t, `\x1b\[32m(10|[2-9AJQK])♣\x1b\[0m`, out)
}

// Colour goes to a terminal (a character device) unless NO_COLOR or a
// dumb TERM says otherwise; CLICOLOR_FORCE asks for it anywhere, and
// NO_COLOR wins over it.
func TestColorTerminal(t *testing.T) {
	tty, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer tty.Close()
	var pipe strings.Builder
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	assert.True(t, colorTerminal(tty, env()))
	assert.False(t, colorTerminal(tty, env("NO_COLOR", "1")))
	assert.False(t, colorTerminal(tty, env("TERM", "dumb")))
	assert.False(t, colorTerminal(&pipe, env()))
	assert.True(t, colorTerminal(&pipe, env("CLICOLOR_FORCE", "1")))
	assert.False(t, colorTerminal(&pipe, env("CLICOLOR_FORCE", "0")))
	assert.False(t, colorTerminal(&pipe, env("CLICOLOR_FORCE", "1", "NO_COLOR", "x")))
}
