package pngenc

import "encoding/binary"

// bitWriter writes deflate's bit stream, least significant bit first. It
// stores eight bytes at each put and moves on by the whole ones among
// them, so the buffer keeps eight spare bytes (grow).
type bitWriter struct {
	buf   []byte // written up to n, then room
	n     int
	acc   uint64 // bits not yet whole bytes: nbits < 8 between puts
	nbits uint
}

func (w *bitWriter) reset(dst []byte) { w.buf, w.n, w.acc, w.nbits = dst[:cap(dst)], len(dst), 0, 0 }

// grow makes room for k more bytes.
func (w *bitWriter) grow(k int) {
	if w.n+k+8 > len(w.buf) {
		b := make([]byte, 2*len(w.buf)+k+8)
		copy(b, w.buf[:w.n])
		w.buf = b
	}
}

// put writes the nb low bits of v (nb at most 56).
func (w *bitWriter) put(v uint64, nb uint) {
	w.acc |= v << w.nbits
	w.nbits += nb
	binary.LittleEndian.PutUint64(w.buf[w.n:], w.acc)
	whole := w.nbits >> 3
	w.n += int(whole)
	w.acc >>= whole << 3
	w.nbits &= 7
}

// appendBits writes the first nbits bits of src (as a bitWriter wrote
// them).
func (w *bitWriter) appendBits(src []byte, nbits int) {
	w.grow(len(src))
	whole := nbits / 8
	i := 0
	if s := w.nbits; s == 0 {
		copy(w.buf[w.n:], src[:whole])
		w.n += whole
		i = whole
	} else {
		acc := w.acc
		for ; i+8 <= whole; i += 8 {
			v := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(w.buf[w.n:], acc|v<<s)
			w.n += 8
			acc = v >> (64 - s)
		}
		w.acc = acc
	}
	for ; i < whole; i++ {
		w.put(uint64(src[i]), 8)
	}
	if r := uint(nbits % 8); r > 0 {
		w.put(uint64(src[whole])&(1<<r-1), r)
	}
}

// flush writes the last bits, padded to a byte, and returns the output.
func (w *bitWriter) flush() []byte {
	if w.nbits > 0 {
		w.put(0, 8-w.nbits)
	}
	return w.buf[:w.n]
}
