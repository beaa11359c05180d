package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/require"
)

// FuzzPlay drives the engine by the fuzzer's bytes, from any deal: a byte
// below 192 picks a legal move (undo, auto and resign included), a higher
// one makes up a move, legal or (mostly) not, for any seat. The 104 cards
// stay conserved, nothing panics, and a refused move changes nothing.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 200, 250, 7, 7, 7})
	f.Add(uint64(617), []byte{5, 9, 192, 193, 0, 0, 0, 11, 255})
	f.Fuzz(func(t *testing.T, deal uint64, script []byte) {
		g := New(deal)
		r := cards.NewRand(deal)
		for _, b := range script {
			if g.Status().Finished() {
				break
			}
			var m games.Move
			seat := games.Seat(0)
			if b >= 192 {
				m, seat = randomMove(r), games.Seat(int(b)%3-1)
			} else {
				legal := g.Legal(0)
				require.NotEmpty(t, legal, "a game in play has a move")
				m = legal[int(b)%len(legal)]
			}
			before, moves := snap(g), g.Moves()
			if err := g.Apply(seat, m); err != nil {
				require.Equal(t, before, snap(g), "refused %v changed the game", m)
				require.Equal(t, moves, g.Moves())
			} else {
				require.Equal(t, moves+1, g.Moves())
			}
			checkCards(t, g)
		}
	})
}
