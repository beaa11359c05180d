package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWalkTree(t *testing.T) {
	legal := []string{"play mole A0 cmd 1", "play mole A2 cmd 1", "play sniper B1 cmd 0", "buy agent", "trade codebook", "trade codebook A", "end"}
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
		{"trade", []string{treeEnd, "A"}, "", "trade codebook"},
		{"end", nil, "end", "end"},
	}
	for _, tt := range tests {
		step := walkTree(legal, strings.Fields(tt.prefix))
		assert.Equal(t, tt.want, step.options, tt.prefix)
		assert.Equal(t, tt.move, step.move, tt.prefix)
		assert.Equal(t, tt.reached, strings.Join(step.prefix, " "), tt.prefix)
	}
}

func TestTreeControlsKeepDiscordLimits(t *testing.T) {
	var legal []string
	for i := 0; i < 80; i++ {
		legal = append(legal, "play c"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+" A0")
	}
	rows := treeControls(controlState{table: 7, version: 3}, walkTree(legal, []string{"play"}), func(_ []string, w string) string { return w })
	require.LessOrEqual(t, len(rows), 5)
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range componentsOf(r) {
			if m, ok := c.(discordgo.SelectMenu); ok {
				assert.LessOrEqual(t, len(m.Options), 25)
			}
			id := customIDOf(c)
			assert.False(t, seen[id], id)
			seen[id] = true
			_, err := parseButtonID(id)
			assert.NoError(t, err, id)
		}
	}
}
