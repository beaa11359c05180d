package theagents

import (
	"math/rand/v2"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// checkCards checks that every agent card and every mission card is in
// exactly one place: a hand, a faction, a deck, a retirement pile or (a Free
// Agent being played) the pending command; and that the Safe-Houses stay.
func checkCards(t testing.TB, g *Game) {
	t.Helper()
	agentsSeen := make([]int, len(agentOf))
	missionsSeen := make([]int, len(missionOf))
	for s := range g.n {
		for _, id := range g.hands[s] {
			agentsSeen[id]++
		}
		for _, id := range g.missions[s] {
			missionsSeen[id]++
		}
		require.GreaterOrEqual(t, g.ip[s], 0)
	}
	for _, id := range append(append([]int(nil), g.agentDeck...), g.agentRetired...) {
		agentsSeen[id]++
	}
	for _, id := range append(append([]int(nil), g.missionDeck...), g.missionRetired...) {
		missionsSeen[id]++
	}
	if g.pend != nil && g.pend.agent.Free {
		agentsSeen[g.pend.card]++
	}
	for fi, f := range g.board {
		houses := 0
		for _, c := range f.Cards {
			if c.SafeHouse {
				houses++
				require.Equal(t, fi, c.ID)
				continue
			}
			agentsSeen[c.ID]++
			a := agentCard(c.ID)
			require.False(t, a.Free, "a Free Agent in a faction")
			require.Equal(t, a.Key, c.Agent)
			require.True(t, f.Has(c.Cmd))
		}
		require.Equal(t, 1, houses)
		require.LessOrEqual(t, f.Agents(), f.Limit)
		per := map[games.Seat]int{}
		keys := map[string]bool{}
		for _, a := range f.Missions {
			missionsSeen[a.ID]++
			per[a.Owner]++
			require.False(t, keys[a.Mission], "two %s missions on faction %s", a.Mission, f.Name)
			keys[a.Mission] = true
			require.True(t, f.Has(a.Owner))
			require.Positive(t, f.Agents(), "a mission on an empty faction")
		}
		for _, n := range per {
			require.LessOrEqual(t, n, 2)
		}
	}
	for id, n := range agentsSeen {
		require.Equal(t, 1, n, "agent card %d (%s)", id, agentCard(id).Key)
	}
	for id, n := range missionsSeen {
		require.Equal(t, 1, n, "mission card %d", id)
	}
}

var junk = []string{"end", "buy agent", "buy mission", "draw", "play sniper A0 cmd 0", "play mercenary B1 cmd 1",
	"play informant cmd 0 ip 1", "use A1", "kill A2", "swap A1 A2", "spy 1", "take mole", "steal 0",
	"assign graveyard A", "recall graveyard A", "move graveyard A B", "trade graveyard", "trade graveyard B",
	"play mole C2 cmd 2", "revive A1", "extract B2", "turn C1"}

// randomGame plays deal with random legal moves, throwing in random bad
// moves that must change nothing, and checks the invariants at every step.
// It returns the game.
func randomGame(t testing.TB, deal, seed uint64, players, maxMoves int) *Game {
	g, err := New(deal, players)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 1))
	for n := 0; n < maxMoves && !g.Status().Finished(); n++ {
		checkCards(t, g)
		act := g.ToAct()
		require.NotEmpty(t, act)
		if r.IntN(4) == 0 {
			s := games.Seat(r.IntN(players+2) - 1)
			m, err := Parse(junk[r.IntN(len(junk))])
			require.NoError(t, err)
			if !games.IsLegal(g, s, m.String()) {
				before := gamestest.StateJSON(t, g)
				require.Error(t, g.Apply(s, m))
				require.Equal(t, before, gamestest.StateJSON(t, g))
			}
		}
		for s := range games.Seat(players) {
			if !games.CanAct(g, s) {
				require.Empty(t, g.Legal(s), "seat %d", s)
			}
		}
		s := act[r.IntN(len(act))]
		legal := g.Legal(s)
		require.NotEmpty(t, legal, "seat %d to act has no move", s)
		m := legal[r.IntN(len(legal))]
		back, err := Parse(m.String())
		require.NoError(t, err)
		require.Equal(t, m, back)
		moves := g.Moves()
		require.NoError(t, g.Apply(s, m), "seat %d: %s", s, m)
		require.Equal(t, moves+1, g.Moves())
	}
	checkCards(t, g)
	return g
}

func TestRandomGames(t *testing.T) {
	for d := uint64(0); d < 12; d++ {
		players := 2 + int(d%4)
		g := randomGame(t, d, d*31+7, players, 20000)
		t.Logf("deal %d, %d players: %d moves, %d turns, ip %v, %s", d, players, g.Moves(), g.Turns(), g.ip, g.Status())
	}
}

func FuzzRandomPlay(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint8(3))
	f.Add(uint64(547), uint64(0), uint8(5))
	f.Fuzz(func(t *testing.T, deal, seed uint64, players uint8) {
		randomGame(t, deal, seed, 2+int(players%4), 800)
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range junk {
		f.Add(s)
	}
	for _, s := range []string{"play double agent a3 cmd 2", "end turn", "pass", "take Field Medic", "trade chain of command c", "x", "play", "swap b3 a1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := gamestest.ReadsBack(t, Parse, s)
		if !ok {
			return
		}
		for _, n := range []int{2, 5} {
			g, _ := New(1, n)
			before := gamestest.StateJSON(t, g)
			if g.Apply(g.ToAct()[0], m) != nil {
				require.Equal(t, before, gamestest.StateJSON(t, g))
			}
		}
	})
}
