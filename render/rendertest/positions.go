package rendertest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
)

// Positions plays games and returns n views of them, what viewer sees
// after each move in turn: the pictures a table shows one after another,
// for benchmarks of a table's next picture (the renderer reuses what did
// not change). A deal is played for perDeal moves at most (random moves
// soon go round in circles, which would flatter the reuse), then the next.
func Positions[V any](tb testing.TB, n, perDeal int, deal uint64, newGame func(deal uint64) games.Game, move games.Computer, viewer games.Seat) []V {
	tb.Helper()
	out := make([]V, 0, n)
	g, moves := newGame(deal), 0
	for len(out) < n {
		if g.Status().Finished() || len(g.ToAct()) == 0 || moves == perDeal {
			deal++
			g, moves = newGame(deal), 0
			continue
		}
		moves++
		seat := g.ToAct()[0]
		if err := g.Apply(seat, move(g, seat)); err != nil {
			tb.Fatal(err)
		}
		out = append(out, g.View(viewer).(V))
	}
	return out
}

// RandomMoves is a player choosing any legal move but a command (undo,
// resign, hint, auto…) at random, from a seeded source; it resigns when
// no other move is left.
func RandomMoves(seed uint64) games.Computer {
	rng := rand.New(rand.NewPCG(seed, 0))
	return func(g games.Game, seat games.Seat) games.Move {
		var moves []games.Move
		var resign games.Move
		for _, m := range g.Legal(seat) {
			switch word, _, _ := strings.Cut(m.String(), " "); word {
			case "resign":
				resign = m
			case "undo", "hint", "auto", "autoplay":
			default:
				moves = append(moves, m)
			}
		}
		if len(moves) == 0 {
			return resign
		}
		return moves[rng.IntN(len(moves))]
	}
}

// Starts returns the views of n deals as dealt, from deal on: a new
// table's first pictures, for benchmarks of pictures unlike the last.
func Starts[V any](n int, deal uint64, newGame func(deal uint64) games.Game, viewer games.Seat) []V {
	out := make([]V, n)
	for i := range out {
		out[i] = newGame(deal + uint64(i)).View(viewer).(V)
	}
	return out
}

// BenchMoves runs draw as a benchmark on a table's pictures one move after
// another, as a table in play shows them: 1024 views by viewer, 50 moves
// of move a deal from deal on (see Positions).
func BenchMoves[V any](b *testing.B, deal uint64, newGame func(deal uint64) games.Game, move games.Computer, viewer games.Seat, draw func(V) ([]byte, error)) {
	b.Helper()
	BenchPNGs(b, Positions[V](b, 1024, 50, deal, newGame, move, viewer), draw)
}

// BenchDeals runs draw as a benchmark on 1024 new tables' first pictures,
// deals 1000 on as viewer sees them: pictures unlike the last.
func BenchDeals[V any](b *testing.B, newGame func(deal uint64) games.Game, viewer games.Seat, draw func(V) ([]byte, error)) {
	b.Helper()
	BenchPNGs(b, Starts[V](1024, 1000, newGame, viewer), draw)
}

// BenchPNGs runs draw as a benchmark like BenchPNG, on each of views in
// turn.
func BenchPNGs[V any](b *testing.B, views []V, draw func(V) ([]byte, error)) {
	b.Helper()
	i := 0
	BenchPNG(b, func() ([]byte, error) {
		i++
		return draw(views[(i-1)%len(views)])
	})
}
