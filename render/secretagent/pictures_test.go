package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
	"github.com/stretchr/testify/require"
)

// TestGolden compares the Secret Agent pictures with testdata/: the
// channel's table and the hand of the player to play in the middle of a
// trick, in every deck and in German and Spanish, drawn by the
// registration as the bot draws them; re-bless with
//
//	go test ./render/secretagent -run TestGolden -update
func TestGolden(t *testing.T) {
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	spectator := func(testing.TB) any { return g.View(games.Spectator) }
	own := func(testing.TB) any { return g.View(seat) }
	decks, langs := rendertest.Decks[:3], []lang.Lang{lang.German, lang.Spanish}
	draws := map[string]rendertest.Draw{}
	rendertest.AddTables(draws, Game.Table, "sa-table", spectator, render.Params{Names: testNames}, decks, langs...)
	rendertest.AddTables(draws, Game.Hand, "sa-hand", own, render.Params{Names: testNames, Legal: legalMoves(g, seat)}, decks, langs...)
	rendertest.GoldenEach(t, draws)
}

// TestLook writes the Secret Agent test tables and hands, full size and
// phone size, for people to look at; without -look it does nothing:
//
//	go test ./render/secretagent -run TestLook -look /tmp/look
func TestLook(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookShaded(t, rendertest.Renderer(t), lookScenes(t))
}

// lookScenes are the tables and hands to look at: the table at four
// moments and two hands in English, and in the other languages the table
// and the hand of the player to play.
func lookScenes(t *testing.T) map[string]render.Shaded {
	out := map[string]render.Shaded{}
	g := playedGame(t, 11, midTrick)
	seat := g.ToAct()[0]
	for _, l := range lang.All {
		suffix := "-" + string(l)
		if l == lang.English {
			suffix = ""
		}
		for name, moves := range map[string]int{"sa-forbid": 2, "sa-trick": midTrick, "sa-scored": afterDeal, "sa-over": 1 << 20} {
			s, err := TableLayout(view(t, 11, moves, games.Spectator), testNames, l)
			require.NoError(t, err, name)
			out[name+suffix] = render.Shaded{Scene: s}
		}
		h, err := HandLayout(g.View(seat).(game.View), testNames, legalCards(g, seat), l)
		require.NoError(t, err)
		out["sa-hand"+suffix] = h
	}
	h, err := HandLayout(g.View(0).(game.View), testNames, nil, lang.English)
	require.NoError(t, err)
	out["sa-hand-wait"] = h
	return out
}

// TestLookDecks writes the look tables and hands in every deck but the
// classic one:
//
//	go test ./render/secretagent -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	for _, d := range rendertest.Decks[1:] {
		scenes := map[string]render.Shaded{}
		for name, sc := range lookScenes(t) {
			scenes[name+d.Suffix] = sc
		}
		rendertest.LookShaded(t, rendertest.Renderer(t).With(d.Deck), scenes)
	}
}

// pictures are the channel's table and a player's hand in the middle of a
// trick.
func pictures(b *testing.B) []rendertest.Picture {
	g := playedGame(b, 11, midTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(game.View)
	own := g.View(seat).(game.View)
	legal := legalCards(g, seat)
	return []rendertest.Picture{
		{Name: "table", Draw: func(r *render.Renderer) ([]byte, error) { return Table(r, spec, testNames, lang.English) }},
		{Name: "hand", Draw: func(r *render.Renderer) ([]byte, error) { return Hand(r, own, testNames, legal, lang.English) }},
	}
}

// BenchmarkRenderSecretAgent renders the channel's table and a player's
// hand in the middle of a trick: the same pictures each time, whose
// compression the renderer reuses from the second time on (see …Moves and
// …Deals for tables that change).
func BenchmarkRenderSecretAgent(b *testing.B) {
	rendertest.BenchPictures(b, rendertest.Renderer(b), "", pictures(b))
}

// benches are Secret Agent's channel-table benchmarks: computer players'
// moves from deal 11 on.
var benches = rendertest.TableBenches[game.View]{
	Deal: 11,
	Game: func(deal uint64) games.Game { return game.New(deal) },
	Table: func(r *render.Renderer, v game.View, _ render.Params) ([]byte, error) {
		return Table(r, v, testNames, lang.English)
	},
	Move:   game.Choose,
	Viewer: games.Spectator,
}

// BenchmarkRenderSecretAgentMoves renders the channel's table after each
// move of computer players (50 moves a deal from deal 11 on), as a table
// in play shows them.
func BenchmarkRenderSecretAgentMoves(b *testing.B) { benches.Moves(b) }

// BenchmarkRenderSecretAgentDeals renders a new deal's first table each
// time.
func BenchmarkRenderSecretAgentDeals(b *testing.B) { benches.Deals(b) }

// BenchmarkRenderSecretAgentDecks renders the table and a hand, and the
// table after each move, in each deck.
func BenchmarkRenderSecretAgentDecks(b *testing.B) {
	pics := pictures(b)
	views := benches.Positions(b)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		rendertest.BenchPictures(b, r, "/"+d.Name, pics)
		b.Run("moves/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return benches.Table(r, v, render.Params{}) })
		})
	}
}
