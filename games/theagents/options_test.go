package theagents

import (
	"fmt"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// TestGoalOption: the goal house rule ends the game at the chosen IP, and a
// game under it replays exactly from its record.
func TestGoalOption(t *testing.T) {
	reg := games.NewRegistry(Info)
	for _, goal := range []int{20, 30, 40, 60} {
		opts, err := Info.ParseOptions(fmt.Sprintf("goal=%d", goal))
		require.NoError(t, err)
		g, err := Info.Start(11, 3, opts)
		require.NoError(t, err)
		rec := games.Record{Game: Info.Name, Deal: 11, Seats: 3, Options: Info.FormatOptions(opts)}
		rec.Moves = gamestest.PlayToEnd(t, g, Choose)
		v := g.View(games.Spectator).(View)
		require.Equal(t, goal, v.Goal)
		best := 0
		for _, ip := range g.Scores() {
			best = max(best, ip)
		}
		require.GreaterOrEqual(t, best, goal, "goal=%d: the game ends once someone holds the goal", goal)
		gamestest.AssertReplays(t, reg, rec, g)
	}
	_, err := Info.ParseOptions("goal=50")
	require.ErrorContains(t, err, "20, 30, 40, 60")
}
