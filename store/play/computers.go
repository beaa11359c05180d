package play

import (
	"fmt"

	"github.com/dealer/dealer/games"
)

// maxComputerMoves bounds the moves computer players make in a row: a game
// whose computer players never hand the turn back is a bug, not a hang.
const maxComputerMoves = 100000

// PlayComputers lets computer players move in g while one is to act:
// computerAt gives a seat's computer player (nil for a person), and play
// makes each move it picks, saving it where there is a store. It is the
// one loop of computer turns, for tables and for the terminal's store-less
// modes.
func PlayComputers(g games.Game, computerAt func(games.Seat) games.Computer, play func(games.Seat, games.Move) error) error {
	for steps := 0; steps < maxComputerMoves && !g.Status().Finished(); steps++ {
		act := g.ToAct()
		if len(act) == 0 {
			return nil
		}
		seat := act[0]
		computer := computerAt(seat)
		if computer == nil {
			return nil
		}
		if err := play(seat, computer(g, seat)); err != nil {
			return fmt.Errorf("computer player %s: %w", ComputerName(int(seat)), err)
		}
	}
	return nil
}
