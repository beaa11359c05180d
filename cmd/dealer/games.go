package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/dealer/dealer/games/theagents"

	"github.com/dealer/dealer/games/catalog"
)

// listGames is `dealer games`: the games on offer, with their seats.
func listGames(w io.Writer) int {
	for _, g := range catalog.Registry().All() {
		seats := fmt.Sprintf("%d players", g.MinSeats)
		switch {
		case g.Solitaire():
			seats = "solitaire"
		case g.MinSeats != g.MaxSeats:
			seats = fmt.Sprintf("%d–%d players", g.MinSeats, g.MaxSeats)
		}
		fmt.Fprintf(w, "%-16s %-16s %s\n", g.Name, g.Title, seats)
	}
	return 0
}

// listCards is `dealer cards theagents [--json]`: a game's designed card set.
func listCards(args []string, stdout, stderr io.Writer) int {
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
	if game != "theagents" {
		fmt.Fprintln(stderr, "dealer cards: only The Agents has a card set of its own: dealer cards theagents [--json]")
		return 2
	}
	set := theagents.Set()
	if !asJSON {
		fmt.Fprint(stdout, set.Text())
		return 0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(set); err != nil {
		fmt.Fprintln(stderr, "dealer cards:", err)
		return 1
	}
	return 0
}
