package rating

import "math"

// update is player i's rating after the game under the Plackett–Luce
// model (Weng and Lin's Algorithm 4; OpenSkill's ties): the game is read
// as a sequence of choices, the best placed chosen first among all, the
// next among the rest, each player chosen with odds exp(mu/c). A tie
// shares a place: each of the tied players' choices weighs 1/A, A the
// number tied. players hold the ratings before the game (Tau added),
// order is their indexes from the best placed, c is spread's.
func update(players []Rating, ranks, order []int, c float64, i int) Rating {
	me := players[i]
	strength := math.Exp(me.Mu / c)
	var omega, delta float64
	for _, q := range order {
		if ranks[q] > ranks[i] {
			break // only the choices made while i was still in the running
		}
		// The choice at q's place is among everyone placed q's or
		// lower; q's tied players share it.
		var sumQ float64
		tied := 0
		for _, j := range order {
			if ranks[j] >= ranks[q] {
				sumQ += math.Exp(players[j].Mu / c)
			}
			if ranks[j] == ranks[q] {
				tied++
			}
		}
		p := strength / sumQ
		if q == i {
			omega += (1 - p) / float64(tied)
		} else {
			omega -= p / float64(tied)
		}
		delta += p * (1 - p) / float64(tied)
	}
	variance := me.Sigma * me.Sigma
	gamma := me.Sigma / c // OpenSkill's default: the player's share of c
	omega *= variance / c
	delta *= variance / (c * c) * gamma
	return Rating{
		Mu:    me.Mu + omega,
		Sigma: me.Sigma * math.Sqrt(math.Max(1-delta, Kappa)),
	}
}
