package cli

import (
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// legalText lists seat's legal moves, alike moves written once ("1–10
// a–f": any column to any free cell; "forbid c/d/h": one of those), and
// wrapped to the terminal's width.
func legalText(g games.Game, seat games.Seat) string {
	var moves []string
	for _, m := range g.Legal(seat) {
		moves = append(moves, m.String())
	}
	if len(moves) == 0 {
		return "No moves now."
	}
	groups := render.GroupMoves(moves)
	head := "Legal moves:"
	if len(groups) < len(moves) {
		head = "Legal moves (x/y: x or y; 1–3, a–c: any in the range):"
	}
	var b strings.Builder
	b.WriteString(head + "\n")
	b.WriteString(render.TermWrap("  "+strings.Join(groups, ", "), width, "  "))
	return b.String()
}
