package games

import (
	"fmt"
	"sort"
	"strings"
)

// Info describes a game to the registry: its names, its seats and how to
// make one.
type Info struct {
	// Name is the game's id in commands, the store and notation files.
	Name string
	// Title is the game's name for people.
	Title string
	// MinSeats and MaxSeats bound the seat count; both are 1 for a solitaire.
	MinSeats, MaxSeats int
	// Summary is a short statement of the rules, for /rules and the terminal.
	Summary string
	// New deals deal number deal for seats seats. seats is within bounds.
	New func(deal uint64, seats int) (Game, error)
	// Computer plays a seat for an absent player; nil for solitaires. It is
	// the Normal level (and the turn timeout's stand-in).
	Computer Computer
	// ComputerSeeded, when set, gives the computer player of a level whose
	// random choices come from seed (ComputerFor's from seed 0); a game
	// without it has Computer at every level.
	ComputerSeeded func(l Level, seed uint64) Computer
	// Solve solves a solitaire's position, for hints and daily deals; nil
	// when the game has no solver.
	Solve Solver
	// Options are the house rules a table may choose when it opens; NewWith
	// deals a game under chosen ones (Start picks New or NewWith).
	Options []Option
	NewWith func(deal uint64, seats int, o Options) (Game, error)
	// Rules is the version of the game's rules that new tables play: 1
	// (or 0) until they first change. A table keeps the version it
	// started with (rules.go).
	Rules int
	// OldRules deals under an older version of the rules, 1 to Rules-1,
	// with house rules o (nil for none); required when Rules is above 1.
	OldRules func(deal uint64, seats int, o Options, version int) (Game, error)
	// RulesBefore says, for each older version, how its rules differ from
	// the newest, for people (a table under them says so): "every seat
	// starts with 0 IP".
	RulesBefore map[int]string
}

// Solitaire reports whether the game is played alone.
func (i Info) Solitaire() bool { return i.MaxSeats == 1 }

// SeatsText says who plays the game, for lobbies and game lists:
// "solitaire", "4 players" for a fixed count, "2–5 players" for a range.
func (i Info) SeatsText() string {
	switch {
	case i.Solitaire():
		return "solitaire"
	case i.MinSeats == i.MaxSeats:
		return fmt.Sprintf("%d players", i.MinSeats)
	}
	return fmt.Sprintf("%d–%d players", i.MinSeats, i.MaxSeats)
}

// Registry lists the games the dealer offers.
type Registry struct {
	byName map[string]Info
}

// NewRegistry returns a registry holding games.
func NewRegistry(games ...Info) *Registry {
	r := &Registry{byName: map[string]Info{}}
	for _, g := range games {
		r.Register(g)
	}
	return r
}

// Register adds a game. Registering a name twice is a programming error.
func (r *Registry) Register(g Info) {
	if g.Name == "" || g.New == nil || g.MinSeats < 1 || g.MaxSeats < g.MinSeats {
		panic(fmt.Sprintf("games: bad registration %+v", g))
	}
	if len(g.Options) > 0 && g.NewWith == nil {
		panic("games: " + g.Name + " has options but no NewWith")
	}
	if g.Rules > 1 && g.OldRules == nil {
		panic("games: " + g.Name + " has older rules versions but no OldRules")
	}
	if _, dup := r.byName[g.Name]; dup {
		panic("games: registered twice: " + g.Name)
	}
	r.byName[g.Name] = g
}

// Lookup finds a game by name.
func (r *Registry) Lookup(name string) (Info, bool) {
	g, ok := r.byName[strings.ToLower(strings.TrimSpace(name))]
	return g, ok
}

// LookupOptions is the game called name, as Lookup finds it, with the
// house rules options (as Info.FormatOptions writes them) read for it: an
// unknown game, or options it does not take, is an error.
func (r *Registry) LookupOptions(name, options string) (Info, Options, error) {
	info, ok := r.Lookup(name)
	if !ok {
		return Info{}, nil, fmt.Errorf("no game called %q", name)
	}
	opts, err := info.ParseOptions(options)
	return info, opts, err
}

// All lists the games, solitaires first, then by title.
func (r *Registry) All() []Info {
	out := make([]Info, 0, len(r.byName))
	for _, g := range r.byName {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Solitaire() != out[j].Solitaire() {
			return out[i].Solitaire()
		}
		return out[i].Title < out[j].Title
	})
	return out
}

// Names lists the games' names, in the order of All.
func (r *Registry) Names() []string {
	var n []string
	for _, g := range r.All() {
		n = append(n, g.Name)
	}
	return n
}

// New creates game name from deal number deal with seats seats, under the
// standard rules.
func (r *Registry) New(name string, deal uint64, seats int) (Game, error) {
	return r.NewWith(name, deal, seats, nil)
}

// NewWith creates game name from deal number deal with seats seats, under
// house rules o (nil for the standard game) and the newest rules.
func (r *Registry) NewWith(name string, deal uint64, seats int, o Options) (Game, error) {
	return r.NewUnder(name, deal, seats, o, 0)
}

// NewUnder creates game name from deal number deal with seats seats, under
// house rules o (nil for the standard game) and rules version v (0 for the
// newest).
func (r *Registry) NewUnder(name string, deal uint64, seats int, o Options, v int) (Game, error) {
	g, ok := r.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no game called %q (try one of: %s)", name, strings.Join(r.Names(), ", "))
	}
	if seats < g.MinSeats || seats > g.MaxSeats {
		if g.MinSeats == g.MaxSeats {
			return nil, Refuse("%s is for %d player(s), not %d", g.Title, g.MinSeats, seats)
		}
		return nil, Refuse("%s is for %d to %d players, not %d", g.Title, g.MinSeats, g.MaxSeats, seats)
	}
	return g.StartUnder(deal, seats, o, v)
}
