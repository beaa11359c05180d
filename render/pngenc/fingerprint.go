package pngenc

import (
	"crypto/rand"
	"encoding/binary"
	"math/bits"
	"sync"
)

// fingerprint names a band's bytes in the cache: 256 bits, two sums of
// 128, such that two different inputs of the same length share one with
// probability at most 2⁻¹²⁸, whatever they are, the key being drawn at
// random (and never shown).
//
// It is NH, the hash of UMAC (Black, Halevi, Krawczyk, Krovetz and
// Rogaway, "UMAC: Fast and Secure Message Authentication", CRYPTO '99;
// RFC 4418), on 64-bit words, twice with keys two words apart (their
// "Toeplitz" construction): the input, zero-padded to 32 bytes, is read
// as pairs of words (m₀, m₁), and each sum is Σ (m₀+k₀)·(m₁+k₁) mod 2¹²⁸,
// the additions mod 2⁶⁴, with the next key words for each pair. Each sum
// alone collides with probability 2⁻⁶⁴, the two together 2⁻¹²⁸. It costs
// about as much as hash/maphash's 64 bits (BenchmarkFingerprint), which
// could collide, and so put another band in a picture.
type fingerprint [4]uint64

// maxFingerprinted is the longest input fingerprinted: a band of rows of
// pictures up to 4096 pixels wide, with the row above it. Wider pictures
// are encoded without the cache.
const maxFingerprinted = (bandRows + 1) * (4096 + 1)

// nhKey is the key, drawn once for every encoder: the bound holds for
// any two inputs chosen without knowing it.
var nhKey = sync.OnceValue(func() []uint64 {
	b := make([]byte, 8*((maxFingerprinted+31)/32*4+2))
	rand.Read(b)
	k := make([]uint64, len(b)/8)
	for i := range k {
		k[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return k
})

// fingerprintOf returns the fingerprint of b, at most maxFingerprinted
// bytes long.
func fingerprintOf(b []byte) fingerprint {
	key := nhKey()
	full := len(b) &^ 31
	f := nhSums(b[:full], key)
	if full < len(b) {
		var tail [32]byte
		copy(tail[:], b[full:])
		t := nhSums(tail[:], key[full/8:])
		var c uint64
		f[0], c = bits.Add64(f[0], t[0], 0)
		f[1] += t[1] + c
		f[2], c = bits.Add64(f[2], t[2], 0)
		f[3] += t[3] + c
	}
	return f
}

// nhSums returns the two NH sums of p, a multiple of 32 bytes long,
// under key: the first from key[0:], the second from key[2:], each its
// low word first. It takes two pairs of words a step.
func nhSums(p []byte, key []uint64) fingerprint {
	var a0, a1, b0, b1 uint64
	for len(p) >= 32 && len(key) >= 6 {
		m0, m1 := binary.LittleEndian.Uint64(p[0:8]), binary.LittleEndian.Uint64(p[8:16])
		m2, m3 := binary.LittleEndian.Uint64(p[16:24]), binary.LittleEndian.Uint64(p[24:32])
		h0, l0 := bits.Mul64(m0+key[0], m1+key[1]) // the first sum's
		h1, l1 := bits.Mul64(m2+key[2], m3+key[3])
		h2, l2 := bits.Mul64(m0+key[2], m1+key[3]) // the second's
		h3, l3 := bits.Mul64(m2+key[4], m3+key[5])
		var c uint64
		l0, c = bits.Add64(l0, l1, 0)
		h0 += h1 + c
		a0, c = bits.Add64(a0, l0, 0)
		a1 += h0 + c
		l2, c = bits.Add64(l2, l3, 0)
		h2 += h3 + c
		b0, c = bits.Add64(b0, l2, 0)
		b1 += h2 + c
		p, key = p[32:], key[4:]
	}
	return fingerprint{a0, a1, b0, b1}
}
