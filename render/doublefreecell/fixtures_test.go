package doublefreecell

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// layout lays v out with sel selected, at the classic steps in English.
func layout(t testing.TB, v game.View, sel string) *render.Scene {
	return layoutIn(t, v, sel, render.ClassicSteps, lang.English)
}

// layoutIn lays v out with sel selected, at steps st in l.
func layoutIn(t testing.TB, v game.View, sel string, st render.Steps, l lang.Lang) *render.Scene {
	return rendertest.Laid(t)(LayoutIn(v, sel, st, l))
}

// emptyFoundations are the four foundations with nothing on them.
func emptyFoundations() []game.Foundation {
	f := make([]game.Foundation, 4)
	for i, s := range cards.Suits {
		f[i] = game.Foundation{Suit: s, SuitName: s.Name()}
	}
	return f
}

// dealtView is deal n as dealt: 104 cards in ten columns, card k to column
// k mod 10, nothing in the cells or on the foundations.
func dealtView(n uint64) game.View {
	v := game.View{Deal: n, Columns: make([][]cards.Card, 10), Cells: make([]cards.Card, 6),
		Foundations: emptyFoundations(), Autoplay: true}
	for k, c := range cards.Shuffled(cards.NewPack(2, 0), n) {
		v.Columns[k%10] = append(v.Columns[k%10], c)
	}
	return v
}

// benchView is a full 104-card table: deal 7 with four cards moved from the
// long columns into cells.
func benchView() game.View {
	v := dealtView(7)
	for i := 0; i < 4; i++ {
		col := v.Columns[i]
		v.Cells[i*2%6+i/3] = col[len(col)-1]
		v.Columns[i] = col[:len(col)-1]
	}
	v.Moves = 4
	return v
}

// midView is a game under way: foundations in both rounds, two cells
// taken, an empty column and a long run.
func midView(tb testing.TB) game.View {
	v := game.View{Deal: 123456, Moves: 87, Undos: 3, Score: 31, Autoplay: false,
		Cells: make([]cards.Card, 6), Foundations: emptyFoundations()}
	v.Cells[1] = gamestest.Card(tb, "QH")
	v.Cells[4] = gamestest.Card(tb, "10S")
	v.Foundations[0].Top, v.Foundations[0].Count, v.Foundations[0].Round = gamestest.Card(tb, "7C"), 7, 1
	v.Foundations[1].Top, v.Foundations[1].Count, v.Foundations[1].Round = gamestest.Card(tb, "KD"), 13, 2
	v.Foundations[3].Top, v.Foundations[3].Count, v.Foundations[3].Round = gamestest.Card(tb, "5S"), 18, 2
	cols := [][]string{
		{"4H", "9C", "JS", "2D", "8H", "AS", "3C", "KS", "QD", "JC", "10H", "9S", "8D", "7S", "6H"},
		{"5D", "KC", "2S", "9H"},
		{},
		{"AH", "QS", "7D", "3H", "10C", "6D", "JH"},
		{"8S", "4C", "KH"},
		{"2H", "5C", "9D", "6S", "QC", "JD", "3S", "4D", "8C"},
		{"AD", "10D", "7H", "5H"},
		{"KH", "QC", "JH", "10S", "9H", "8C", "7D", "6C", "5D", "4S", "3D", "2C"},
		{"6C", "4S", "2C"},
		{"3D", "9S", "JD", "8D", "7C", "AH"},
	}
	for _, col := range cols {
		var cs []cards.Card
		for _, code := range col {
			cs = append(cs, gamestest.Card(tb, code))
		}
		v.Columns = append(v.Columns, cs)
	}
	return v
}

// longView has a 30-card column (and a 24-card one).
func longView(tb testing.TB) game.View {
	v := dealtView(99)
	var long []cards.Card
	for i := 0; i < 30; i++ {
		long = append(long, cards.Card{Rank: cards.Rank(13 - i%13), Suit: cards.Suits[(i+i/13)%4]})
	}
	v.Columns[2] = long
	v.Columns[6] = long[:24]
	v.Columns[9] = nil
	return v
}

// wonView is a finished game.
func wonView() game.View {
	v := game.View{Deal: 42, Moves: 311, Score: 104, Status: games.Won, Autoplay: true,
		Columns: make([][]cards.Card, 10), Cells: make([]cards.Card, 6), Foundations: emptyFoundations()}
	for i := range v.Foundations {
		v.Foundations[i].Top = cards.Card{Rank: cards.King, Suit: v.Foundations[i].Suit}
		v.Foundations[i].Count, v.Foundations[i].Round = 26, 2
	}
	return v
}

// lostView is a game given up.
func lostView(tb testing.TB) game.View {
	v := midView(tb)
	v.Status = games.Lost
	for i := range v.Cells {
		if v.Cells[i].IsNone() {
			v.Cells[i] = gamestest.Card(tb, "2S")
		}
	}
	v.Columns[2] = []cards.Card{gamestest.Card(tb, "5C")}
	return v
}

// cellsView is midView at a table of n free cells (a house rule): cards in
// the first, third and last two cells (at least the first and the last),
// the others empty; autoplay on.
func cellsView(tb testing.TB, n int) game.View {
	v := midView(tb)
	v.Autoplay = true
	v.Cells = make([]cards.Card, n)
	for i, code := range []string{"QH", "", "10S", "", "", "", "", ""}[:n] {
		if code != "" {
			v.Cells[i] = gamestest.Card(tb, code)
		}
	}
	v.Cells[n-2], v.Cells[n-1] = gamestest.Card(tb, "JC"), gamestest.Card(tb, "7D")
	return v
}
