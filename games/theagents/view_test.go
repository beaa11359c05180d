package theagents

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkPrivacy checks every view of g: a seat sees its own hand and missions
// and no card of another hand (except, for a spy's performer, the hand looked
// at); the spectator sees no hand; no view holds the order of the decks.
func checkPrivacy(t testing.TB, g *Game) {
	t.Helper()
	st := g.state()
	for viewer := games.Spectator; int(viewer) < g.n; viewer++ {
		b, err := json.Marshal(g.View(viewer))
		require.NoError(t, err)
		text := string(b)
		var v View
		require.NoError(t, json.Unmarshal(b, &v))
		for s := range g.n {
			seat := games.Seat(s)
			if seat == viewer {
				continue
			}
			spied := g.pend != nil && g.pend.victim == seat && g.pend.performer == viewer
			for _, c := range st.Hands[s] {
				if !spied {
					require.NotContains(t, text, fmt.Sprintf(`{"id":%d,"agent":`, c.ID), "viewer %d sees seat %d's %s", viewer, s, c.Agent)
				}
			}
			for _, c := range st.MissionHands[s] {
				require.NotContains(t, text, fmt.Sprintf(`{"id":%d,"mission":`, c.ID), "viewer %d sees seat %d's %s", viewer, s, c.Mission)
			}
		}
		for _, c := range st.AgentOrder {
			require.NotContains(t, text, fmt.Sprintf(`{"id":%d,"agent":`, c.ID), "viewer %d sees the deck", viewer)
		}
		for _, c := range st.MissionOrder {
			require.NotContains(t, text, fmt.Sprintf(`{"id":%d,"mission":`, c.ID), "viewer %d sees the deck", viewer)
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		if viewer == games.Spectator {
			require.NotContains(t, m, "hand")
			require.NotContains(t, m, "missions")
			require.NotContains(t, text, "victim_hand")
		} else {
			if len(st.Hands[viewer]) > 0 {
				require.Equal(t, st.Hands[viewer], v.Hand)
			}
			if len(st.MissionHands[viewer]) > 0 {
				require.Equal(t, st.MissionHands[viewer], v.Missions)
			}
		}
		require.Len(t, v.HandSizes, g.n)
		for s := range g.n {
			require.Equal(t, len(st.Hands[s]), v.HandSizes[s])
			require.Equal(t, len(st.MissionHands[s]), v.MissionCounts[s])
		}
		require.Equal(t, g.ip, v.IP)
		// Who else could play a Mercenary out of turn is their secret: a
		// view names the seat the game waits on, and the viewer itself.
		want := g.WaitingOn()
		if viewer >= 0 && len(want) > 0 && want[0] != viewer && slices.Contains(g.ToAct(), viewer) {
			want = append(want, viewer)
		}
		require.Equal(t, want, v.ToAct)
	}
	assert.Equal(t, g.view(games.Spectator), g.view(games.Seat(g.n)), "a seat not at the table is a spectator")
}

func TestViewsHideHands(t *testing.T) {
	for _, tc := range []struct {
		deal    uint64
		players int
		random  bool
	}{{1, 2, false}, {2, 3, true}, {3, 4, false}, {4, 5, false}} {
		g, err := New(tc.deal, tc.players)
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(tc.deal, 5))
		for n := 0; n < 3000 && !g.Status().Finished(); n++ {
			checkPrivacy(t, g)
			s := g.ToAct()[0]
			m := Choose(g, s)
			if tc.random {
				l := g.Legal(s)
				m = l[r.IntN(len(l))]
			}
			require.NoError(t, g.Apply(s, m))
		}
		checkPrivacy(t, g)
		require.True(t, g.Status().Finished())
	}
}

func TestViewContents(t *testing.T) {
	g := rig(t, 3)
	lay(t, g, 0, "SH interrogator>1 sniper>0x")
	give(t, g, 0, "mole", "hitman")
	giveMission(t, g, 0, "graveyard")
	giveMission(t, g, 1, "lone-wolf")
	v := g.view(0)
	assert.Equal(t, games.Seat(0), v.Viewer)
	assert.Equal(t, 3, v.Players)
	assert.Equal(t, games.Seat(0), v.Turn)
	assert.Equal(t, 2, v.ActionsLeft)
	assert.Equal(t, ShiftsPerTurn, v.MissionMovesLeft)
	assert.Equal(t, []int{2, 0, 0}, v.HandSizes)
	assert.Equal(t, []int{1, 1, 0}, v.MissionCounts)
	assert.ElementsMatch(t, []string{"mole", "hitman"}, []string{v.Hand[0].Agent, v.Hand[1].Agent})
	assert.Equal(t, "graveyard", v.Missions[0].Mission)
	require.Len(t, v.Factions, 3)
	a := v.Factions[0]
	assert.Equal(t, "A", a.Name)
	assert.Equal(t, [2]games.Seat{0, 1}, a.Players)
	assert.True(t, a.Cards[0].SafeHouse)
	assert.Equal(t, games.Seat(1), a.Cards[1].Cmd)
	assert.True(t, a.Cards[2].Dead)
	assert.Equal(t, []Token{{Pos: 1, For: 0, Colour: White, IP: 2}}, a.Tokens)
	assert.Equal(t, []int{2, 0, 0}, v.Income)
	assert.Equal(t, Goal, v.Goal)
	assert.Equal(t, len(g.agentDeck), v.AgentDeck)
	sp := g.view(games.Spectator)
	assert.Nil(t, sp.Hand)
	assert.Nil(t, sp.Missions)
	b, err := json.Marshal(sp)
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(b), `"safe_house":true`))
}

func TestSummary(t *testing.T) {
	g, err := New(11, 4)
	require.NoError(t, err)
	require.NoError(t, PlayOut(g))
	s := g.Summary()
	assert.Equal(t, "theagents", s.Game)
	assert.Equal(t, uint64(11), s.Deal)
	assert.Equal(t, 4, s.Players)
	assert.Equal(t, games.Over, s.Status)
	assert.Equal(t, g.Turns(), s.Turns)
	assert.Equal(t, s.Turns/4, s.Rounds)
	assert.Zero(t, s.Turns%4)
	assert.Equal(t, g.Scores(), s.IP)
	assert.Equal(t, g.Winners(), s.Winners)
	if len(s.Winners) == 1 {
		require.NotNil(t, s.Winner)
		assert.Equal(t, s.Winners[0], *s.Winner)
	}
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"status":"over"`)
	var st map[string]any
	b, err = json.Marshal(games.FullState(g))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &st))
	assert.Contains(t, st, "hands")
	assert.Contains(t, st, "agent_order")
}
