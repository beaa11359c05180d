package render

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
)

// Registry lists the games the dealer offers, each with its engine and its
// presentation: the one list the bot, the terminal and the web read.
type Registry struct {
	engines *games.Registry
	byName  map[string]Game
}

// NewRegistry returns a registry of gs. A game that lacks a part (see
// Game.Missing) or is registered twice is a programming error.
func NewRegistry(gs ...Game) *Registry {
	r := &Registry{engines: games.NewRegistry(), byName: map[string]Game{}}
	for _, g := range gs {
		if m := g.Missing(); len(m) > 0 {
			panic(fmt.Sprintf("render: %s lacks: %s", g.Name, strings.Join(m, ", ")))
		}
		r.engines.Register(g.Info)
		r.byName[g.Name] = g
	}
	return r
}

// Lookup finds a game by name.
func (r *Registry) Lookup(name string) (Game, bool) {
	info, ok := r.engines.Lookup(name)
	if !ok {
		return Game{}, false
	}
	return r.byName[info.Name], true
}

// All lists the games, solitaires first, then by title.
func (r *Registry) All() []Game {
	var out []Game
	for _, info := range r.engines.All() {
		out = append(out, r.byName[info.Name])
	}
	return out
}

// Engines is the registry of the games' engines: New, Replay, Names.
func (r *Registry) Engines() *games.Registry { return r.engines }

// New deals game name from deal number deal for seats seats.
func (r *Registry) New(name string, deal uint64, seats int) (games.Game, error) {
	return r.engines.New(name, deal, seats)
}
