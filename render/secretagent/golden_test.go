package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGolden compares the Secret Agent pictures with testdata/: the
// channel's table and a player's hand in the middle of a trick, in every
// deck and in German and Spanish (drawn by the registration, as the bot
// draws them); re-bless with
//
//	go test ./render/secretagent -run TestGolden -update
func TestGolden(t *testing.T) {
	draws := map[string]rendertest.Draw{}
	for _, d := range rendertest.Decks[:3] {
		r := rendertest.Renderer(t).With(d.Deck)
		draws["sa-table"+d.Suffix] = func(t *testing.T) ([]byte, error) {
			return Table(r, view(t, 11, midTrick, games.Spectator), testNames, lang.English)
		}
		draws["sa-hand"+d.Suffix] = func(t *testing.T) ([]byte, error) {
			g := playedGame(t, 11, midTrick)
			seat := g.ToAct()[0]
			return Hand(r, g.View(seat).(game.View), testNames, legalCards(g, seat), lang.English)
		}
	}
	r := rendertest.Renderer(t)
	for _, l := range []lang.Lang{lang.German, lang.Spanish} {
		draws["sa-table-"+string(l)] = func(t *testing.T) ([]byte, error) {
			return Game.Table(r, view(t, 11, midTrick, games.Spectator), render.Params{Names: testNames, Lang: l})
		}
		draws["sa-hand-"+string(l)] = func(t *testing.T) ([]byte, error) {
			g := playedGame(t, 11, midTrick)
			seat := g.ToAct()[0]
			return Game.Hand(r, g.View(seat).(game.View), render.Params{Names: testNames, Legal: legalMoves(g, seat), Lang: l})
		}
	}
	rendertest.GoldenEach(t, draws)
}
