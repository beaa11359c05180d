package theagents

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
)

// TestTheAgentsTextSaysYou: the terminal names its one player "you": the
// text speaks to him in the second person.
func TestTheAgentsTextSaysYou(t *testing.T) {
	you := []string{"you", "Bond", "Cipher"}
	crafted := craftedView()
	turn := craftedView()
	turn.Pending, turn.Turn = nil, 0
	theirs := craftedView()
	theirs.Pending.Owner = 0
	theirs.Pending.Performer = 1
	won := craftedView()
	won.Status, won.Turn, won.Pending, won.Winners = games.Over, -1, nil, []games.Seat{0}
	tests := []struct {
		name  string
		v     game.View
		names []string
		want  string
		not   string
	}{
		{"your turn", turn, you, "The Agents · round 3 · goal 40 IP · your turn", "you's"},
		{"their turn", turn, testNames, "Ann's turn", "your turn"},
		{"you choose", crafted, you, "waiting: you choose for Bond's Sniper (A1)", "you chooses"},
		{"for your agent", theirs, you, "waiting: Bond chooses for your Sniper (A1)", "you's"},
		{"you win", won, you, "you win", "you wins"},
		{"Ann wins", won, testNames, "Ann wins", "Ann win\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Text(tt.v, tt.names, false)
			assert.Contains(t, got, tt.want)
			assert.NotContains(t, got, tt.not)
		})
	}
}

// TestTheAgentsTextFits80Columns: every line of the text fits 80 columns,
// with the terminal's names, at every point of whole games of two to five
// players.
func TestTheAgentsTextFits80Columns(t *testing.T) {
	names := []string{"you", "Player 12345", "Cipher", "Dagger", "Echo"}
	for players := game.MinPlayers; players <= game.MaxPlayers; players++ {
		g := playedGame(t, uint64(players), players, 0)
		for step := 0; !g.Status().Finished() && step < 4000; step++ {
			for _, viewer := range []games.Seat{games.Spectator, g.ToAct()[0]} {
				for _, l := range strings.Split(Text(g.View(viewer).(game.View), names, false), "\n") {
					if w := len([]rune(l)); w > 80 {
						t.Fatalf("%d players, move %d: a line of %d columns: %s", players, step, w, l)
					}
				}
			}
			seat := g.ToAct()[0]
			if err := g.Apply(seat, game.Choose(g, seat)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
