package doublefreecell

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// ExportFCSolve writes g's position as a Freecell Solver (fc-solve) board,
// for "fc-solve --decks-num 2 --stacks-num 10 --freecells-num N", N the
// table's free cells (6 in the standard game, as here):
//
//	Foundations: H-x C-x D-x S-x H-x C-x D-x S-x
//	Freecells: 8C - - - - -
//	: 4C 2C 9C 8C QS 4S 2H
//	...
//
// one column a line, bottom card first, cards as fc-solve reads them (rank
// A 2–9 T J Q K, suit C D H S), "-" for an empty free cell, an empty line
// for an empty column. fc-solve has eight foundations, two a suit: a suit
// of ours with n cards up (0–26) is written as its two piles, one at
// min(n, 13) and the other at n−13 (0 for none, A, 2–9, T, J, Q, K).
func ExportFCSolve(g *Game) string {
	var b strings.Builder
	b.WriteString("Foundations:")
	order := [4]cards.Suit{cards.Hearts, cards.Clubs, cards.Diamonds, cards.Spades}
	for round := 0; round < 2; round++ {
		for _, s := range order {
			n := int(g.found[s]) - 13*round
			n = max(0, min(n, 13))
			b.WriteString(" " + s.Letter() + "-")
			if n == 0 {
				b.WriteString("0")
			} else {
				b.WriteString(cards.Rank(n).Letter())
			}
		}
	}
	b.WriteString("\nFreecells:")
	for _, c := range g.cells[:g.ncells] {
		if c.IsNone() {
			b.WriteString(" -")
		} else {
			b.WriteString(" " + c.Code())
		}
	}
	b.WriteString("\n")
	for i := range g.cols {
		col := &g.cols[i]
		b.WriteString(":")
		for _, c := range col.cards[:col.n] {
			b.WriteString(" " + c.Code())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// A Double FreeCell deal exports to Freecell Solver.
var _ games.Exporter = (*Game)(nil)

// Export writes the position in format: only "fcsolve" (ExportFCSolve).
func (g *Game) Export(format string) (string, error) {
	if format != "fcsolve" {
		return "", fmt.Errorf("no %q format: Double FreeCell exports fcsolve", format)
	}
	return ExportFCSolve(g), nil
}
