package doubleagent

import (
	"testing"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Double Agent pictures with testdata/: a game
// under way in every deck, and with a won game in German and Spanish;
// re-bless with
//
//	go test ./render/doubleagent -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	won := func(testing.TB) game.View { return wonView() }
	rendertest.AddTables(draws, Table, "da-mid", mid, render.Params{Selected: "b4"}, rendertest.Decks[:3], lang.German, lang.Spanish)
	rendertest.AddTables(draws, Table, "da-won", won, render.Params{}, nil, lang.German, lang.Spanish)
	rendertest.GoldenEach(t, draws)
}

// TestLook writes the Double Agent test tables, full size and phone size,
// for people to look at:
//
//	go test ./render/doubleagent -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	scenes := lookScenes(t, render.ClassicSteps)
	scenes["da-won"] = layout(t, wonView(), "")
	rendertest.LookScenes(t, rendertest.Renderer(t), scenes)
}

// lookScenes are the tables to look at, laid out at steps st.
func lookScenes(t *testing.T, st render.Steps) map[string]*render.Scene {
	return map[string]*render.Scene{
		"da-dealt":  layoutIn(t, dealtView(1), "t3", st, lang.English),
		"da-mid":    layoutIn(t, mid(t), "b4", st, lang.English),
		"da-long":   layoutIn(t, long(t), "p1", st, lang.English),
		"da-played": layoutIn(t, played(t, 3, 40), "", st, lang.English),
	}
}

// TestLookDecks writes the look tables in every deck but the classic one:
//
//	go test ./render/doubleagent -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(st render.Steps) map[string]*render.Scene { return lookScenes(t, st) })
}
