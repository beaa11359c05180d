package theagents

import (
	"math/rand/v2"

	"github.com/dealer/dealer/games"
)

// Computer players at three levels.
//
//   - Normal is Choose, the computer player of Info.Computer.
//   - Easy plays Normal's move half of the time in its turn and otherwise a
//     legal move drawn at random (never ending a turn early while an action
//     is left, unless that is all it may do); outside its turn it plays no
//     Mercenary.
//   - Hard searches (search.go): for each action of its turn it deals the
//     cards it cannot see in several ways consistent with its view, plays
//     Normal's best few actions on in each of them until its next turn, and
//     picks the one that does best.
//
// All three see only their seat's view and legal moves, and are
// deterministic: the same game, seat and seed give the same move.

// ComputerSeeded returns the computer player of level l whose random
// choices (Easy's moves, Hard's deals of the unseen cards) come from seed;
// an unknown level is Normal.
func ComputerSeeded(l games.Level, seed uint64) games.Computer {
	return games.ByLevel(l, seed, easyMove, Choose, hardWithin(hardBudget))
}

// moveRand returns the random source of seat's choice in view v (see
// games.MoveRand).
func moveRand(v View, seat games.Seat, seed uint64) *rand.Rand {
	return games.MoveRand(seed, v.Deal, v.Moves, seat)
}

// easyMove is Easy's choice: Normal's move or, half of the time in its
// turn, a random legal one.
func easyMove(g games.Game, seat games.Seat, seed uint64) games.Move {
	v, ok := g.View(seat).(View)
	if !ok || len(v.ToAct) == 0 || v.ToAct[0] != seat {
		return nil // no Mercenary outside its turn
	}
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	r := moveRand(v, seat, seed)
	if r.IntN(2) == 0 {
		var some []games.Move
		for _, m := range legal {
			if mv, ok := m.(Move); !ok || mv.Kind != MoveEnd {
				some = append(some, m)
			}
		}
		if len(some) == 0 || v.ActionsLeft == 0 && r.IntN(2) == 0 {
			some = legal
		}
		return some[r.IntN(len(some))]
	}
	return Choose(g, seat)
}
