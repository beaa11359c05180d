package solving

import "time"

// Budget bounds a search. Zero fields mean no bound. Results are
// deterministic under Nodes alone; Time makes them depend on the machine,
// so tests bound Nodes.
type Budget struct {
	// Nodes caps the nodes the search visits (positions, or moves: each
	// solver says which it counts).
	Nodes int64
	// Time caps the wall time, counted from the call.
	Time time.Duration
	// Entries caps the transposition table (positions remembered), which
	// bounds the memory. 0 means the solver's default.
	Entries int
}

// Meter starts counting a search against b's nodes and time.
func (b Budget) Meter() Meter { return NewMeter(b.Nodes, b.Time) }

// EntriesOr is b's cap on the transposition table, or def when it sets
// none.
func (b Budget) EntriesOr(def int) int {
	if b.Entries <= 0 {
		return def
	}
	return b.Entries
}
