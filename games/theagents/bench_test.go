package theagents

import "testing"

// BenchmarkComputerGame plays a whole 4-player game among computer players.
func BenchmarkComputerGame(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		g, err := New(uint64(i%50+1), 4)
		if err != nil {
			b.Fatal(err)
		}
		if err := PlayOut(g); err != nil {
			b.Fatal(err)
		}
	}
}
