package catalog

import (
	"fmt"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

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
