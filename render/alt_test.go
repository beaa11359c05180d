package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAltText(t *testing.T) {
	in := "Double FreeCell · deal 3\ncells  a --   b \x1b[31mQ♥\x1b[0m\n\n 1  4♥  9♣\n"
	assert.Equal(t, "Double FreeCell · deal 3\ncells a empty b Q♥\n1 4♥ 9♣", AltText(in))
}

func TestDescribe(t *testing.T) {
	d := Describe("table", Params{Selected: "3", Legal: []string{"1 a", "1 b", "3 h"}})
	assert.Equal(t, "table\nSelected: 3.\nMoves: 1 a/b, 3 h.", d)
	var many []string
	for i := range 400 {
		many = append(many, "play card"+strings.Repeat("x", i%7))
	}
	long := Describe(strings.Repeat("word ", 150), Params{Legal: many})
	assert.LessOrEqual(t, len(long), AltTextLimit)
	assert.Contains(t, long, "Moves: play")

	// Moves that do not group are listed while they fit, then counted.
	var distinct []string
	for i := range 300 {
		distinct = append(distinct, strings.Repeat("x", i%5+1)+" "+strings.Repeat("y", i%7+1)+strings.Repeat("z", i%3))
	}
	short := MovesInShort(distinct, 200)
	assert.LessOrEqual(t, len(short), 200)
	assert.Regexp(t, ` and \d+ more\.$`, short)
}

func TestCutText(t *testing.T) {
	assert.Equal(t, "short", CutText("short", 10))
	assert.Equal(t, "one two…", CutText("one two three", 11))
	assert.LessOrEqual(t, len(CutText(strings.Repeat("♥", 100), 10)), 10)
}

// plain does what these regular expressions (its first form) do.
func FuzzPlain(f *testing.F) {
	ansi := regexp.MustCompile("\x1b\\[[0-9;]*m")
	spaces := regexp.MustCompile(`[ \t]+`)
	for _, s := range []string{"", "  a \x1b[1;31m b\t\tc  ", "\x1b[0m", "\x1b[", "x\x1b[12;m y", "\t\x1b[2m\t", " é  ü "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.TrimSpace(spaces.ReplaceAllString(ansi.ReplaceAllString(s, ""), " "))
		require.Equal(t, want, plain(s))
	})
}
