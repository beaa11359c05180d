package doubleagent

import (
	"fmt"
	"strings"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Text shows a Double Agent table as text for a terminal, labelled with
// the move notation: the command slots c1 c2, the prison cells p1–p4 (a
// foundation marked "home", or "home, frozen"), then the tableaus t1–t5
// (building up) and b1–b5 (building down) one a line, each face-down card
// as ##, then the face-up run from its lowest card to the top. An agent
// that stands for a rank shows it: RJ=7. With color, red cards are printed
// in ANSI red.
//
//	Double Agent · deal 777 · move 64 · 5 undos · score 10/54
//	c1 --   c2 RJ
//	p1 5♥ home   p2 K♠   p3 4♣ home, frozen   p4 --
//	t1  ## ## ## | 5♠ 6♥ 7♣ 8♦
//	t2  ## ## | 4♦ 5♣ 6♥ RJ=7 8♥ 9♠
//	t4  ## ## ## | (up t4 turns it over)
//	b5  --
func Text(v game.View, color bool) string { return text(v, color, lang.English) }

// text is Text with its words in l (for the picture's description).
func text(v game.View, color bool, l lang.Lang) string {
	var b strings.Builder
	b.WriteString(status(v, l).Line() + "\n")

	var parts []string
	for i, c := range v.Command {
		parts = append(parts, fmt.Sprintf("c%d %s", i+1, render.TermCard(c, color)))
	}
	b.WriteString(strings.Join(parts, "   ") + "\n")
	parts = parts[:0]
	for i, c := range v.Prison {
		s := fmt.Sprintf("p%d %s", i+1, render.TermCard(c.Card, color))
		if c.Kind == "foundation" {
			s += " " + words.T(l, "home")
			if c.Frozen {
				s += ", " + words.T(l, "frozen")
			}
		}
		parts = append(parts, s)
	}
	b.WriteString(strings.Join(parts, "   ") + "\n")

	for r, row := range [2][5]game.Tableau{v.Top, v.Bottom} {
		for i, t := range row {
			// A long tableau goes on under itself, within 80 columns.
			b.WriteString(render.TermWrap(tableauLine(tableauName(r, i), t, color, l), 80, "    ") + "\n")
		}
	}
	return render.TermLines(b.String())
}

// tableauLine is one tableau: its name, the face-down cards as ##, then
// the face-up run.
func tableauLine(name string, t game.Tableau, color bool, l lang.Lang) string {
	if t.Down == 0 && len(t.Up) == 0 {
		return name + "  --"
	}
	line := name + " " + strings.Repeat(" ##", t.Down)
	if t.Down > 0 {
		line += " |"
	}
	if len(t.Up) == 0 {
		line += " " + words.T(l, "(up %s turns it over)", name)
	}
	for _, f := range t.Up {
		s := render.TermCard(f.Card, color)
		if f.Card.IsJoker() && f.Stands != 0 {
			s += "=" + f.Stands.String()
		}
		line += " " + s
	}
	return line
}
