package catalog

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestPlaces: every solitaire's picture says where each place its
// controls name lies, at the deal and along a won game (the columns grow
// and shrink), large deck too: a rectangle inside the picture, whose size
// is the picture's own. A multiplayer game's picture has none.
func TestPlaces(t *testing.T) {
	classic := rendertest.Renderer(t)
	for _, g := range Registry().All() {
		t.Run(g.Name, func(t *testing.T) {
			if !g.Solitaire() {
				game, err := g.New(7, 4)
				require.NoError(t, err)
				_, err = g.Places(classic, game.View(games.Spectator), render.Params{})
				assert.Error(t, err)
				return
			}
			game, err := g.New(7, 1)
			require.NoError(t, err)
			sol := g.Solve(game, 20*time.Second)
			require.Equal(t, games.Solvable, sol.Verdict)
			for i, m := range sol.Moves {
				if i%20 == 0 {
					for _, r := range []*render.Renderer{classic, classic.With(render.Deck{Large: true})} {
						checkPlaces(t, g, r, game)
					}
				}
				require.NoError(t, games.Play(game, 0, m))
			}
		})
	}
}

// checkPlaces checks g's places in game's picture as r draws it.
func checkPlaces(t *testing.T, g render.Game, r *render.Renderer, game games.Game) {
	t.Helper()
	view := game.View(0)
	legal := []string{}
	for _, m := range game.Legal(0) {
		legal = append(legal, m.String())
	}
	ps := render.Params{Legal: legal}
	m, err := g.Places(r, view, ps)
	require.NoError(t, err)
	pic, err := g.Table(r, view, ps)
	require.NoError(t, err)
	cfg, err := png.DecodeConfig(bytes.NewReader(pic))
	require.NoError(t, err)
	assert.Equal(t, [2]int{cfg.Width, cfg.Height}, [2]int{m.W, m.H}, "the picture's size")
	bounds := image.Rect(0, 0, m.W, m.H)
	for _, row := range g.Controls(view, ps).Board.Places {
		for _, p := range row {
			rect, ok := m.Rects[p.Name]
			if assert.True(t, ok, "place %s at move %d", p.Name, game.Moves()) {
				assert.False(t, rect.Empty(), p.Name)
				assert.True(t, rect.In(bounds), "%s %v in %v", p.Name, rect, bounds)
			}
		}
	}
}
