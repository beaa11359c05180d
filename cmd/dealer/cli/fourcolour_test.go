package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
)

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
