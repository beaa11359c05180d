package secretagent

import (
	"math/rand/v2"

	"github.com/dealer/dealer/games"
)

// Computer players at three levels.
//
//   - Normal is Choose, the computer player of Info.Computer.
//   - Easy plays Normal's move half of the time and otherwise a legal move
//     drawn at random: it follows suit and sometimes plays well.
//   - Hard searches (search.go): before each choice it deals the cards it
//     cannot see in many ways consistent with its view, plays each of its
//     legal moves on to the end of the deal in each of those deals with
//     Normal for every seat, and picks the move whose outcomes give it the
//     best chance to win the game.
//
// All three see only their seat's view and legal moves, and are
// deterministic: the same game, seat and seed give the same move.

// ComputerSeeded returns the computer player of level l whose random
// choices (Easy's moves, Hard's deals of the unseen cards) come from seed;
// an unknown level is Normal.
func ComputerSeeded(l games.Level, seed uint64) games.Computer {
	return games.ByLevel(l, seed, easyMove, Choose, hardWithin(hardBudget))
}

// moveRand returns the random source of seat's choice now (see
// games.MoveRand), from what seat's view shows.
func moveRand(g games.Game, seat games.Seat, seed uint64) *rand.Rand {
	var deal uint64
	var moves int
	if v, ok := g.View(seat).(View); ok {
		deal, moves = v.Deal, v.Moves
	}
	return games.MoveRand(seed, deal, moves, seat)
}

// easyMove is Easy's choice: Normal's move or, half of the time, a random
// legal one.
func easyMove(g games.Game, seat games.Seat, seed uint64) games.Move {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	r := moveRand(g, seat, seed)
	if r.IntN(2) == 0 {
		return legal[r.IntN(len(legal))]
	}
	return Choose(g, seat)
}
