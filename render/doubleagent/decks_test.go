package doubleagent

import (
	"testing"

	"github.com/stretchr/testify/require"

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
