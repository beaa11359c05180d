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
		encodeInTurn(b, tables, func(tab table) error {
			c.Reset(tab.w, tab.h, palette)
			tab.draw(&c.Image, c.Image.Rect)
			_, err := e.Encode(&c)
			return err
		})
	})
	b.Run("moved-series", func(b *testing.B) {
		e := NewEncoder()
		var c Canvas
		encodeInTurn(b, tables, func(tab table) error {
			n := Next{Series: "t", From: e.Last("t"), Note: tab}
			if n.From != nil {
				n.Diffed, n.Changed = true, n.From.Note.(table).changed(tab)
			}
			c.Reset(tab.w, tab.h, palette)
			_, err := e.EncodeNext(&c, n, func(part image.Rectangle) { tab.draw(&c.Image, part) })
			return err
		})
	})
}

// encodeInTurn runs encode as a benchmark on each of tables in turn, one
// table an op, as a table in play is drawn move after move.
func encodeInTurn(b *testing.B, tables []table, encode func(tab table) error) {
	b.Helper()
	for i := 0; b.Loop(); i++ {
		if err := encode(tables[i%len(tables)]); err != nil {
			b.Fatal(err)
		}
	}
}
