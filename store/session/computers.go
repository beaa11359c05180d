package session

import (
	"fmt"

	"github.com/dealer/dealer/games"
)

// maxComputerMoves bounds the moves computer players make in a row: a game
// whose computer players never hand the turn back is a bug, not a hang.
const maxComputerMoves = 100000

// PlayComputers lets computer players move in g while one is to act (and
// the game has a computer player): computer says which seats are
// computers, and play makes each move info.Computer picks, saving it where
// there is a store. It is the one loop of computer turns, for tables and
// for the terminal's store-less modes.
func PlayComputers(g games.Game, info games.Info, computer func(games.Seat) bool, play func(games.Seat, games.Move) error) error {
	for steps := 0; steps < maxComputerMoves && !g.Status().Finished(); steps++ {
		act := g.ToAct()
		if len(act) == 0 || info.Computer == nil || !computer(act[0]) {
			return nil
		}
		seat := act[0]
		if err := play(seat, info.Computer(g, seat)); err != nil {
			return fmt.Errorf("computer player %s: %w", ComputerName(int(seat)), err)
		}
	}
	return nil
}
