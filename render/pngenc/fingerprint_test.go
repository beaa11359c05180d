package pngenc

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// nhReference is NH as its definition reads, in big integers: for each
// of the two sums, Σ ((m₀+k₀) mod 2⁶⁴)·((m₁+k₁) mod 2⁶⁴) mod 2¹²⁸ over
// the input's pairs of little-endian words, zero-padded to 32 bytes, the
// second sum's keys two words on.
func nhReference(b []byte, key []uint64) fingerprint {
	padded := append([]byte(nil), b...)
	for len(padded)%32 != 0 {
		padded = append(padded, 0)
	}
	word := func(i int) *big.Int {
		var v uint64
		for k := 7; k >= 0; k-- {
			v = v<<8 | uint64(padded[8*i+k])
		}
		return new(big.Int).SetUint64(v)
	}
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	var f fingerprint
	for s := range 2 {
		sum := new(big.Int)
		for i := 0; 2*i < len(padded)/8; i++ {
			a := new(big.Int).Add(word(2*i), new(big.Int).SetUint64(key[2*i+2*s]))
			b := new(big.Int).Add(word(2*i+1), new(big.Int).SetUint64(key[2*i+1+2*s]))
			a.Mod(a, two64)
			b.Mod(b, two64)
			sum.Add(sum, a.Mul(a, b))
		}
		sum.Mod(sum, two128)
		lo := new(big.Int).Mod(sum, two64)
		f[2*s], f[2*s+1] = lo.Uint64(), new(big.Int).Rsh(sum, 64).Uint64()
	}
	return f
}

// The fingerprint is NH as defined, for inputs of every length up to a
// few hundred bytes and one of the longest.
func TestFingerprintIsNH(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		require.Equal(t, nhReference(b, nhKey()), fingerprintOf(b), "%d bytes", n)
	}
	long := make([]byte, maxFingerprinted)
	for i := range long {
		long[i] = byte(i * 7)
	}
	require.Equal(t, nhReference(long, nhKey()), fingerprintOf(long))
}

// Inputs that differ in any one bit, the top bits of words included
// (whose products differ only in their top bits), or in a swap of two
// words, have other fingerprints.
func TestFingerprintsDiffer(t *testing.T) {
	base := make([]byte, 33*1201) // a band of a Double FreeCell table, with the row above
	for i := range base {
		base[i] = byte(i % 7)
	}
	seen := map[fingerprint]string{fingerprintOf(base): "the base"}
	add := func(b []byte, what string) {
		f := fingerprintOf(b)
		prev, dup := seen[f]
		require.False(t, dup, "%s has the fingerprint of %s", what, prev)
		seen[f] = what
	}
	for _, at := range []int{0, 7, 8, 15, 16, 31, 32, 600, len(base) - 33, len(base) - 1} {
		for bit := range 8 {
			b := append([]byte(nil), base...)
			b[at] ^= 1 << bit
			add(b, "a bit flipped")
		}
	}
	for _, at := range []int{0, 8, 1000} {
		b := append([]byte(nil), base...)
		copy(b[at:at+8], base[at+8:at+16])
		copy(b[at+8:at+16], base[at:at+8]) // (they differ: the base repeats every 7 bytes)
		add(b, "two words swapped")
	}
}
