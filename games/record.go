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
	info, ok := r.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("no game called %q", rec.Game)
	}
	opts, err := info.ParseOptions(rec.Options)
	if err != nil {
		return nil, err
	}
	g, err := r.NewUnder(rec.Game, rec.Deal, rec.Seats, opts, rec.Rules)
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
