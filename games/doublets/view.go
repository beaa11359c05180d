package doublets

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// View is what every viewer sees of a Doublets table: everything but the
// face-down stock, of which only the size shows.
type View struct {
	Deal uint64 `json:"deal"`
	// Reserves are r1–r7, in reading order of the arch: r1 r2 r3 the top row,
	// r4 r5 the sides, r6 and r7 the bottom row either side of the foundation.
	Reserves []Reserve `json:"reserves"`
	// Foundation is the one pile, built by doubling.
	Foundation Foundation `json:"foundation"`
	// Waste is the face-up pile flipped from the stock.
	Waste Waste `json:"waste"`
	// Stock is how many cards the face-down stock holds.
	Stock int `json:"stock"`
	// Pass is the pass through the stock under way, 1–3; PassesLeft is how
	// many more the stock allows after it (the redeals left: 2, 1 or 0).
	Pass       int `json:"pass"`
	PassesLeft int `json:"passes_left"`
	// Moves counts every move made, undos included; Undos counts the undos.
	Moves  int          `json:"moves"`
	Undos  int          `json:"undos"`
	Status games.Status `json:"status"`
	// Score is the number of cards on the foundation, 1–48.
	Score int `json:"score"`
}

// Reserve is one slot of the arch.
type Reserve struct {
	// Card is the slot's card; cards.None when it is empty (for good: that
	// happens only once stock and waste are both empty).
	Card cards.Card `json:"card"`
	// Frozen is set when the card is a King: it never leaves.
	Frozen bool `json:"frozen"`
}

// Foundation is the doubling pile.
type Foundation struct {
	// Top is the card on top; the pile is never empty.
	Top cards.Card `json:"top"`
	// Count is how many cards are on it, 1–48.
	Count int `json:"count"`
	// Next is the rank that goes on it next (0 once it is full); NextName
	// writes it as players do ("A", "2"…"10", "J", "Q"; "" when full).
	Next     cards.Rank `json:"-"`
	NextName string     `json:"next"`
}

// Waste is the face-up pile beside the stock.
type Waste struct {
	// Top is the playable card; cards.None when the waste is empty.
	Top cards.Card `json:"top"`
	// Size is how many cards the waste holds.
	Size int `json:"size"`
	// Blocked is set when Top is a King: nothing plays from the waste until
	// another card is flipped onto it.
	Blocked bool `json:"blocked"`
}

// View returns the table; every viewer, spectators included, sees the same.
func (g *Game) View(viewer games.Seat) any { return g.view() }

func (g *Game) view() View {
	p := &g.pos
	v := View{
		Deal:     g.deal,
		Reserves: make([]Reserve, Reserves),
		Foundation: Foundation{
			Top:   p.FoundationTop(),
			Count: p.Score(),
			Next:  p.Needed(),
		},
		Waste:      Waste{Top: p.WasteTop(), Size: p.WasteLen(), Blocked: p.WasteTop().Rank == cards.King},
		Stock:      p.StockLen(),
		Pass:       p.Pass(),
		PassesLeft: p.PassLimit() - p.Pass(),
		Moves:      g.moves,
		Undos:      g.undos,
		Status:     g.Status(),
		Score:      p.Score(),
	}
	if v.Foundation.Next != 0 {
		v.Foundation.NextName = v.Foundation.Next.String()
	}
	for i := range v.Reserves {
		c := p.Reserve(i)
		v.Reserves[i] = Reserve{Card: c, Frozen: c.Rank == cards.King}
	}
	return v
}

// FullState is the complete position, the stock's hidden cards included:
// the scripted mode's JSON and the tests' view of a game. Stock and waste
// are both listed in flip order (the stock top first, the waste bottom
// first), so a redeal turns WasteCards into StockCards unchanged.
type FullState struct {
	View
	// StockCards are the stock's cards from top (the next one flipped) to bottom.
	StockCards []cards.Card `json:"stock_cards"`
	// WasteCards are the waste's cards from bottom (flipped first) to top.
	WasteCards []cards.Card `json:"waste_cards"`
	// FoundationCards are the foundation's cards from the starting card up.
	FoundationCards []cards.Card `json:"foundation_cards"`
}

// State returns the complete position as a FullState.
func (g *Game) State() any {
	return FullState{
		View:            g.view(),
		StockCards:      g.pos.Stock(),
		WasteCards:      g.pos.Waste(),
		FoundationCards: g.pos.Foundation(),
	}
}
