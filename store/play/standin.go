package play

import (
	"context"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// StandInAfter is how many of a person's turns in a row may run out
// before a computer player takes their seat for the rest of the game.
const StandInAfter = 2

// TimedOut records that seat's time ran out and that its move at index at
// of the log was made for it (the caller made it: Apply). The count of
// its turns in a row that ran out starts again when the log holds a move
// of its own since the last: who made a move is the table's business,
// not the game's, so the log (what replays) is not touched. At
// StandInAfter a computer player stands in for the seat (ComputerAt) and
// replaced is true: the caller lets computer players move
// (PlayComputers). A table that moved on since it was read is ErrMovedOn,
// and nothing is written.
func (t *Table) TimedOut(ctx context.Context, seat games.Seat, at int) (replaced bool, err error) {
	p := t.Player(seat)
	if p.Computer || p.StandIn {
		return false, nil
	}
	if p.Timeouts == 0 || t.movedSince(seat, p.TimedOut, at) {
		p.Timeouts = 0
	}
	p.Timeouts++
	p.TimedOut = at + 1
	p.StandIn = p.Timeouts >= StandInAfter
	return p.StandIn, t.setSeat(ctx, p)
}

// TakeBack gives a person back the seat a computer player stood in for:
// their turns that ran out count from nothing again. A table that moved
// on since it was read is ErrMovedOn, and nothing is written.
func (t *Table) TakeBack(ctx context.Context, seat games.Seat) error {
	p := t.Player(seat)
	p.StandIn, p.Timeouts, p.TimedOut = false, 0, 0
	return t.setSeat(ctx, p)
}

// movedSince reports whether the log holds a move of seat's from index
// from to before index to.
func (t *Table) movedSince(seat games.Seat, from, to int) bool {
	for i := max(from, 0); i < min(to, len(t.log)); i++ {
		if t.log[i].Seat == seat {
			return true
		}
	}
	return false
}

// setSeat writes p over its seat, in the store and then here.
func (t *Table) setSeat(ctx context.Context, p store.Player) error {
	v, err := t.st.SetSeat(ctx, t.Row.ID, t.Row.Version, p)
	if err != nil {
		return t.refused(ctx, err)
	}
	for i := range t.Row.Players {
		if t.Row.Players[i].Seat == p.Seat {
			t.Row.Players[i] = p
		}
	}
	t.Row.Version = v
	return nil
}
