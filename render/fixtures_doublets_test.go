package render

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/doublets"
)

// dblDealt is Doublets deal n as dealt.
func dblDealt(n uint64) doublets.View {
	return doublets.New(n).View(0).(doublets.View)
}

// dblPlayed is Doublets deal n after up to moves moves, playing a card
// whenever one fits and flipping otherwise.
func dblPlayed(tb testing.TB, n uint64, moves int) doublets.View {
	tb.Helper()
	g := doublets.New(n)
	for i := 0; i < moves && !g.Status().Finished(); i++ {
		var pick games.Move
		for _, m := range g.Legal(0) {
			if mv := m.(doublets.Move); mv != doublets.Undo && mv != doublets.Resign {
				if pick == nil || mv != doublets.Flip {
					pick = m
				}
			}
		}
		if pick == nil {
			break
		}
		if err := g.Apply(0, pick); err != nil {
			tb.Fatal(err)
		}
	}
	return g.View(0).(doublets.View)
}

// dblMid is a game under way: a frozen King in r3, a King blocking the
// waste, 14 cards home with 3 needed next.
func dblMid(tb testing.TB) doublets.View {
	codes := []string{"7C", "QH", "KS", "3D", "9C", "5S", "2H"}
	v := doublets.View{Deal: 4242, Moves: 57, Undos: 2, Score: 14, Stock: 23, Pass: 2, PassesLeft: 1,
		Reserves:   make([]doublets.Reserve, 7),
		Foundation: doublets.Foundation{Top: card(tb, "8D"), Count: 14, Next: 3, NextName: "3"},
		Waste:      doublets.Waste{Top: card(tb, "KH"), Size: 11, Blocked: true}}
	for i, c := range codes {
		v.Reserves[i] = doublets.Reserve{Card: card(tb, c), Frozen: c[0] == 'K'}
	}
	return v
}

// dblEnd is a lost game: stock and waste empty, one reserve empty, no
// redeal left.
func dblEnd(tb testing.TB) doublets.View {
	v := dblMid(tb)
	v.Status, v.Stock, v.Pass, v.PassesLeft = games.Lost, 0, 3, 0
	v.Waste = doublets.Waste{}
	v.Reserves[5] = doublets.Reserve{}
	v.Reserves[0] = doublets.Reserve{Card: card(tb, "KC"), Frozen: true}
	return v
}

// dblWon is a won game.
func dblWon() doublets.View {
	v := doublets.View{Deal: 9, Moves: 140, Score: 48, Status: games.Won, Pass: 3, Reserves: make([]doublets.Reserve, 7),
		Foundation: doublets.Foundation{Top: cards.Card{Rank: 7, Suit: cards.Clubs}, Count: 48}}
	for i, s := range cards.Suits {
		v.Reserves[i] = doublets.Reserve{Card: cards.Card{Rank: cards.King, Suit: s}, Frozen: true}
	}
	return v
}
