package doublets

import (
	"testing"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLookDecks writes the look tables in every deck but the classic one:
//
//	go test ./render/doublets -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(render.Steps) map[string]*render.Scene { return lookScenes(t) })
}

// BenchmarkRenderDoubletsDecks renders the benchmark table, and a game's
// tables one move after another, in each deck.
func BenchmarkRenderDoubletsDecks(b *testing.B) {
	v := midView(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 4242, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "w"}) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { rendertest.BenchPNGs(b, views, drawIn(r)) })
	}
}
