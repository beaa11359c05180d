package games

import "fmt"

// Entry is one move of a record: who made it and its notation.
type Entry struct {
	Seat Seat   `json:"seat"`
	Move string `json:"move"`
}

// Record is everything needed to rebuild a game exactly: which game, which
// deal, how many seats, its house rules, the version of its rules, and the
// moves in order.
type Record struct {
	Game    string `json:"game"`
	Deal    uint64 `json:"deal"`
	Seats   int    `json:"seats"`
	Options string `json:"options,omitempty"` // as FormatOptions writes them
	// Rules is the version of the game's rules it is played under; 0 (as
	// in records written before versions) is the newest.
	Rules int     `json:"rules,omitempty"`
	Moves []Entry `json:"moves"`
}

// Replay rebuilds the game of rec by applying its moves in order. A move that
// does not apply is reported with its position (from 1).
func (r *Registry) Replay(rec Record) (Game, error) {
	_, opts, err := r.LookupOptions(rec.Game, rec.Options)
	if err != nil {
		return nil, err
	}
	g, err := r.NewUnder(rec.Game, rec.Deal, rec.Seats, opts, rec.Rules)
	if err != nil {
		return nil, err
	}
	for i, e := range rec.Moves {
		if err := Play(g, e.Seat, e.Move); err != nil {
			return nil, &MoveError{N: i + 1, Entry: e, Err: err}
		}
	}
	return g, nil
}

// MoveError is the error of a record whose move does not replay: the game
// was dealt, but its N-th move (from 1) is not one it takes.
type MoveError struct {
	N     int
	Entry Entry
	Err   error
}

// Error says which move failed and why.
func (e *MoveError) Error() string { return fmt.Sprintf("move %d (%q): %v", e.N, e.Entry.Move, e.Err) }

// Unwrap is the game's reason.
func (e *MoveError) Unwrap() error { return e.Err }
