package rendertest

import (
	"testing"

	"github.com/dealer/dealer/games/gamestest"
)

// Bench runs op as a benchmark. Besides the wall time it reports the CPU
// time per op (cpu-ns/op), which holds still when other work shares the
// machine.
func Bench(b *testing.B, op func() error) {
	b.Helper()
	b.ReportAllocs()
	c0, ok := gamestest.CPUTime()
	n := 0
	for b.Loop() {
		if err := op(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if c1, ok1 := gamestest.CPUTime(); ok && ok1 && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n), "cpu-ns/op")
	}
}

// BenchPNG runs draw as a benchmark like Bench, and reports the picture's
// size (png-bytes).
func BenchPNG(b *testing.B, draw func() ([]byte, error)) {
	b.Helper()
	var out []byte
	Bench(b, func() (err error) {
		out, err = draw()
		return err
	})
	b.ReportMetric(float64(len(out)), "png-bytes")
}
