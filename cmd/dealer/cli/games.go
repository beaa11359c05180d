package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// listGames is `dealer games`: the games on offer, with their seats.
func listGames(reg *render.Registry, w io.Writer) int {
	for _, g := range reg.All() {
		fmt.Fprintf(w, "%-16s %-16s %s\n", g.Name, g.Title, g.SeatsText())
	}
	return 0
}

// listCards is `dealer cards GAME [--json]`: the card set of a game that
// designs its own (The Agents).
func listCards(reg *render.Registry, args []string, stdout, stderr io.Writer) int {
	asJSON := false
	var game string
	for _, a := range args {
		switch a {
		case "--json", "-json":
			asJSON = true
		default:
			game = a
		}
	}
	sets := cardSets(reg)
	set, ok := sets[game]
	if !ok {
		var titles, names []string
		for _, g := range reg.All() {
			if _, ok := sets[g.Name]; ok {
				titles, names = append(titles, g.Title), append(names, g.Name)
			}
		}
		fmt.Fprintf(stderr, "dealer cards: only %s has a card set of its own: dealer cards %s [--json]\n",
			strings.Join(titles, " and "), strings.Join(names, "|"))
		return 2
	}
	if !asJSON {
		fmt.Fprint(stdout, set.CardSetText())
		return 0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(set.CardSet()); err != nil {
		fmt.Fprintln(stderr, "dealer cards:", err)
		return 1
	}
	return 0
}

// cardSets are the games with a card set of their own, by name: a game
// says so by its engine being a games.CardLister.
func cardSets(reg *render.Registry) map[string]games.CardLister {
	out := map[string]games.CardLister{}
	for _, g := range reg.All() {
		if e, err := g.New(1, g.MinSeats); err == nil {
			if l, ok := e.(games.CardLister); ok {
				out[g.Name] = l
			}
		}
	}
	return out
}
