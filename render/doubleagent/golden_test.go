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
