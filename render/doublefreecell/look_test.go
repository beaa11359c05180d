package doublefreecell

import (
	"testing"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestLook writes the Double FreeCell test tables, full size and phone
// size, for people to look at:
//
//	go test ./render/doublefreecell -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	scenes := lookScenes(t, render.ClassicSteps)
	scenes["dfc-bench"] = layout(t, benchView(), "b")
	scenes["dfc-lost"] = layout(t, lostView(t), "")
	scenes["dfc-cells7"] = layout(t, cellsView(t, 7), "c")
	scenes["dfc-cells8-off"] = layout(t, func() game.View { v := cellsView(t, 8); v.Autoplay = false; return v }(), "e")
	rendertest.LookScenes(t, rendertest.Renderer(t), scenes)
}

// lookScenes are the tables to look at in every deck, laid out at steps
// st.
func lookScenes(t *testing.T, st render.Steps) map[string]*render.Scene {
	return map[string]*render.Scene{
		"dfc-dealt":  layoutIn(t, dealtView(1), "3", st, lang.English),
		"dfc-mid":    layoutIn(t, midView(t), "8", st, lang.English),
		"dfc-long":   layoutIn(t, longView(t), "10", st, lang.English),
		"dfc-won":    layoutIn(t, wonView(), "", st, lang.English),
		"dfc-cells8": layoutIn(t, cellsView(t, 8), "g", st, lang.English),
		"dfc-cells4": layoutIn(t, cellsView(t, 4), "d", st, lang.English),
	}
}

// TestLookDecks writes the Double FreeCell look tables in every deck but
// the classic one (dfc-mid-4c.png, dfc-mid-4c-390.png…):
//
//	go test ./render/doublefreecell -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(st render.Steps) map[string]*render.Scene { return lookScenes(t, st) })
}
