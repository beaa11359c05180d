package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
)

func TestLineReader(t *testing.T) {
	huge := strings.Repeat("x", 70_000)
	tests := []struct {
		name  string
		input string
		max   int
		want  []line
	}{
		{"lines", "3 h\n10 a\r\nlast", 100, []line{{text: "3 h", runes: 3}, {text: "10 a", runes: 4}, {text: "last", runes: 4}}},
		{"empty lines", "\n\n", 100, []line{{}, {}}},
		{"nothing", "", 100, nil},
		{"exactly max", "abcd\n", 4, []line{{text: "abcd", runes: 4}}},
		{"one over", "abcde\nok\n", 4, []line{{text: "abcd", runes: 5, long: true}, {text: "ok", runes: 2}}},
		{"over 64 KB and on", huge + "\nundo\n", 256, []line{{text: huge[:256], runes: 70_000, long: true}, {text: "undo", runes: 4}}},
		{"characters, not bytes", "♥♦\n", 100, []line{{text: "♥♦", runes: 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newLineReader(strings.NewReader(tt.input), tt.max)
			var got []line
			for {
				l, ok, err := r.next()
				require.NoError(t, err)
				if !ok {
					break
				}
				got = append(got, l)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzScriptedMoves feeds any file to `dealer play GAME --deal N --moves
// FILE --json`, for every game, seated as the game's fewest players or as
// many humans as it takes. It must end with a status (0 played, 1 a move
// refused, 2 an unreadable file), never a panic, and say why when it fails.
func FuzzScriptedMoves(f *testing.F) {
	for _, s := range []string{
		"3 h\n10 a\n# a comment\n\nundo\n", "r6\nflip\nw\n", "t3 b2\nup t3\n", "forbid h\ntrump\nplay QH\n",
		"2: play QH\n-1: trump\n99999999999999999999: x\n", "0:\n:\n: : :\n", "resign\nresign\n", "\x00\xff\n\r\n",
		"end turn\npass\nplay double agent a3 cmd 2\n", "1 2 14\n" + string(bytes.Repeat([]byte("a"), 70000)),
	} {
		f.Add(uint8(0), uint64(1), false, s)
	}
	names := catalog.Registry().Engines().Names()
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, game uint8, deal uint64, humans bool, script string) {
		name := names[int(game)%len(names)]
		info, _ := catalog.Registry().Lookup(name)
		path := filepath.Join(dir, "moves.txt")
		require.NoError(t, os.WriteFile(path, []byte(script), 0o644))
		args := []string{name, "--deal", strconv.FormatUint(deal%1_000_000+1, 10), "--moves", path, "--json"}
		if humans && info.MaxSeats > 1 {
			seats := "you"
			for i := 1; i < info.MinSeats; i++ {
				seats += ",you"
			}
			args = append(args, "--seats", seats)
		}
		var stdout, stderr bytes.Buffer
		code := playGame(args, bytes.NewReader(nil), &stdout, &stderr, func(string) string { return "" })
		require.Contains(t, []int{0, 1, 2}, code)
		if code != 0 {
			require.NotEmpty(t, stderr.String(), "a failure says why")
		} else {
			require.NotEmpty(t, stdout.String())
		}
	})
}
