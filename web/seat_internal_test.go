package web

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render"
)

// TestMenuAt: a seat's menu step offers links to the steps that follow
// and forms for the moves a choice completes; a step the legal moves do
// not reach (stale or forged words) is the first.
func TestMenuAt(t *testing.T) {
	legal := []string{"play mole A0 cmd 1", "play mole A2 cmd 1", "buy agent", "trade codebook", "trade codebook A", "end"}
	menu := &render.Menu{Word: func(_ []string, w string) string { return strings.ToUpper(w) }}
	for _, tc := range []struct {
		words, prefix, soFar string
		next                 []string // the links' words
		moves                []string // the forms' moves
	}{
		{"", "", "", []string{"play mole", "trade codebook"}, []string{"buy agent", "end"}},
		{"play", "play mole", "PLAY MOLE", nil, []string{"play mole A0 cmd 1", "play mole A2 cmd 1"}}, // "mole" is forced
		{"play mole", "play mole", "PLAY MOLE", nil, []string{"play mole A0 cmd 1", "play mole A2 cmd 1"}},
		{"play mole A0", "play mole A0 cmd 1", "PLAY MOLE A0 CMD 1", nil, []string{"play mole A0 cmd 1"}},
		{"trade codebook", "trade codebook", "TRADE CODEBOOK", nil, []string{"trade codebook", "trade codebook A"}},
		{"sell everything", "", "", []string{"play mole", "trade codebook"}, []string{"buy agent", "end"}},
	} {
		ms := menuAt(menu, legal, strings.Fields(tc.words), "/t/x")
		assert.Equal(t, tc.prefix, ms.Prefix, tc.words)
		assert.Equal(t, tc.soFar, ms.SoFar, tc.words)
		var next, moves []string
		for _, c := range ms.Next {
			next = append(next, c.Words)
			assert.Contains(t, c.URL, "/t/x?words=", tc.words)
		}
		for _, m := range ms.Moves {
			moves = append(moves, m.Move)
			assert.True(t, m.Enabled, tc.words)
		}
		assert.Equal(t, tc.next, next, tc.words)
		assert.Equal(t, tc.moves, moves, tc.words)
		assert.Equal(t, tc.prefix != "", ms.Back != "", "%q: back to the start from a later step", tc.words)
	}
}

// TestPlainButtons: a game without controls for its seats offers its
// legal moves as buttons, five a row.
func TestPlainButtons(t *testing.T) {
	for _, tc := range []struct {
		legal []string
		rows  []int
	}{
		{nil, nil},
		{[]string{"a"}, []int{1}},
		{[]string{"a", "b", "c", "d", "e"}, []int{5}},
		{[]string{"a", "b", "c", "d", "e", "f", "g"}, []int{5, 2}},
	} {
		var rows []int
		for _, r := range plainButtons(tc.legal) {
			rows = append(rows, len(r))
			for _, b := range r {
				assert.Equal(t, b.Label, b.Move)
				assert.True(t, b.Enabled)
			}
		}
		assert.Equal(t, tc.rows, rows, tc.legal)
	}
}
