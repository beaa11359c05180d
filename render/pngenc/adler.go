package pngenc

import "encoding/binary"

// adler32 is hash/adler32's checksum, eight bytes a step. Before each
// step s2 gains 8·s1; the step's bytes then add to s1 their sum (one
// multiplication sums a word's 16-bit lanes) and to s2 their sum weighted
// 8, 7, …, 1, which is linear: lane totals kept over a block are weighted
// once at its end.
func adler32(p []byte) uint32 {
	const mod = 65521
	const block = 256 * 8 // lane totals stay below 256·255 < 1<<16
	s1, s2 := uint64(1), uint64(0)
	for len(p) >= 8 {
		q := p[:min(len(p), block)&^7]
		p = p[len(q):]
		var even, odd uint64 // lane totals: bytes 0, 2, 4, 6 and 1, 3, 5, 7
		for ; len(q) >= 8; q = q[8:] {
			v := binary.LittleEndian.Uint64(q)
			e, o := v&0x00ff00ff00ff00ff, v>>8&0x00ff00ff00ff00ff
			s2 += 8 * s1
			s1 += (e + o) * 0x0001000100010001 >> 48
			even += e
			odd += o
		}
		for k := range 4 {
			s2 += (even>>(16*k)&0xffff)*uint64(8-2*k) + (odd>>(16*k)&0xffff)*uint64(7-2*k)
		}
		s1 %= mod
		s2 %= mod
	}
	for _, x := range p {
		s1 += uint64(x)
		s2 += s1
	}
	return uint32(s2%mod<<16 | s1%mod)
}

// adler32Combine returns the Adler-32 of a then b from theirs and b's
// length (as zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	rem := uint64(lenB % mod)
	a1, a2 := uint64(a&0xffff), uint64(a>>16)
	b1, b2 := uint64(b&0xffff), uint64(b>>16)
	s1 := (a1 + b1 + mod - 1) % mod
	s2 := (rem*a1 + a2 + b2 + mod - rem) % mod
	return uint32(s2<<16 | s1)
}
