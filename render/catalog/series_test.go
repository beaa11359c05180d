package catalog

import (
	"bytes"
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

// TestSeriesDrawsThePicturesDrawnAlone: a series' pictures
// (Renderer.Series: drawn only where the scene changed, encoded from the
// last picture) are the pictures drawn alone, pixel for pixel: every game's
// table and hands, through whole games of random moves, with selections, in
// every deck.
func TestSeriesDrawsThePicturesDrawnAlone(t *testing.T) {
	for _, g := range Registry().All() {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(11, 0))
			alone := rendertest.Renderer(t)
			seats := g.MinSeats
			if !g.Solitaire() {
				seats = g.MaxSeats
			}
			for deal := uint64(1); deal <= 2; deal++ {
				deck := rendertest.Decks[int(deal)%len(rendertest.Decks)].Deck
				styled := alone.With(deck)
				game, err := g.New(deal, seats)
				require.NoError(t, err)
				table := styled.Series(fmt.Sprintf("%s/%d/table", g.Name, deal))
				hands := make([]*render.Renderer, seats)
				handsIn := func(r *render.Renderer) {
					for s := range hands {
						hands[s] = r.Series(fmt.Sprintf("%s/%d/hand/%d", g.Name, deal, s))
					}
				}
				handsIn(styled)
				for move := 0; move < 60 && !game.Status().Finished() && len(game.ToAct()) > 0; move++ {
					if move == 30 { // the player picks another deck: the same series, drawn otherwise
						styled = alone.With(rendertest.Decks[(int(deal)+1)%len(rendertest.Decks)].Deck)
						table = styled.Series(fmt.Sprintf("%s/%d/table", g.Name, deal))
						handsIn(styled)
					}
					seat := game.ToAct()[0]
					legal := game.Legal(seat)
					p := render.Params{}
					if move%3 == 1 && len(legal) > 0 { // a place picked, as a first click shows
						p.Selected = firstWord(legal[rng.IntN(len(legal))].String())
					}
					view := game.View(games.Seat(0))
					if _, err := g.Table(styled, view, p); err != nil {
						p.Selected = "" // not a place this game's table shows picked
					}
					same(t, func(r *render.Renderer) ([]byte, error) { return g.Table(r, view, p) }, table, styled, "move %d table", move)
					if !g.Solitaire() {
						hv := game.View(seat)
						same(t, func(r *render.Renderer) ([]byte, error) { return g.Hand(r, hv, p) }, hands[seat], styled, "move %d hand %d", move, seat)
					}
					moves := legal
					var m games.Move
					for range 10 {
						m = moves[rng.IntN(len(moves))]
						if w := firstWord(m.String()); w != "resign" && w != "undo" {
							break
						}
					}
					require.NoError(t, game.Apply(seat, m))
				}
			}
		})
	}
}

// same draws a picture with a series' renderer and alone, and requires
// the same pixels.
func same(t *testing.T, draw func(*render.Renderer) ([]byte, error), series, alone *render.Renderer, what string, args ...any) {
	t.Helper()
	got, err := draw(series)
	require.NoError(t, err)
	want, err := draw(alone)
	require.NoError(t, err)
	a, b := rendertest.Decode(t, want), rendertest.Decode(t, got)
	require.Equal(t, a.Bounds(), b.Bounds(), fmt.Sprintf(what, args...))
	require.True(t, samePixels(a, b), "%s: the series' picture differs", fmt.Sprintf(what, args...))
}

func samePixels(a, b image.Image) bool {
	if pa, ok := a.(*image.Paletted); ok {
		if pb, ok := b.(*image.Paletted); ok && slices.Equal(pa.Palette, pb.Palette) {
			return bytes.Equal(pa.Pix, pb.Pix)
		}
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

func firstWord(s string) string {
	for i, c := range s {
		if c == ' ' {
			return s[:i]
		}
	}
	return s
}

// BenchmarkTables draws every game's tables one move after another
// (random moves, 50 a deal), alone and as a series (Renderer.Series, as
// the bot draws them), reporting CPU time and bytes per picture.
func BenchmarkTables(b *testing.B) {
	for _, g := range Registry().All() {
		seats := g.MaxSeats
		views := rendertest.Positions[any](b, 1024, 50, 7, func(deal uint64) games.Game {
			game, err := g.New(deal, seats)
			if err != nil {
				b.Fatal(err)
			}
			return game
		}, rendertest.RandomMoves(1), 0)
		for _, series := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/series=%v", g.Name, series), func(b *testing.B) {
				r, _ := render.New()
				if series {
					r = r.Series("bench")
				}
				rendertest.BenchPNGs(b, views, func(v any) ([]byte, error) { return g.Table(r, v, render.Params{}) })
			})
		}
	}
}
