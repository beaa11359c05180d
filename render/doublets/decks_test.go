package doublets

import (
	"testing"

	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestGoldenDecks compares the table in the four-colour and the large deck
// with testdata/ (dbl-mid-4c.png, dbl-mid-large.png); re-bless with
//
//	go test ./render/doublets -run TestGoldenDecks -update
func TestGoldenDecks(t *testing.T) {
	for _, d := range rendertest.Decks[1:3] {
		t.Run(d.Name, func(t *testing.T) {
			got, err := Table(rendertest.Renderer(t).With(d.Deck), midView(t), render.Params{Selected: "w"})
			require.NoError(t, err)
			rendertest.Golden(t, "dbl-mid"+d.Suffix, got)
		})
	}
}

// TestLookDecks writes the look tables in every deck but the classic one:
//
//	go test ./render/doublets -run TestLookDecks -look /tmp/look
func TestLookDecks(t *testing.T) {
	if !rendertest.Looking() {
		t.Skip("no -look folder")
	}
	for _, d := range rendertest.Decks[1:] {
		r := rendertest.Renderer(t).With(d.Deck)
		for name, v := range map[string]struct {
			v   game.View
			sel string
		}{
			"dbl-dealt": {dealtView(1), "r2"},
			"dbl-mid":   {midView(t), "w"},
			"dbl-lost":  {end(t), ""},
		} {
			m, err := r.Image(layout(t, v.v, v.sel))
			require.NoError(t, err)
			rendertest.Look(t, name+d.Suffix, m)
		}
	}
}

// BenchmarkRenderDoubletsDecks renders the benchmark table, and a game's
// tables one move after another, in each deck.
func BenchmarkRenderDoubletsDecks(b *testing.B) {
	v := midView(b)
	views := rendertest.Positions[game.View](b, 1024, 50, 4242, benchGame, rendertest.RandomMoves(1), 0)
	for _, d := range rendertest.Decks {
		r := rendertest.Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNG(b, func() ([]byte, error) { return Table(r, v, render.Params{Selected: "w"}) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) {
			rendertest.BenchPNGs(b, views, func(v game.View) ([]byte, error) { return Table(r, v, render.Params{}) })
		})
	}
}
