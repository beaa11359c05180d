package doubleagent

import (
	"encoding/json"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/stretchr/testify/require"
)

// mustPos builds a position by hand (see Pos.String for the format).
func mustPos(t *testing.T, s string) Pos {
	t.Helper()
	p, err := ParsePos(s)
	require.NoError(t, err)
	return p
}

// table builds a game on a hand-made position.
func table(t *testing.T, s string) *Game {
	t.Helper()
	return newGame(0, mustPos(t, s))
}

// fullPrison is a prisoner in each of the four cells, so that no card can
// go into the prison: added to a hand-made table whose cells play no part.
const fullPrison = `
	p1: 3C
	p2: 3S
	p3: 4S
	p4: 4C
`

// play makes moves that must be legal, each also listed by Legal in the
// spelling the move resolves to.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := g.Parse(text)
		require.NoError(t, err, text)
		if mv := m.(Move); mv.Kind == Transfer || mv.Kind == Uncover {
			r := g.pos.Resolve(mv)
			require.True(t, games.IsLegal(g, 0, r.String()), "%s (as %s) is not listed by Legal: %v", text, r, g.Legal(0))
		}
		require.NoError(t, g.Apply(0, m), text)
	}
}

// refuse checks that move text is refused with a message holding want, and
// that the game did not change at all.
func refuse(t *testing.T, g *Game, text, want string) {
	t.Helper()
	before, moves, pos, hist := gamestest.StateJSON(t, g), g.Moves(), g.pos, len(g.hist)
	require.False(t, games.IsLegal(g, 0, text), "%s is listed as legal", text)
	err := games.Play(g, 0, text)
	require.Error(t, err, text)
	require.Contains(t, err.Error(), want, text)
	require.Equal(t, before, gamestest.StateJSON(t, g), text)
	require.Equal(t, moves, g.Moves())
	require.Equal(t, pos, g.pos)
	require.Equal(t, hist, len(g.hist))
}

// checkView checks that view, in JSON, names none of p's face-down cards.
func checkView(t *testing.T, view any, p *Pos) {
	t.Helper()
	b, err := json.Marshal(view)
	require.NoError(t, err)
	for _, fd := range p.faceDown() {
		for _, c := range fd {
			require.NotContains(t, string(b), `"`+c.Code()+`"`, "the view shows a face-down card")
		}
	}
}

// up returns the face-up run of tableau name as the view shows it.
func up(g *Game, name string) []Face {
	v := g.view()
	for _, row := range [][5]Tableau{v.Top, v.Bottom} {
		for _, tv := range row {
			if tv.Name == name {
				return tv.Up
			}
		}
	}
	return nil
}

// stands returns the rank the face-up card at index i of tableau name stands
// for (its own rank for a card of the deck; 0 for an open agent).
func stands(g *Game, name string, i int) cards.Rank {
	f := up(g, name)[i]
	if f.Card.IsJoker() {
		return f.Stands
	}
	return f.Card.Rank
}

func codes(fs []Face) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Card.Code()
	}
	return out
}

func cellView(g *Game, i int) Cell { return g.view().Prison[i] }

// allCards lists every card of the complete state, face-down and foundation
// cards included (a foundation holds its suit from the Ace to its top).
func allCards(p *Pos) []card {
	var out []card
	for t := range p.tab {
		out = append(out, p.tab[t].c[:p.tab[t].n]...)
	}
	for _, c := range p.cell {
		switch {
		case c.found:
			for k := c.top - card(c.top.rank()) + 1; k <= c.top; k++ {
				out = append(out, k)
			}
		case c.top != 0:
			out = append(out, c.top)
		}
	}
	for _, c := range p.cmd {
		if c != 0 {
			out = append(out, c)
		}
	}
	return out
}

// checkInvariants checks the position's shape: every card once (all 54 when
// complete), every face-up run built correctly, unused slots zero. It is on
// the hot path of the random tests, so it compares plainly.
func checkInvariants(t *testing.T, p *Pos, complete bool) {
	t.Helper()
	var seen [numCards + 1]int
	for _, c := range allCards(p) {
		if c < 1 || c > numCards {
			t.Fatalf("bad card %d in\n%s", c, p)
		}
		seen[c]++
	}
	for c := card(1); c <= numCards; c++ {
		if seen[c] > 1 || (complete && seen[c] != 1) {
			t.Fatalf("%s is there %d times in\n%s", c, seen[c], p)
		}
	}
	for i := range p.tab {
		pl := &p.tab[i]
		if pl.down > pl.n || pl.down > 4 || !validRun(pl.run(), dir(Place(i))) {
			t.Fatalf("%s is badly formed in\n%s", Place(i), p)
		}
		for _, c := range pl.c[pl.n:] {
			if c != 0 {
				t.Fatalf("%s has a card past its top in\n%s", Place(i), p)
			}
		}
	}
	for _, c := range p.cell {
		if c.found && c.top.isAgent() {
			t.Fatalf("an agent on a foundation in\n%s", p)
		}
	}
	for _, c := range p.cmd {
		if c != 0 && !c.isAgent() {
			t.Fatalf("%s in command in\n%s", c, p)
		}
	}
}
