package pngenc

import (
	"hash/maphash"
	"image"
	"math/rand/v2"
	"testing"
)

// BenchmarkFingerprint names a band of a Double FreeCell table (32 rows
// of 1201 bytes and the row above) by the cache's fingerprint, and by the
// 64-bit hash/maphash sum that named bands before it, which could
// collide.
func BenchmarkFingerprint(b *testing.B) {
	band := make([]byte, 33*1201)
	for i := range band {
		band[i] = byte(i*7 + i/1201)
	}
	b.Run("nh256", func(b *testing.B) {
		b.SetBytes(int64(len(band)))
		for b.Loop() {
			fingerprintOf(band)
		}
	})
	b.Run("maphash64", func(b *testing.B) {
		seed := maphash.MakeSeed()
		b.SetBytes(int64(len(band)))
		for b.Loop() {
			maphash.Bytes(seed, band)
		}
	})
}

// BenchmarkEncode encodes a 700 × 500 card table: the same again (every
// band found), after a move alone, and after a move as the next of a
// series told where it changed.
func BenchmarkEncode(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	tables := []table{randomTable(rng, 700, 500, 40)}
	for range 63 {
		tables = append(tables, tables[len(tables)-1].moved(rng))
	}
	b.Run("same", func(b *testing.B) {
		e, c := NewEncoder(), canvasOf(tables[0].image())
		for b.Loop() {
			if _, err := e.Encode(c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("moved", func(b *testing.B) {
		e := NewEncoder()
		var c Canvas
		i := 0
		for b.Loop() {
			tab := tables[i%len(tables)]
			i++
			c.Reset(tab.w, tab.h, palette)
			tab.draw(&c.Image, c.Image.Rect)
			if _, err := e.Encode(&c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("moved-series", func(b *testing.B) {
		e := NewEncoder()
		var c Canvas
		i := 0
		for b.Loop() {
			tab := tables[i%len(tables)]
			i++
			n := Next{Series: "t", From: e.Last("t"), Note: tab}
			if n.From != nil {
				n.Diffed, n.Changed = true, n.From.Note.(table).changed(tab)
			}
			c.Reset(tab.w, tab.h, palette)
			if _, err := e.EncodeNext(&c, n, func(part image.Rectangle) { tab.draw(&c.Image, part) }); err != nil {
				b.Fatal(err)
			}
		}
	})
}
