package doubleagent

import (
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// dealtView is Double Agent deal n as dealt.
func dealtView(n uint64) game.View {
	return game.New(n).View(0).(game.View)
}

// played is Double Agent deal n after up to moves moves, taking the last
// legal move that is not a command each time.
func played(tb testing.TB, n uint64, moves int) game.View {
	tb.Helper()
	return gameAfter(tb, n, moves).View(0).(game.View)
}

// gameAfter is the game played shows. It prefers uncovering a card, so
// that the game moves on.
func gameAfter(tb testing.TB, n uint64, moves int) *game.Game {
	tb.Helper()
	g := game.New(n)
	gamestest.Play(tb, g, moves, func(g games.Game, seat games.Seat) games.Move {
		var pick games.Move
		for _, m := range g.Legal(seat) {
			if s := m.String(); s != "undo" && s != "resign" && (pick == nil || !strings.HasPrefix(pick.String(), "up ")) {
				pick = m
			}
		}
		return pick
	})
	return g
}

// faces reads a run of face-up cards: codes, "RJ=7" for an agent that
// stands for 7.
func faces(tb testing.TB, codes ...string) []game.Face {
	var out []game.Face
	for _, c := range codes {
		f := game.Face{}
		if len(c) > 3 && c[2] == '=' {
			r, err := cards.Parse(c[3:] + "S")
			if err != nil {
				tb.Fatal(err)
			}
			f.Stands = r.Rank
			c = c[:2]
		}
		f.Card = gamestest.Card(tb, c)
		out = append(out, f)
	}
	return out
}

// mid is a game under way: a covered agent standing for 7 in t2, an agent
// standing for 9 on top of b4, an exposed face-down card in t4, an empty
// b5, a live ♥ foundation, a frozen ♣ one, a prisoner, the red agent... no:
// the black agent in command.
func mid(tb testing.TB) game.View {
	v := game.View{Deal: 777, Moves: 64, Undos: 5, Score: 10}
	tops := []struct {
		down int
		up   []string
	}{
		{3, []string{"5S", "6H", "7C", "8D"}},
		{2, []string{"4D", "5C", "6H", "RJ=7", "8H", "9S"}},
		{4, []string{"QC"}},
		{3, nil},
		{0, []string{"2C", "3H", "4S", "5D", "6C", "7H", "8S", "9H", "10S", "JH", "QS"}},
	}
	bottoms := []struct {
		down int
		up   []string
	}{
		{4, []string{"KD", "QS", "JD"}},
		{1, []string{"9C"}},
		{0, []string{"10D", "9S", "8D", "7S", "6D"}},
		{2, []string{"JC", "10H", "BJ=9"}},
		{0, nil},
	}
	for i, t := range tops {
		v.Top[i] = game.Tableau{Name: tableauName(0, i), Down: t.down, Exposed: t.down > 0 && len(t.up) == 0, Up: faces(tb, t.up...)}
	}
	for i, t := range bottoms {
		v.Bottom[i] = game.Tableau{Name: tableauName(1, i), Down: t.down, Exposed: t.down > 0 && len(t.up) == 0, Up: faces(tb, t.up...)}
	}
	v.Prison = [4]game.Cell{
		{Name: "p1", Kind: "foundation", Card: gamestest.Card(tb, "5H"), Suit: "hearts", Count: 5},
		{Name: "p2", Kind: "prisoner", Card: gamestest.Card(tb, "KS")},
		{Name: "p3", Kind: "foundation", Card: gamestest.Card(tb, "4C"), Suit: "clubs", Count: 4, Frozen: true},
		{Name: "p4", Kind: "empty"},
	}
	v.Command = [2]cards.Card{cards.None, cards.RedJoker}
	return v
}

// long has runs too long for the usual picture in both rows.
func long(tb testing.TB) game.View {
	v := mid(tb)
	up := []string{"KC", "QH", "JS", "10D", "9C", "8H", "7S", "6D", "5C", "4H", "3S", "2D", "AC"}
	v.Bottom[4] = game.Tableau{Name: "b5", Down: 4, Up: faces(tb, up...)}
	v.Top[3] = game.Tableau{Name: "t4", Down: 4, Up: faces(tb, "AH", "2S", "3D", "4C", "5H", "6S", "7D", "8C", "9D", "10C", "JD", "QC", "KH")}
	return v
}

// wonView is a won game: four full foundations, both agents in command.
func wonView() game.View {
	v := game.View{Deal: 5, Moves: 230, Score: 54, Status: games.Won}
	for i := range v.Top {
		v.Top[i] = game.Tableau{Name: tableauName(0, i)}
		v.Bottom[i] = game.Tableau{Name: tableauName(1, i)}
	}
	for i, s := range cards.Suits {
		v.Prison[i] = game.Cell{Name: "p" + string(rune('1'+i)), Kind: "foundation", Card: cards.Card{Rank: cards.King, Suit: s}, Suit: s.Name(), Count: 13}
	}
	v.Command = [2]cards.Card{cards.RedJoker, cards.BlackJoker}
	return v
}

// layout lays v out with sel selected, at the classic steps in English.
func layout(t testing.TB, v game.View, sel string) *render.Scene {
	return layoutIn(t, v, sel, render.ClassicSteps, lang.English)
}

// layoutIn lays v out with sel selected, at steps st in l.
func layoutIn(t testing.TB, v game.View, sel string, st render.Steps, l lang.Lang) *render.Scene {
	return rendertest.Laid(t)(LayoutIn(v, sel, st, l))
}
