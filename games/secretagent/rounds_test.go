package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Rounds are the deals' scores by seat, as the deals revealed them, one
// more each time a deal ends; the records keep them through games.Rounds.
func TestRounds(t *testing.T) {
	const deal = 4 + 52 // the moves of one whole deal: three forbids, trump, 52 cards
	for _, tc := range []struct {
		name  string
		moves int // computer players' moves made; -1: to the end
		deals int // deals scored then; -1: every deal played
	}{
		{"before any deal is scored", 0, 0},
		{"in the first deal's last trick", deal - 1, 0},
		{"after the first deal", deal, 1},
		{"in the second deal", deal + 7, 1},
		{"at the end", -1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(11)
			for i := 0; i != tc.moves && !g.Status().Finished(); i++ {
				seat := g.ToAct()[0]
				require.NoError(t, g.Apply(seat, Choose(g, seat)))
			}
			got := games.Rounds(g)
			deals := tc.deals
			if deals < 0 {
				require.True(t, g.Status().Finished())
				deals = len(g.results)
				assert.GreaterOrEqual(t, deals, DealsPerGame)
			}
			require.Len(t, got, deals)
			var totals [Seats]int
			for i, r := range g.view(games.Spectator).Revealed {
				require.Len(t, got[i], Seats)
				for _, s := range r.Seats {
					assert.Equal(t, s.Score, got[i][s.Seat], "deal %d, seat %d", r.DealNo, s.Seat)
					totals[s.Seat] += got[i][s.Seat]
				}
			}
			if deals > 0 {
				assert.Equal(t, totals[:], g.Scores(), "the rounds add up to the totals")
			}
		})
	}
}

// A game not played in rounds has none.
func TestRoundsOfAGameWithout(t *testing.T) {
	assert.Nil(t, games.Rounds(notRounds{New(1)}))
}

// notRounds is a game that hides its Rounds.
type notRounds struct{ games.Game }
