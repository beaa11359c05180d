package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The deal: the table, hands, missions and decks New deals from one random
// source, and the IP each place starts with.

func TestNewTable(t *testing.T) {
	for players := 2; players <= 5; players++ {
		g, err := New(7, players)
		require.NoError(t, err)
		require.Len(t, g.board, players)
		limit := 5
		if players == 2 {
			limit = 7
		}
		white := map[games.Seat]int{}
		black := map[games.Seat]int{}
		for i, f := range g.board {
			assert.Equal(t, string(rune('A'+i)), f.Name)
			assert.Equal(t, [2]games.Seat{games.Seat(i), games.Seat((i + 1) % players)}, f.Players)
			assert.Equal(t, limit, f.Limit)
			require.Equal(t, []Placed{{ID: i, SafeHouse: true, Cmd: -1}}, f.Cards)
			for _, s := range f.Players {
				c, ok := f.half(f.Cards[0], s)
				require.True(t, ok)
				if c == White {
					white[s]++
				} else {
					black[s]++
				}
			}
		}
		for s := range games.Seat(players) {
			assert.Equal(t, 1, white[s], "seat %d has white facing him in one faction", s)
			assert.Equal(t, 1, black[s], "and black in the other")
			assert.Len(t, g.hands[s], StartAgents)
			assert.Len(t, g.missions[s], StartMissions)
		}
		for i, ip := range StartIP(players) {
			assert.Equal(t, ip, g.ip[g.seatFrom(g.first, i)], "place %d in turn order", i)
		}
		assert.Equal(t, g.first, g.turn)
		assert.Equal(t, []games.Seat{g.first}, g.ToAct()[:1])
		checkCards(t, g)
	}
	for _, n := range []int{0, 1, 6} {
		_, err := New(1, n)
		assert.Error(t, err)
		_, err = games.NewRegistry(Info).New("theagents", 1, n)
		assert.Error(t, err)
	}
}

// TestPinnedDeal pins deal 1 with three players: the same deal on every
// machine and in every version.
func TestPinnedDeal(t *testing.T) {
	g, err := New(1, 3)
	require.NoError(t, err)
	got := []string{handKeys(g, 0), handKeys(g, 1), handKeys(g, 2)}
	t.Logf("first %d, hands %q, missions %v", g.first, got, g.missions)
	assert.Equal(t, games.Seat(2), g.first)
	assert.Equal(t, []string{"turncoat mercenary saboteur", "interrogator propagandist resurrectionist", "medic turncoat hitman"}, got)
	assert.Equal(t, [][]int{{4}, {11}, {5}}, g.missions)
}

// TestDealFromOneRand redoes the documented draws.
func TestDealFromOneRand(t *testing.T) {
	for _, d := range []uint64{0, 1, 2, 99, 1 << 40} {
		for players := 2; players <= 5; players++ {
			g, err := New(d, players)
			require.NoError(t, err)
			rng := cards.NewRand(d)
			first := rng.Below(players)
			shuffle := func(n int) []int {
				p := make([]int, n)
				for i := range p {
					p[i] = i
				}
				for i := n - 1; i > 0; i-- {
					j := rng.Below(i + 1)
					p[i], p[j] = p[j], p[i]
				}
				return p
			}
			agents, missions := shuffle(36), shuffle(20)
			hands := make([][]int, players)
			for i := range 3 * players {
				s := (first + i) % players
				hands[s] = addSorted(hands[s], agents[i])
			}
			assert.Equal(t, games.Seat(first), g.first)
			for s := range players {
				assert.Equal(t, hands[s], g.hands[s])
				assert.Equal(t, []int{missions[(s-first+players)%players]}, g.missions[s])
			}
			assert.Equal(t, agents[3*players:], g.agentDeck)
			assert.Equal(t, missions[players:], g.missionDeck)
		}
	}
}

// TestStartIP: the seat compensation (D, issue 16), by place in turn order
// from the first player, and what New deals with it.
func TestStartIP(t *testing.T) {
	tests := []struct {
		players int
		want    []int
	}{
		{1, nil},
		{2, []int{0, 1}},
		{3, []int{4, 3, 0}},
		{4, []int{4, 4, 0, 0}},
		{5, []int{4, 4, 1, 0, 0}},
		{6, nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, StartIP(tt.players), "%d players", tt.players)
		if tt.want == nil {
			continue
		}
		for deal := uint64(1); deal <= 6; deal++ {
			g, err := New(deal, tt.players)
			require.NoError(t, err)
			got := make([]int, tt.players)
			for i := range got {
				got[i] = g.Scores()[g.seatFrom(g.first, i)]
			}
			assert.Equal(t, tt.want, got, "deal %d, %d players, first player %d", deal, tt.players, g.first)
		}
	}
	StartIP(3)[0] = 99
	assert.Equal(t, 4, StartIP(3)[0], "StartIP returns a copy")
}
