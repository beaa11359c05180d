package doublets

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Doublets pictures with testdata/: a game under
// way in every deck, and with a lost game in German and Spanish; re-bless
// with
//
//	go test ./render/doublets -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	rendertest.AddTables(draws, Table, "dbl-mid", midView, render.Params{Selected: "w"}, rendertest.Decks[:3], lang.German, lang.Spanish)
	rendertest.AddTables(draws, Table, "dbl-end", end, render.Params{}, nil, lang.German, lang.Spanish)
	rendertest.GoldenEach(t, draws)
}

// TestLook writes the Doublets test tables, full size and phone size, for
// people to look at:
//
//	go test ./render/doublets -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	scenes := lookScenes(t)
	scenes["dbl-won"] = layout(t, wonView(), "")
	rendertest.LookScenes(t, rendertest.Renderer(t), scenes)
}

// lookScenes are the tables to look at (the same at every deck's steps:
// Doublets' cards do not overlap).
func lookScenes(t *testing.T) map[string]*render.Scene {
	return map[string]*render.Scene{
		"dbl-dealt": layout(t, dealtView(1), "r2"),
		"dbl-mid":   layout(t, midView(t), "w"),
		"dbl-lost":  layout(t, end(t), ""),
	}
}

// TestLookDecks writes the look tables in every deck but the classic one:
//
//	go test ./render/doublets -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookDecks(t, func(render.Steps) map[string]*render.Scene { return lookScenes(t) })
}

// benches are Doublets' picture benchmarks, from deal 4242 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  4242,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoublets renders a Doublets game under way: the same
// table each time, whose compression the renderer reuses from the second
// time on (see …Moves and …Deals for tables that change).
func BenchmarkRenderDoublets(b *testing.B) { benches.Same(b, midView(b), render.Params{Selected: "w"}) }

// BenchmarkRenderDoubletsMoves renders a game's tables one move after
// another (50 random moves a deal from deal 4242 on), as a table in play
// shows them.
func BenchmarkRenderDoubletsMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubletsDeals renders a new deal's first table each time.
func BenchmarkRenderDoubletsDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubletsDecks renders the benchmark table, and a game's
// tables one move after another, in each deck.
func BenchmarkRenderDoubletsDecks(b *testing.B) {
	benches.Decks(b, midView(b), render.Params{Selected: "w"})
}
