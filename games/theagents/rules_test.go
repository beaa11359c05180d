package theagents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

// TestRulesVersions: under rules version 1 every seat starts with 0 IP, and
// nothing else of the deal changes; version 2 (and 0, the newest) deals
// StartIP; house rules apply under either; no other version is dealt.
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

// rules1Game is a game of testdata/rules1_games.json: played by the engine
// of commit 0cf7b05 (2f8b801^, rules version 1) among its computer players,
// and how that engine ended it (make_rules1_games.go beside it).
type rules1Game struct {
	Record  games.Record
	Levels  []games.Level
	Status  games.Status
	Scores  []int
	Winners []games.Seat
}

func rules1Games(t *testing.T) []rules1Game {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "rules1_games.json"))
	require.NoError(t, err)
	var out []rules1Game
	require.NoError(t, json.Unmarshal(b, &out))
	require.GreaterOrEqual(t, len(out), 40)
	return out
}

// TestRules1Games: every game the engine played under rules version 1
// replays under version 1 to the very end it reached then: its status,
// scores and winners. Under the newest rules the same moves are refused or
// end otherwise: why a table keeps its rules version.
func TestRules1Games(t *testing.T) {
	reg := games.NewRegistry(Info)
	seats := map[int]int{}
	refused, differ, same := 0, 0, 0
	for i, old := range rules1Games(t) {
		seats[old.Record.Seats]++
		require.True(t, old.Status.Finished(), "game %d: a whole game", i)
		rec := old.Record
		rec.Rules = 1
		g, err := reg.Replay(rec)
		require.NoError(t, err, "game %d (deal %d, %d players)", i, rec.Deal, rec.Seats)
		assert.Equal(t, old.Status, g.Status(), "game %d", i)
		assert.Equal(t, old.Scores, g.Scores(), "game %d", i)
		assert.Equal(t, old.Winners, g.Winners(), "game %d", i)
		assert.Empty(t, g.ToAct(), "game %d: played to its end", i)

		rec.Rules = 0 // the newest
		g, err = reg.Replay(rec)
		switch {
		case err != nil:
			refused++
		case g.Status() != old.Status || !slices.Equal(g.Scores(), old.Scores) || !slices.Equal(g.Winners(), old.Winners):
			differ++
		default:
			same++
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		assert.Positive(t, seats[n], "games of %d players", n)
	}
	t.Logf("%d games of rules version 1 under the newest rules: %d refused, %d ended otherwise, %d the same", refused+differ+same, refused, differ, same)
	assert.Positive(t, refused+differ, "the newest rules change some old game")
}
