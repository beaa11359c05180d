package doublets

import (
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// The table's sizes.
const (
	// Reserves is the number of one-card reserve slots in the arch.
	Reserves = 7
	// Passes is how many times the stock may be gone through in a standard
	// game: two redeals. The passes house rule chooses 1–3.
	Passes = 3
	// MaxScore is a full foundation: every card but the four Kings.
	MaxScore = 48
)

// Next returns the rank that goes on a foundation topped by rank r: 2r mod 13,
// with J = 11 and Q = 12. From A it runs A 2 4 8 3 6 Q J 9 5 10 7 and back to
// A, a single cycle through all twelve ranks below the King. 13 is prime, so
// for r in A…Q the result is never 0: no rank ever asks for a King, and a
// King (13 ≡ 0) can neither be played nor start the pile. Next(King) and
// Next(0) return 0, "no rank".
func Next(r cards.Rank) cards.Rank {
	if r < cards.Ace || r >= cards.King {
		return 0
	}
	return cards.Rank(2 * int(r) % 13)
}

// Position is the whole table, without history: a comparable value of
// about 220 bytes, so a copy is a cheap clone and positions can be map keys
// (cards not on the table are zero; the foundation's own cards are part of
// the value, so two positions that differ only in which suits went up there
// are different keys). A solver explores by copying: q := p; q.Play(m)
// leaves p as the undo. Legal (with a reused buffer) and Play allocate nothing.
//
// Stock and waste share one array with a gap between them:
// line[:w] is the waste from its bottom (the first card flipped) to its top
// (line[w-1]); line[s:] is the stock from its top (line[s], the next card
// flipped) to its bottom (line[51]). A flip moves line[s] to line[w]; a
// redeal moves the waste back to the end of the array unchanged, so the card
// flipped first is on top of the stock again: the waste turned over, order kept.
type Position struct {
	line    [52]cards.Card
	w, s    uint8
	reserve [Reserves]cards.Card
	found   [MaxScore]cards.Card
	fc      uint8
	pass    uint8
	passes  uint8 // the passes allowed; 0 (a position built by hand) is Passes
}

// foundationSlot stands for the foundation among the reserves' indexes.
const foundationSlot = -1

// dealSlots names the eight arch slots in the order the deal fills them:
// Aisleriot's slot order, which reads the arch row by row: r1 r2 r3 (top
// row), r4 r5 (the sides), r6, the foundation, r7 (bottom row, the
// foundation in the middle).
var dealSlots = [8]int{0, 1, 2, 3, 4, 5, foundationSlot, 6}

// Deal returns the starting position of deal number deal.
//
// The deck is cards.Shuffled(cards.NewDeck(), deal), read as a face-down
// stock whose top is deck[0]. One card goes face up on each of the eight arch
// slots in the order r1 r2 r3 r4 r5 r6 foundation r7 (deck[0] … deck[7]).
// Then each slot is checked in the same order: while it holds a King, the
// King goes to the bottom of the stock and the slot gets the stock's top
// card (Aisleriot deals all eight first, then checks). The foundation starts
// with whatever non-King card lands there. The other 44 cards are the stock,
// top first: deck[8], deck[9], …, then any Kings sent down, the last one sent
// at the very bottom. The waste starts empty, on pass 1.
func Deal(deal uint64) Position { return dealFrom(cards.Shuffled(cards.NewDeck(), deal)) }

// dealFrom deals deck (52 cards, deck[0] the top of the stock) as Deal does.
func dealFrom(deck []cards.Card) Position {
	if len(deck) != 52 {
		panic(fmt.Sprintf("doublets: a deal needs 52 cards, not %d", len(deck)))
	}
	stock := append([]cards.Card(nil), deck...)
	draw := func() cards.Card {
		c := stock[0]
		stock = stock[1:]
		return c
	}
	var p Position
	slot := func(i int) *cards.Card {
		if i == foundationSlot {
			return &p.found[0]
		}
		return &p.reserve[i]
	}
	for _, i := range dealSlots {
		*slot(i) = draw()
	}
	for _, i := range dealSlots {
		for c := slot(i); c.Rank == cards.King; {
			stock = append(stock, *c)
			*c = draw()
		}
	}
	p.fc = 1
	p.pass = 1
	p.s = uint8(52 - len(stock))
	copy(p.line[p.s:], stock)
	return p
}

// Stock returns the stock's cards from top (the next card flipped) to bottom.
func (p *Position) Stock() []cards.Card { return append([]cards.Card(nil), p.line[p.s:]...) }

// StockLen returns how many cards the stock holds.
func (p *Position) StockLen() int { return 52 - int(p.s) }

// Waste returns the waste's cards from bottom (flipped first) to top.
func (p *Position) Waste() []cards.Card { return append([]cards.Card(nil), p.line[:p.w]...) }

// WasteLen returns how many cards the waste holds.
func (p *Position) WasteLen() int { return int(p.w) }

// WasteTop returns the waste's top card, cards.None when it is empty.
func (p *Position) WasteTop() cards.Card {
	if p.w == 0 {
		return cards.None
	}
	return p.line[p.w-1]
}

// Reserve returns reserve i's card (0–6 for r1–r7), cards.None when empty.
// A reserve holding a King is frozen: the King never leaves.
func (p *Position) Reserve(i int) cards.Card { return p.reserve[i] }

// Foundation returns the foundation's cards from the starting card up.
func (p *Position) Foundation() []cards.Card { return append([]cards.Card(nil), p.found[:p.fc]...) }

// FoundationTop returns the foundation's top card.
func (p *Position) FoundationTop() cards.Card { return p.found[p.fc-1] }

// Needed returns the rank the foundation needs next; 0 once it is full.
func (p *Position) Needed() cards.Rank {
	if p.fc == MaxScore {
		return 0
	}
	return Next(p.FoundationTop().Rank)
}

// Score returns the cards on the foundation, the starting card included: 1–48.
func (p *Position) Score() int { return int(p.fc) }

// Pass returns the pass through the stock under way: 1, 2 or 3.
func (p *Position) Pass() int { return int(p.pass) }

// PassLimit returns how many passes through the stock the game allows.
func (p *Position) PassLimit() int {
	if p.passes == 0 {
		return Passes
	}
	return int(p.passes)
}

// WithPasses returns p allowing passes passes through the stock (1–3; the
// passes house rule).
func (p Position) WithPasses(passes int) Position {
	p.passes = uint8(min(max(passes, 1), Passes))
	return p
}

// Fits reports whether c may go on the foundation now. A King never fits.
func (p *Position) Fits(c cards.Card) bool {
	return !c.IsNone() && c.Rank != cards.King && p.fc < MaxScore && c.Rank == Next(p.FoundationTop().Rank)
}

// CanFlip reports whether flip does something: turns a stock card, or
// redeals a non-empty waste while passes remain.
func (p *Position) CanFlip() bool {
	return p.s < 52 || (p.w > 0 && int(p.pass) < p.PassLimit())
}

// Status is Won with 48 cards on the foundation, Lost when no play fits and
// flip can do nothing, Playing otherwise.
//
// The rules' loss is "the redeals are used, the stock is empty, and no waste
// or reserve top fits". This test also covers an empty stock and waste with
// redeals left, but that cannot be lost: every card would then be on the
// foundation or a reserve, and the rank the foundation needs is always among
// the cards not yet played (after k cards the needed rank has gone up k/12
// times, fewer than four), so a reserve fits. The two tests agree.
func (p *Position) Status() games.Status {
	switch {
	case p.fc == MaxScore:
		return games.Won
	case p.CanFlip() || p.anyFit():
		return games.Playing
	}
	return games.Lost
}

func (p *Position) anyFit() bool {
	if p.Fits(p.WasteTop()) {
		return true
	}
	for _, c := range p.reserve {
		if p.Fits(c) {
			return true
		}
	}
	return false
}

// Legal appends the plays possible now to buf and returns it: w, then the
// reserves that fit in order r1–r7, then flip. Commands are not included,
// and nothing is legal once the foundation is full.
func (p *Position) Legal(buf []Move) []Move {
	if p.fc == MaxScore {
		return buf
	}
	if p.Fits(p.WasteTop()) {
		buf = append(buf, PlayWaste)
	}
	for i, c := range p.reserve {
		if p.Fits(c) {
			buf = append(buf, PlayReserve(i))
		}
	}
	if p.CanFlip() {
		buf = append(buf, Flip)
	}
	return buf
}

// CanPlay reports whether Play(m) would succeed.
func (p *Position) CanPlay(m Move) bool {
	if p.fc == MaxScore {
		return false
	}
	switch m {
	case Flip:
		return p.CanFlip()
	case PlayWaste:
		return p.Fits(p.WasteTop())
	}
	if i, ok := m.Reserve(); ok {
		return p.Fits(p.reserve[i])
	}
	return false
}

// Play makes play m (flip, w or r1–r7), or returns why it cannot be made and
// leaves p unchanged. Commands are the Game's business and are refused here.
func (p *Position) Play(m Move) error {
	if !p.CanPlay(m) {
		return p.whyNot(m)
	}
	switch m {
	case Flip:
		if p.s < 52 {
			p.line[p.w] = p.line[p.s]
			p.line[p.s] = cards.None
			p.w++
			p.s++
		} else {
			n := p.w
			p.s = 52 - n
			copy(p.line[p.s:], p.line[:n])
			clear(p.line[:p.s])
			p.w = 0
			p.pass++
		}
	case PlayWaste:
		p.push(p.takeWaste())
	default:
		i, _ := m.Reserve()
		p.push(p.reserve[i])
		// Refill at once: the waste's top, else the stock's top, else nothing
		// (then no card is left to come: the slot stays empty for good).
		switch {
		case p.w > 0:
			p.reserve[i] = p.takeWaste()
		case p.s < 52:
			p.reserve[i] = p.line[p.s]
			p.line[p.s] = cards.None
			p.s++
		default:
			p.reserve[i] = cards.None
		}
	}
	return nil
}

func (p *Position) push(c cards.Card) {
	p.found[p.fc] = c
	p.fc++
}

func (p *Position) takeWaste() cards.Card {
	p.w--
	c := p.line[p.w]
	p.line[p.w] = cards.None
	return c
}

// whyNot explains, for a player, why m cannot be played.
func (p *Position) whyNot(m Move) error {
	if m.Command() || m >= numMoves {
		return games.Refuse("%s is not a play", m)
	}
	if p.fc == MaxScore {
		return games.Refuse("the foundation is complete: all 48 cards are up")
	}
	if m == Flip {
		if p.w == 0 {
			return games.Refuse("the stock and the waste are both empty: there is nothing to flip")
		}
		if p.PassLimit() == 1 {
			return games.Refuse("the stock is empty and this table allows one pass: there is no redeal")
		}
		return games.Refuse("the stock is empty and this is the last of the %d passes: there is no redeal left", p.PassLimit())
	}
	var c cards.Card
	reserve := 0 // r1–r7 as 1–7; 0 for the waste
	if i, ok := m.Reserve(); ok {
		c, reserve = p.reserve[i], i+1
		switch {
		case c.IsNone():
			return games.Refuse("reserve %d is empty", reserve)
		case c.Rank == cards.King:
			return games.Refuse("reserve %d holds %s and is frozen: Kings never go to the foundation", reserve, c)
		}
	} else {
		c = p.WasteTop()
		switch {
		case c.IsNone():
			return games.Refuse("the waste is empty: flip a card first")
		case c.Rank == cards.King:
			return games.Refuse("%s on the waste is a King and never goes to the foundation: it blocks the waste until you flip another card onto it", c)
		}
	}
	return misfit(c, reserve, p.FoundationTop())
}

// misfit refuses card c from reserve (1–7; 0: the waste), which does not
// fit on the foundation's top card top, saying which rank goes on it and
// why: "… needs a 4 (2 doubled)", "… needs an A (7 doubled, less 13)".
func misfit(c cards.Card, reserve int, top cards.Card) error {
	r := top.Rank
	n := Next(r)
	an := n == cards.Ace || n == 8 // "an A", "an 8"
	less := 2*r > 13
	if reserve == 0 {
		switch {
		case an && less:
			return games.Refuse("%s from the waste does not fit: the foundation shows %s and needs an %s (%s doubled, less 13)", c, top, n, r)
		case an:
			return games.Refuse("%s from the waste does not fit: the foundation shows %s and needs an %s (%s doubled)", c, top, n, r)
		case less:
			return games.Refuse("%s from the waste does not fit: the foundation shows %s and needs a %s (%s doubled, less 13)", c, top, n, r)
		}
		return games.Refuse("%s from the waste does not fit: the foundation shows %s and needs a %s (%s doubled)", c, top, n, r)
	}
	switch {
	case an && less:
		return games.Refuse("%s from reserve %d does not fit: the foundation shows %s and needs an %s (%s doubled, less 13)", c, reserve, top, n, r)
	case an:
		return games.Refuse("%s from reserve %d does not fit: the foundation shows %s and needs an %s (%s doubled)", c, reserve, top, n, r)
	case less:
		return games.Refuse("%s from reserve %d does not fit: the foundation shows %s and needs a %s (%s doubled, less 13)", c, reserve, top, n, r)
	}
	return games.Refuse("%s from reserve %d does not fit: the foundation shows %s and needs a %s (%s doubled)", c, reserve, top, n, r)
}
