package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The reference ratings rise from random play to hard, at every game.
func TestLevelsRise(t *testing.T) {
	for game, levels := range Levels {
		assert.Equal(t, []string{"random", "easy", "normal", "hard"}, names(levels), game)
		for i := 1; i < len(levels); i++ {
			assert.Greater(t, levels[i].Ordinal, levels[i-1].Ordinal, "%s: %s above %s", game, levels[i].Level, levels[i-1].Level)
		}
	}
}

func names(levels []LevelRating) []string {
	var out []string
	for _, l := range levels {
		out = append(out, l.Level)
	}
	return out
}

func TestPlaysLike(t *testing.T) {
	sa := Levels["secretagent"]
	cases := []struct {
		name, game string
		ordinal    float64
		want       string
	}{
		{"below random play", "secretagent", sa[0].Ordinal - 1, ""},
		{"at random play", "secretagent", sa[0].Ordinal, "random"},
		{"between easy and normal", "secretagent", (sa[1].Ordinal + sa[2].Ordinal) / 2, "easy"},
		{"above hard", "secretagent", sa[3].Ordinal + 10, "hard"},
		{"a game without levels", "doublets", 50, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, PlaysLike(tc.game, tc.ordinal))
		})
	}
}
