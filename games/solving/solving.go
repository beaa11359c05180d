// Package solving holds what the solitaires' solvers share: a Meter that
// bounds a search as it goes (a cap on the nodes it visits, a deadline on
// the wall clock), and Mix, the finalizer of their positions' hashes.
package solving

// Mix is splitmix64's finalizer: it spreads the bits of x over the whole
// word, so that near positions hash far apart.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
