package doublets

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/gamestest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// dealtView is Doublets deal n as dealt.
func dealtView(n uint64) game.View {
	return game.New(n).View(0).(game.View)
}

// played is Doublets deal n after up to moves moves, playing a card
// whenever one fits and flipping otherwise.
func played(tb testing.TB, n uint64, moves int) game.View {
	tb.Helper()
	g := game.New(n)
	gamestest.Play(tb, g, moves, func(g games.Game, seat games.Seat) games.Move {
		var pick games.Move
		for _, m := range g.Legal(seat) {
			if mv := m.(game.Move); mv != game.Undo && mv != game.Resign {
				if pick == nil || mv != game.Flip {
					pick = m
				}
			}
		}
		return pick
	})
	return g.View(0).(game.View)
}

// midView is a game under way: a frozen King in r3, a King blocking the
// waste, 14 cards home with 3 needed next.
func midView(tb testing.TB) game.View {
	codes := []string{"7C", "QH", "KS", "3D", "9C", "5S", "2H"}
	v := game.View{Deal: 4242, Moves: 57, Undos: 2, Score: 14, Stock: 23, Pass: 2, PassesLeft: 1,
		Reserves:   make([]game.Reserve, 7),
		Foundation: game.Foundation{Top: gamestest.Card(tb, "8D"), Count: 14, Next: 3, NextName: "3"},
		Waste:      game.Waste{Top: gamestest.Card(tb, "KH"), Size: 11, Blocked: true}}
	for i, c := range codes {
		v.Reserves[i] = game.Reserve{Card: gamestest.Card(tb, c), Frozen: c[0] == 'K'}
	}
	return v
}

// end is a lost game: stock and waste empty, one reserve empty, no
// redeal left.
func end(tb testing.TB) game.View {
	v := midView(tb)
	v.Status, v.Stock, v.Pass, v.PassesLeft = games.Lost, 0, 3, 0
	v.Waste = game.Waste{}
	v.Reserves[5] = game.Reserve{}
	v.Reserves[0] = game.Reserve{Card: gamestest.Card(tb, "KC"), Frozen: true}
	return v
}

// wonView is a won game.
func wonView() game.View {
	v := game.View{Deal: 9, Moves: 140, Score: 48, Status: games.Won, Pass: 3, Reserves: make([]game.Reserve, 7),
		Foundation: game.Foundation{Top: cards.Card{Rank: 7, Suit: cards.Clubs}, Count: 48}}
	for i, s := range cards.Suits {
		v.Reserves[i] = game.Reserve{Card: cards.Card{Rank: cards.King, Suit: s}, Frozen: true}
	}
	return v
}

// layout lays v out with sel selected, in English.
func layout(t testing.TB, v game.View, sel string) *render.Scene {
	return layoutIn(t, v, sel, lang.English)
}

// layoutIn lays v out with sel selected, in l.
func layoutIn(t testing.TB, v game.View, sel string, l lang.Lang) *render.Scene {
	return rendertest.Laid(t)(LayoutIn(v, sel, l))
}
