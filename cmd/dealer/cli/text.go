package cli

import (
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// textOf draws what seat sees of g as text for the terminal, as the game's
// presentation rg writes it. names are the players by seat, for
// multiplayer games; seats without one are "seat N".
func textOf(rg render.Game, g games.Game, seat games.Seat, color bool, names ...string) string {
	for len(names) < g.Seats() {
		names = append(names, fmt.Sprintf("seat %d", len(names)+1))
	}
	return rg.Text(g.View(seat), names, color)
}
