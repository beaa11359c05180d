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
