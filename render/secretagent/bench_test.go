package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render/rendertest"
)

// benchPNG runs draw as a benchmark, reporting the picture's size.
func benchPNG(b *testing.B, draw func() ([]byte, error)) {
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if out, err = draw(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// BenchmarkRenderSecretAgent renders the channel's table and a player's
// hand in the middle of a trick.
func BenchmarkRenderSecretAgent(b *testing.B) {
	r := rendertest.Renderer(b)
	g := saGame(b, 11, saMidTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(game.View)
	own := g.View(seat).(game.View)
	legal := saLegal(g, seat)
	b.Run("table", func(b *testing.B) {
		benchPNG(b, func() ([]byte, error) { return Table(r, spec, saTestNames) })
	})
	b.Run("hand", func(b *testing.B) {
		benchPNG(b, func() ([]byte, error) { return Hand(r, own, saTestNames, legal) })
	})
}
