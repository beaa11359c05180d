package catalog

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestHideDeal: Params.HideDeal keeps a solitaire's deal number out of its
// picture and its description (today's daily deal); nothing else changes,
// and the terminal still says it.
func TestHideDeal(t *testing.T) {
	r := rendertest.Renderer(t)
	const deal = 424242
	for _, g := range Registry().All() {
		if !g.Solitaire() {
			continue
		}
		t.Run(g.Name, func(t *testing.T) {
			game, err := g.New(deal, 1)
			require.NoError(t, err)
			view := game.View(0)
			for _, l := range []lang.Lang{lang.English, lang.German} {
				shown := render.Params{Legal: []string{"x"}, Lang: l}
				hidden := shown
				hidden.HideDeal = true
				assert.Contains(t, g.Describe(view, shown), "424242")
				desc := g.Describe(view, hidden)
				assert.NotContains(t, desc, "424242")
				assert.Equal(t, strings.Count(g.Describe(view, shown), "\n"), strings.Count(desc, "\n"), "the same lines")
				a, err := g.Table(r, view, shown)
				require.NoError(t, err)
				b, err := g.Table(r, view, hidden)
				require.NoError(t, err)
				assert.False(t, bytes.Equal(a, b), "the picture's status bar says no number")
			}
			assert.Contains(t, g.Text(view, nil, false), "424242")
			assert.Equal(t, games.Playing, game.Status())
		})
	}
}
