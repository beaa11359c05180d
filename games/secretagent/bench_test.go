package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
)

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

// benchmarkLevel measures one level's choice at every decision of a game
// among Normal players with more than one legal move (see
// gamestest.BenchChoices).
func benchmarkLevel(b *testing.B, l games.Level) {
	c := ComputerSeeded(l, 0)
	g := New(11)
	states := gamestest.Decisions(b, g, Choose, func(g *Game) *Game { return g.branch() })
	gamestest.BenchChoices(b, c, states)
}

// BenchmarkLevelEasy, BenchmarkLevelNormal and BenchmarkLevelHard time a
// move of each level (run with -cpu 1; Hard must stay within 50 ms).
func BenchmarkLevelEasy(b *testing.B)   { benchmarkLevel(b, games.Easy) }
func BenchmarkLevelNormal(b *testing.B) { benchmarkLevel(b, games.Normal) }
func BenchmarkLevelHard(b *testing.B)   { benchmarkLevel(b, games.Hard) }
