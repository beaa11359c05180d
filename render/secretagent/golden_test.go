package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
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
