package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGoldenMore compares the Secret Agent pictures with testdata/;
// re-bless with
//
//	go test ./render/secretagent -run TestGoldenMore -update
func TestGoldenMore(t *testing.T) {
	r := rendertest.Renderer(t)
	for name, draw := range map[string]func(t *testing.T) ([]byte, error){
		"sa-table": func(t *testing.T) ([]byte, error) {
			return Table(r, view(t, 11, midTrick, games.Spectator), testNames, lang.English)
		},
		"sa-hand": func(t *testing.T) ([]byte, error) {
			g := playedGame(t, 11, midTrick)
			seat := g.ToAct()[0]
			return Hand(r, g.View(seat).(game.View), testNames, legalCards(g, seat), lang.English)
		},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := draw(t)
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, name, got)
		})
	}
}
