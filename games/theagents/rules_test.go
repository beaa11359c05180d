package theagents

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// Under rules version 1 every seat starts with 0 IP, and nothing else of
// the deal changes; version 2 (and 0, the newest) deals StartIP; house
// rules apply under either; no other version is dealt.
func TestRulesVersions(t *testing.T) {
	reg := games.NewRegistry(Info)
	require.Equal(t, RulesVersion, Info.NewestRules())
	require.NotEmpty(t, Info.RulesBefore[1])
	goal20, err := Info.ParseOptions("goal=20")
	require.NoError(t, err)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for _, tt := range []struct {
			name  string
			rules int
			opts  games.Options
			start []int
			goal  int
		}{
			{"newest", 0, nil, StartIP(players), Goal},
			{"version 2", 2, nil, StartIP(players), Goal},
			{"version 1", 1, nil, make([]int, players), Goal},
			{"version 1, goal 20", 1, goal20, make([]int, players), 20},
			{"version 2, goal 20", 2, goal20, StartIP(players), 20},
		} {
			g0, err := reg.NewUnder(Info.Name, 5, players, tt.opts, tt.rules)
			require.NoError(t, err, "%d players, %s", players, tt.name)
			g := g0.(*Game)
			for i, ip := range tt.start {
				assert.Equal(t, ip, g.ip[g.seatFrom(g.first, i)], "%d players, %s: place %d", players, tt.name, i)
			}
			assert.Equal(t, tt.goal, g.goal, "%d players, %s", players, tt.name)
			// the same cards, the same first player
			n, err := New(5, players)
			require.NoError(t, err)
			assert.Equal(t, n.hands, g.hands)
			assert.Equal(t, n.missions, g.missions)
			assert.Equal(t, n.agentDeck, g.agentDeck)
			assert.Equal(t, n.first, g.first)
		}
	}
	for _, v := range []int{-1, RulesVersion + 1} {
		_, err := reg.NewUnder(Info.Name, 5, 3, nil, v)
		assert.Error(t, err, "version %d", v)
		_, err = NewUnder(5, 3, nil, v)
		assert.Error(t, err, "version %d", v)
	}
	_, err = Info.OldRules(5, 1, nil, 1)
	assert.Error(t, err, "1 player")
}
