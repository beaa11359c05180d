package games

import "fmt"

// Entry is one move of a record: who made it and its notation.
type Entry struct {
	Seat Seat   `json:"seat"`
	Move string `json:"move"`
}

// Record is everything needed to rebuild a game exactly: which game, which
// deal, how many seats, and the moves in order.
type Record struct {
	Game  string  `json:"game"`
	Deal  uint64  `json:"deal"`
	Seats int     `json:"seats"`
	Moves []Entry `json:"moves"`
}

// Replay rebuilds the game of rec by applying its moves in order. A move that
// does not apply is reported with its position (from 1).
func (r *Registry) Replay(rec Record) (Game, error) {
	g, err := r.New(rec.Game, rec.Deal, rec.Seats)
	if err != nil {
		return nil, err
	}
	for i, e := range rec.Moves {
		if err := Play(g, e.Seat, e.Move); err != nil {
			return nil, fmt.Errorf("move %d (%q): %w", i+1, e.Move, err)
		}
	}
	return g, nil
}
