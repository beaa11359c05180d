package doubleagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/require"
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

// benches are Double Agent's picture benchmarks, from deal 777 on.
var benches = rendertest.TableBenches[game.View]{
	Deal:  777,
	Game:  func(deal uint64) games.Game { return game.New(deal) },
	Table: Table,
}

// BenchmarkRenderDoubleAgent renders a Double Agent game under way, with
// backs, agents and foundations: the same table each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderDoubleAgent(b *testing.B) { benches.Same(b, mid(b), render.Params{Selected: "b4"}) }

// BenchmarkRenderDoubleAgentMoves renders a game's tables one move after
// another (50 random moves a deal from deal 777 on), as a table in play
// shows them.
func BenchmarkRenderDoubleAgentMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderDoubleAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderDoubleAgentDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderDoubleAgentDecks renders the benchmark table, and a
// game's tables one move after another, in each deck.
func BenchmarkRenderDoubleAgentDecks(b *testing.B) {
	benches.Decks(b, mid(b), render.Params{Selected: "b4"})
}
