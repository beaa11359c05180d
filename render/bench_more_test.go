package render

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/secretagent"
)

// benchPNG runs draw as a benchmark, reporting CPU time and the picture's
// size like BenchmarkRenderDoubleFreeCell.
func benchPNG(b *testing.B, draw func() ([]byte, error)) {
	var out []byte
	b.ReportAllocs()
	c0, ok := cpuTime()
	n := 0
	for b.Loop() {
		var err error
		if out, err = draw(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	reportCPU(b, c0, ok, n)
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// BenchmarkRenderDoublets renders a Doublets game under way.
func BenchmarkRenderDoublets(b *testing.B) {
	r, v := renderer(b), dblMid(b)
	benchPNG(b, func() ([]byte, error) { return r.Doublets(v, "w") })
}

// BenchmarkRenderDoubleAgent renders a Double Agent game under way, with
// backs, agents and foundations.
func BenchmarkRenderDoubleAgent(b *testing.B) {
	r, v := renderer(b), daMid(b)
	benchPNG(b, func() ([]byte, error) { return r.DoubleAgent(v, "b4") })
}

// BenchmarkRenderSecretAgent renders the channel's table and a player's
// hand in the middle of a trick.
func BenchmarkRenderSecretAgent(b *testing.B) {
	r := renderer(b)
	g := saGame(b, 11, saMidTrick)
	seat := g.ToAct()[0]
	spec := g.View(games.Spectator).(secretagent.View)
	own := g.View(seat).(secretagent.View)
	legal := saLegal(g, seat)
	b.Run("table", func(b *testing.B) {
		benchPNG(b, func() ([]byte, error) { return r.SecretAgentTable(spec, saTestNames) })
	})
	b.Run("hand", func(b *testing.B) {
		benchPNG(b, func() ([]byte, error) { return r.SecretAgentHand(own, saTestNames, legal) })
	})
}
