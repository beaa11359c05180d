package theagents

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/gamestest"
)

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

// benchmarkLevel measures one level's choice at every decision of a
// 4-player game among Normal players with more than one legal move (see
// gamestest.BenchChoices).
func benchmarkLevel(b *testing.B, l games.Level) {
	c := ComputerSeeded(l, 0)
	g, err := New(11, 4)
	if err != nil {
		b.Fatal(err)
	}
	states := gamestest.Decisions(b, g, Choose, func(g *Game) *Game { return g.branch(1) })
	gamestest.BenchChoices(b, c, states)
}

// BenchmarkLevelEasy, BenchmarkLevelNormal and BenchmarkLevelHard time a
// move of each level (run with -cpu 1; Hard must stay within 50 ms).
func BenchmarkLevelEasy(b *testing.B)   { benchmarkLevel(b, games.Easy) }
func BenchmarkLevelNormal(b *testing.B) { benchmarkLevel(b, games.Normal) }
func BenchmarkLevelHard(b *testing.B)   { benchmarkLevel(b, games.Hard) }
