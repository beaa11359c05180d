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
	var p Pos
	var seen [numCards + 1]bool
	use := func(code string) (card, error) {
		c, err := cards.Parse(code)
		if err != nil || c.IsNone() {
			return 0, fmt.Errorf("%q is not a card", code)
		}
		k := fromCard(c)
		if seen[k] {
			return 0, fmt.Errorf("%s appears twice", c)
		}
		seen[k] = true
		return k, nil
	}
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
			t := &p.tab[pl]
			t.n, t.down = 0, 0
			for _, w := range f {
				if w == "|" {
					t.down = t.n
					continue
				}
				if int(t.n) == maxPile {
					return Pos{}, fmt.Errorf("%s: more than %d cards", pl, maxPile)
				}
				c, err := use(w)
				if err != nil {
					return Pos{}, fmt.Errorf("%s: %w", pl, err)
				}
				t.c[t.n] = c
				t.n++
			}
			if !validRun(t.run(), dir(pl)) {
				return Pos{}, fmt.Errorf("%s: the face-up cards are not a run built %s in alternating colours", pl, map[bool]string{true: "up", false: "down"}[pl.TopRow()])
			}
		case pl.IsCell():
			found := len(f) > 0 && f[0] == "found"
			if found {
				f = f[1:]
			}
			if len(f) > 1 {
				return Pos{}, fmt.Errorf("%s: one card at most", pl)
			}
			if len(f) == 0 {
				if found {
					return Pos{}, fmt.Errorf("%s: a foundation needs its top card", pl)
				}
				continue
			}
			c, err := use(f[0])
			if err != nil {
				return Pos{}, fmt.Errorf("%s: %w", pl, err)
			}
			if found {
				if c.isAgent() {
					return Pos{}, fmt.Errorf("%s: agents never go onto foundations", pl)
				}
				// The cards under the top are the lower ranks of its suit.
				for k := c - card(c.rank()) + 1; k < c; k++ {
					if seen[k] {
						return Pos{}, fmt.Errorf("%s appears twice", k)
					}
					seen[k] = true
				}
			}
			p.cell[pl-P1] = cell{top: c, found: found}
		default:
			if len(f) > 1 {
				return Pos{}, fmt.Errorf("%s: one agent at most", pl)
			}
			if len(f) == 1 {
				c, err := use(f[0])
				if err != nil {
					return Pos{}, fmt.Errorf("%s: %w", pl, err)
				}
				if !c.isAgent() {
					return Pos{}, fmt.Errorf("%s: only agents command", pl)
				}
				p.cmd[pl-C1] = c
			}
		}
	}
	p.promote()
	return p, nil
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
