package rendertest

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// TableBenches are the picture benchmarks every game runs: one table
// drawn again and again, a game's tables one move after another, new
// deals' first tables, and the first and second in each deck.
type TableBenches[V any] struct {
	// Deal is the first deal of the moves' tables.
	Deal uint64
	// Game deals a deal.
	Game func(deal uint64) games.Game
	// Table draws a table, as the game's render package does.
	Table func(*render.Renderer, V, render.Params) ([]byte, error)
	// Move plays the moves' tables: random moves when nil (a solitaire's).
	Move games.Computer
	// Viewer is whom the tables are drawn for: seat 0, a solitaire's
	// player, or games.Spectator, the channel.
	Viewer games.Seat
}

// move is Move, or random moves.
func (s TableBenches[V]) move() games.Computer {
	if s.Move == nil {
		return RandomMoves(1)
	}
	return s.Move
}

// drawIn draws a table with r and no selection.
func (s TableBenches[V]) drawIn(r *render.Renderer) func(V) ([]byte, error) {
	return func(v V) ([]byte, error) { return s.Table(r, v, render.Params{}) }
}

// Same draws v with p each time: from the second time on the renderer
// reuses its compression, as for a table redrawn unchanged.
func (s TableBenches[V]) Same(b *testing.B, v V, p render.Params) {
	b.Helper()
	r := Renderer(b)
	BenchPNG(b, func() ([]byte, error) { return s.Table(r, v, p) })
}

// Moves draws a game's tables one move after another (50 moves a deal
// from Deal on), as a table in play shows them.
func (s TableBenches[V]) Moves(b *testing.B) {
	b.Helper()
	BenchMoves(b, s.Deal, s.Game, s.move(), s.Viewer, s.drawIn(Renderer(b)))
}

// Deals draws a new deal's first table each time.
func (s TableBenches[V]) Deals(b *testing.B) {
	b.Helper()
	BenchDeals(b, s.Game, s.Viewer, s.drawIn(Renderer(b)))
}

// Positions are the moves' views: 1024 of them, 50 moves a deal from Deal
// on (see Positions).
func (s TableBenches[V]) Positions(b *testing.B) []V {
	b.Helper()
	return Positions[V](b, 1024, 50, s.Deal, s.Game, s.move(), s.Viewer)
}

// Decks runs Same and Moves in each deck, as same/DECK and moves/DECK.
func (s TableBenches[V]) Decks(b *testing.B, v V, p render.Params) {
	b.Helper()
	views := s.Positions(b)
	for _, d := range Decks {
		r := Renderer(b).With(d.Deck)
		b.Run("same/"+d.Name, func(b *testing.B) {
			BenchPNG(b, func() ([]byte, error) { return s.Table(r, v, p) })
		})
		b.Run("moves/"+d.Name, func(b *testing.B) { BenchPNGs(b, views, s.drawIn(r)) })
	}
}

// Picture is a picture a benchmark draws again and again, by name.
type Picture struct {
	// Name names its benchmark: "table", "hand".
	Name string
	// Draw draws it with r.
	Draw func(r *render.Renderer) ([]byte, error)
}

// BenchPictures runs BenchPNG on each of pics drawn with r, as the
// benchmark NAME+suffix ("table", or "table/classic" with suffix
// "/classic").
func BenchPictures(b *testing.B, r *render.Renderer, suffix string, pics []Picture) {
	b.Helper()
	for _, p := range pics {
		b.Run(p.Name+suffix, func(b *testing.B) {
			BenchPNG(b, func() ([]byte, error) { return p.Draw(r) })
		})
	}
}
