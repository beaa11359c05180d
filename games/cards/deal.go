package cards

import (
	"math/bits"
	"math/rand/v2"
)

// Numbered deals.
//
// Deal N is the same on every machine and in every version of the dealer.
// The generator is fixed here and must never change:
//
//   - a PCG generator (math/rand/v2's PCG, whose output is specified) seeded
//     with (N, dealStream);
//   - a Fisher–Yates shuffle, from the last position down to the second: for
//     i = n−1 … 1, swap p[i] with p[j], j = Below(i+1);
//   - Below(n) draws uniform integers in [0, n) by Lemire's multiply-and-reject
//     method on the generator's 64-bit outputs, written out here rather than
//     borrowed from math/rand, whose helpers are free to change.
//
// Tests pin deal 1 of each pack, so a change to any of it fails them.

// dealStream is the second PCG seed word, the dealer's own stream.
const dealStream = 0x6465616c65720001 // "dealer" + 1

// Rand is the deterministic random source of one numbered deal. A game makes
// one from its deal number and draws every random choice from it, in a fixed
// order, so the game replays exactly.
type Rand struct{ pcg *rand.PCG }

// NewRand returns the random source of deal number deal.
func NewRand(deal uint64) *Rand { return &Rand{pcg: rand.NewPCG(deal, dealStream)} }

// Below returns a uniform integer in [0, n). n must be positive.
func (r *Rand) Below(n int) int {
	// Lemire: multiply a 64-bit draw by n; the high word is the result unless
	// the low word falls in the biased zone.
	bound := uint64(n)
	threshold := -bound % bound
	for {
		hi, lo := bits.Mul64(r.pcg.Uint64(), bound)
		if lo >= threshold {
			return int(hi)
		}
	}
}

// Shuffle shuffles p in place (Fisher–Yates).
func (r *Rand) Shuffle(p []Card) {
	for i := len(p) - 1; i > 0; i-- {
		j := r.Below(i + 1)
		p[i], p[j] = p[j], p[i]
	}
}

// Shuffled returns a shuffled copy of pack for deal number deal.
func Shuffled(pack []Card, deal uint64) []Card {
	p := append([]Card(nil), pack...)
	NewRand(deal).Shuffle(p)
	return p
}
