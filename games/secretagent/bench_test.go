package secretagent

import "testing"

// BenchmarkComputerGame plays a whole game among four computer players: the
// figure behind "a 4-computer game finishes in well under a second".
func BenchmarkComputerGame(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		g := New(uint64(i%50 + 1))
		if err := PlayOut(g); err != nil {
			b.Fatal(err)
		}
	}
}
