package main

import (
	"fmt"
	"io"

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
