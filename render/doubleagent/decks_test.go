package doubleagent

import (
	"testing"

	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLargeSteps: the large deck's face-up runs stand further apart.
func TestLargeSteps(t *testing.T) {
	st := rendertest.Renderer(t).With(render.Deck{Large: true}).Steps()
	s, err := LayoutAt(mid(t), "", st)
	require.NoError(t, err)
	for _, pile := range []string{"t1", "t2", "t3", "t4", "t5", "b1", "b2", "b3", "b4", "b5"} {
		cs := rendertest.PileCards(s, pile)
		for i := 1; i < len(cs); i++ {
			if cs[i-1].FaceUp && cs[i].FaceUp && !cs[i-1].Card.IsJoker() {
				require.GreaterOrEqual(t, cs[i].Rect.Min.Y-cs[i-1].Rect.Min.Y, st.MinStack, "%s card %d", pile, i)
			}
		}
	}
}

// TestLookDecks writes the look tables in every deck but the classic one:
//
//	go test ./render/doubleagent -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(st render.Steps) map[string]*render.Scene { return lookScenes(t, st) })
}

// BenchmarkRenderDoubleAgentDecks renders the benchmark table, and a
// game's tables one move after another, in each deck.
func BenchmarkRenderDoubleAgentDecks(b *testing.B) {
	v := mid(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 777, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "b4"}) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { rendertest.BenchPNGs(b, views, drawIn(r)) })
	}
}
