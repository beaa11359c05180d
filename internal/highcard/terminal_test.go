package highcard_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/cmd/dealer/cli"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// High Card plays through the terminal's scripted mode: the moves of seat
// 1 from a file, the computer in seat 2, the final state as JSON.
func TestHighCardScriptedAtTheTerminal(t *testing.T) {
	g, err := info.New(7, 2)
	require.NoError(t, err)
	var script []string
	for _, c := range g.View(0).(view).Hand {
		script = append(script, "play "+c.Code())
	}
	file := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(file, []byte("# seat 1's cards\n"+strings.Join(script, "\n")+"\n"), 0o644))

	var out, errb bytes.Buffer
	args := []string{"play", "highcard", "--deal", "7", "--seats", "you,ai", "--moves", file, "--json"}
	code := cli.Main(render.NewRegistry(highCard), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	require.Equal(t, 0, code, errb.String())
	var end view
	require.NoError(t, json.Unmarshal(out.Bytes(), &end), out.String())
	assert.Equal(t, games.Over, end.Status)
	assert.Equal(t, 2*handSize, end.Moves, "three tricks of two cards")
	assert.Equal(t, handSize, end.Scores[0]+end.Scores[1]+ties(t, script), "every trick is scored")

	// An illegal move names the file and the line.
	require.NoError(t, os.WriteFile(file, []byte("play 2X\n"), 0o644))
	errb.Reset()
	code = cli.Main(render.NewRegistry(highCard), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	assert.Equal(t, 1, code)
	assert.Contains(t, errb.String(), file+":1:")
}

// ties replays the game to count the tricks no one won.
func ties(t *testing.T, script []string) int {
	t.Helper()
	g, err := info.New(7, 2)
	require.NoError(t, err)
	n := 0
	for _, m := range script {
		require.NoError(t, games.Play(g, 0, m))
		c := info.Computer(g, 1)
		before := g.Scores()[0] + g.Scores()[1]
		require.NoError(t, g.Apply(1, c))
		if g.Scores()[0]+g.Scores()[1] == before {
			n++
		}
	}
	return n
}
