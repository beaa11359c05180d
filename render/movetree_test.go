package render_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render"
)

var treeLegal = []string{"play mole A0 cmd 1", "play mole A2 cmd 1", "play sniper B1 cmd 0", "buy agent", "trade codebook", "trade codebook A", "end"}

func TestWalkTree(t *testing.T) {
	tests := []struct {
		prefix  string
		want    []string
		move    string
		reached string
	}{
		{"", []string{"buy", "end", "play", "trade"}, "", ""},
		{"play", []string{"mole", "sniper"}, "", "play"},
		{"play mole", []string{"A0", "A2"}, "", "play mole"},
		{"play mole A0", nil, "play mole A0 cmd 1", "play mole A0 cmd 1"}, // "cmd 1" is forced
		{"play sniper", nil, "play sniper B1 cmd 0", "play sniper B1 cmd 0"},
		{"buy", nil, "buy agent", "buy agent"},
		{"trade", []string{render.TreeEnd, "A"}, "", "trade codebook"},
		{"end", nil, "end", "end"},
	}
	for _, tt := range tests {
		step := render.WalkTree(treeLegal, strings.Fields(tt.prefix))
		assert.Equal(t, tt.want, step.Options, tt.prefix)
		assert.Equal(t, tt.move, step.Move, tt.prefix)
		assert.Equal(t, tt.reached, strings.Join(step.Prefix, " "), tt.prefix)
	}
}

func TestChoose(t *testing.T) {
	tests := []struct {
		prefix, word string
		move, next   string
		ok           bool
	}{
		{"", "play", "", "play", true},
		{"play", "mole", "", "play mole", true},
		{"play mole", "A2", "play mole A2 cmd 1", "", true},
		{"", "buy", "buy agent", "", true},
		{"trade codebook", render.TreeEnd, "trade codebook", "", true},
		{"trade codebook", "A", "trade codebook A", "", true},
		{"", "sell", "", "", false},              // not offered
		{"play", "A0", "", "", false},            // not this step's
		{"trade", "A", "", "", false},            // a step the walk passes through
		{"", render.TreeEnd, "", "", false},      // no whole move here
		{"play mole A0 cmd", "1", "", "", false}, // past the forced words
		{"play sniper", "B1", "", "", false},     // forced: never offered
	}
	for _, tt := range tests {
		move, next, ok := render.Choose(treeLegal, strings.Fields(tt.prefix), tt.word)
		assert.Equal(t, tt.ok, ok, "%q then %q", tt.prefix, tt.word)
		assert.Equal(t, tt.move, move, "%q then %q", tt.prefix, tt.word)
		assert.Equal(t, tt.next, strings.Join(next, " "), "%q then %q", tt.prefix, tt.word)
	}
}
