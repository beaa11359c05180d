package secretagent

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
)

// TestSecretAgentTextFits80Columns: every line of the text fits 80 columns
// with the terminal's names, for each seat and the spectator, at every
// point of a whole game; at its end the terminal's player, "you", wins in
// the second person.
func TestSecretAgentTextFits80Columns(t *testing.T) {
	names := []string{"you", "Player 12345", "Cipher", "Dagger"}
	g := playedGame(t, 3, 0)
	for step := 0; !g.Status().Finished(); step++ {
		for viewer := games.Spectator; viewer < game.Seats; viewer++ {
			for _, l := range strings.Split(Text(g.View(viewer).(game.View), names, false), "\n") {
				if w := len([]rune(l)); w > 80 {
					t.Fatalf("move %d, seat %d: a line of %d columns: %s", step, viewer, w, l)
				}
			}
		}
		seat := g.ToAct()[0]
		if err := g.Apply(seat, game.Choose(g, seat)); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(games.Spectator).(game.View)
	winner := v.Winners[0]
	names[winner] = "you"
	got := Text(v, names, false)
	assert.Contains(t, got, " · you win\n")
	assert.NotContains(t, got, "you wins")
}

func TestSecretAgentTextCountsCards(t *testing.T) {
	v := view(t, 11, midTrick, games.Spectator)
	for _, tc := range []struct {
		n    int
		want string
	}{{13, "13 cards"}, {1, " 1 card "}, {0, " 0 cards"}} {
		v.HandSizes[0] = tc.n
		assert.Contains(t, Text(v, nil, false), tc.want)
	}
}
