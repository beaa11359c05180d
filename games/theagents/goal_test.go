package theagents

import (
	"fmt"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGoalAtAnyMomentOfTheTurn checks when the end begins. The rules
// (../shared/rules/the-agents.md, "Set-up and end"): "When a player reaches
// 40 IP — at any moment of their turn, even if some is spent again before the
// turn ends (D) — that player finishes the turn and the round is played out
// so that everyone has had the same number of turns".
func TestGoalAtAnyMomentOfTheTurn(t *testing.T) {
	const idle = "(idle)" // the seat takes no action and ends its turn
	type step struct {
		seat games.Seat
		move string
		// ending is whether the end has begun after the move.
		ending bool
	}
	tests := []struct {
		name    string
		players int
		ip      []int
		faction string // faction A's row
		hand    []string
		steps   []step
		over    bool // the game is over after the steps
	}{
		{"reached mid-turn, then spent: the end begins", 2, []int{39, 0}, "SH", []string{"informant"}, []step{
			{0, "play informant cmd 1 ip 0", true}, // +1 IP: 40
			{0, "buy mission", true},               // −3 IP: 37, and still the end
			{0, "end", true},
			{1, idle, true},
		}, true},
		{"never reached: the game goes on", 2, []int{39, 0}, "SH", []string{"informant"}, []step{
			{0, "play informant cmd 0 ip 1", false},
			{0, "buy agent", false},
			{0, "end", false},
			{1, idle, false},
		}, false},
		{"reached by the turn's own scoring", 2, []int{38, 0}, "SH interrogator>1", nil, []step{
			{0, idle, true}, // a white token: 38 + 2
			{1, idle, true},
		}, true},
		{"another player's IP counts from the start of his own turn", 2, []int{0, 39}, "SH", []string{"informant", "mole"}, []step{
			{0, "play informant cmd 0 ip 1", false}, // seat 1 holds 40, in seat 0's turn
			{0, "play mole A0 cmd 1", false},
			{0, "end", true}, // seat 1's turn begins at 40
			{1, idle, true},
		}, true},
		{"held outside his turn and taken before it: no end", 3, []int{0, 0, 41}, "SH", []string{"blackmailer"}, []step{
			{0, "play blackmailer cmd 0 ip 1", false}, // seat 0 steals 4 from seat 2, the only one with IP
			{0, idle, false},
			{1, idle, false}, // seat 2's turn begins at 37
			{2, idle, false},
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rig(t, tt.players)
			copy(g.ip, tt.ip)
			lay(t, g, 0, tt.faction)
			give(t, g, 0, tt.hand...)
			for _, st := range tt.steps {
				if st.move == idle {
					g.actions = 0
					st.move = "end"
				}
				play(t, g, st.seat, st.move)
				assert.Equal(t, st.ending, g.ending, "after seat %d: %s (ip %v)", st.seat, st.move, g.ip)
				assert.Equal(t, st.ending, g.view(games.Spectator).Ending)
			}
			assert.Equal(t, tt.over, g.Status() == games.Over)
		})
	}
}

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
