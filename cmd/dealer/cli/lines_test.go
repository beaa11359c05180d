package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
