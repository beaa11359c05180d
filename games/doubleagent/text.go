package doubleagent

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games/cards"
)

// String writes the complete position, one place a line in the order
// t1–t5, b1–b5, p1–p4, c1, c2, face-down cards included:
//
//	t1: 9C 2D KH 4S | 5S RJ 7C   (face down | face up, bottom first)
//	t2: 3C 8D |                  (an exposed face-down card)
//	p1: 7C                       (a prisoner)
//	p2: found 3H                 (a foundation, by its top card)
//	c1: RJ
//
// ParsePos reads it back.
func (p Pos) String() string {
	var b strings.Builder
	for t := T1; t <= B5; t++ {
		pl := &p.tab[t]
		b.WriteString(t.String() + ":")
		for i := 0; i < int(pl.n); i++ {
			if i == int(pl.down) && pl.down > 0 {
				b.WriteString(" |")
			}
			b.WriteString(" " + pl.c[i].Card().Code())
		}
		if pl.exposed() {
			b.WriteString(" |")
		}
		b.WriteByte('\n')
	}
	for i, c := range p.cell {
		b.WriteString((P1 + Place(i)).String() + ":")
		if c.found {
			b.WriteString(" found")
		}
		if c.top != 0 {
			b.WriteString(" " + c.top.Card().Code())
		}
		b.WriteByte('\n')
	}
	for i, c := range p.cmd {
		b.WriteString((C1 + Place(i)).String() + ":")
		if c != 0 {
			b.WriteString(" " + c.Card().Code())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ParsePos reads a position written as by String. Places left out are empty;
// blank lines and text after # are ignored. It need not hold all 54 cards,
// but no card twice, and every face-up run must be correctly built for its
// row (the game relies on that). Meant for tests and tools.
func ParsePos(s string) (Pos, error) {
	var r posReader
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		name, rest, found := strings.Cut(line, ":")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if !found {
			return Pos{}, fmt.Errorf("line %q: want PLACE: CARDS", line)
		}
		pl, err := ParsePlace(name)
		if err != nil {
			return Pos{}, err
		}
		f := strings.Fields(rest)
		switch {
		case pl.IsTableau():
			err = r.tableau(pl, f)
		case pl.IsCell():
			err = r.cell(pl, f)
		default:
			err = r.command(pl, f)
		}
		if err != nil {
			return Pos{}, err
		}
	}
	r.p.promote()
	return r.p, nil
}

// posReader is ParsePos's position so far and the cards it has placed.
type posReader struct {
	p    Pos
	seen [numCards + 1]bool
}

// use reads a card's code and marks it placed.
func (r *posReader) use(code string) (card, error) {
	c, err := cards.Parse(code)
	if err != nil || c.IsNone() {
		return 0, fmt.Errorf("%q is not a card", code)
	}
	k := fromCard(c)
	if r.seen[k] {
		return 0, fmt.Errorf("%s appears twice", c)
	}
	r.seen[k] = true
	return k, nil
}

// tableau reads tableau pl's cards: face down, "|", face up.
func (r *posReader) tableau(pl Place, f []string) error {
	t := &r.p.tab[pl]
	t.n, t.down = 0, 0
	for _, w := range f {
		if w == "|" {
			t.down = t.n
			continue
		}
		if int(t.n) == maxPile {
			return fmt.Errorf("%s: more than %d cards", pl, maxPile)
		}
		c, err := r.use(w)
		if err != nil {
			return fmt.Errorf("%s: %w", pl, err)
		}
		t.c[t.n] = c
		t.n++
	}
	if !validRun(t.run(), dir(pl)) {
		return fmt.Errorf("%s: the face-up cards are not a run built %s in alternating colours", pl, map[bool]string{true: "up", false: "down"}[pl.TopRow()])
	}
	return nil
}

// cell reads prison cell pl: empty, a prisoner, or "found" and a
// foundation's top card.
func (r *posReader) cell(pl Place, f []string) error {
	found := len(f) > 0 && f[0] == "found"
	if found {
		f = f[1:]
	}
	if len(f) > 1 {
		return fmt.Errorf("%s: one card at most", pl)
	}
	if len(f) == 0 {
		if found {
			return fmt.Errorf("%s: a foundation needs its top card", pl)
		}
		return nil
	}
	c, err := r.use(f[0])
	if err != nil {
		return fmt.Errorf("%s: %w", pl, err)
	}
	if found {
		if c.isAgent() {
			return fmt.Errorf("%s: agents never go onto foundations", pl)
		}
		// The cards under the top are the lower ranks of its suit.
		for k := c - card(c.rank()) + 1; k < c; k++ {
			if r.seen[k] {
				return fmt.Errorf("%s appears twice", k)
			}
			r.seen[k] = true
		}
	}
	r.p.cell[pl-P1] = cell{top: c, found: found}
	return nil
}

// command reads command slot pl: empty or an agent.
func (r *posReader) command(pl Place, f []string) error {
	if len(f) > 1 {
		return fmt.Errorf("%s: one agent at most", pl)
	}
	if len(f) == 1 {
		c, err := r.use(f[0])
		if err != nil {
			return fmt.Errorf("%s: %w", pl, err)
		}
		if !c.isAgent() {
			return fmt.Errorf("%s: only agents command", pl)
		}
		r.p.cmd[pl-C1] = c
	}
	return nil
}

// validRun reports whether s is a correctly built run for a row building in
// direction d: alternating colours, and ranks that step by d within A–K,
// with every agent given one.
func validRun(s []card, d int) bool {
	for i := 1; i < len(s); i++ {
		if s[i].isRed() == s[i-1].isRed() {
			return false
		}
	}
	r0 := rankAt(s, 0, d)
	if r0 == 0 {
		return len(s) <= 2
	}
	for i, c := range s {
		r := r0 + i*d
		if !inRange(r) || (c.rank() != 0 && c.rank() != r) {
			return false
		}
	}
	return true
}
