// Package doublets is Doublets, a one-deck solitaire: build a single
// foundation by doubling ranks (A 2 4 8 3 6 Q J 9 5 10 7 A …) from an arch of
// seven one-card reserves, a stock and a waste. The rules are
// shared/rules/doublets.md, which follows GNOME Aisleriot's doublets.scm.
//
// The decisions this package makes where the rules leave room:
//   - Dealing (see Deal): deck[0] of cards.Shuffled(cards.NewDeck(), deal) is
//     the top of the stock; the arch is dealt r1 r2 r3 r4 r5 r6 foundation r7
//     (Aisleriot's slot order: top row r1–r3, sides r4 r5, bottom row r6,
//     foundation, r7); Kings are then sent to the stock's bottom slot by slot.
//   - flip on an empty stock is the redeal itself and turns no card; a flip
//     with nothing in stock or waste, or after the third pass, is illegal.
//   - A reserve emptied by a play takes the waste's top even when it is a
//     King (that reserve is then frozen, and the waste is unblocked).
//   - Undo is allowed and counted: it takes back one play at a time, as far
//     back as the deal; it counts as a move (the state's version goes up) and
//     in View.Undos. A finished game (won, lost or resigned) refuses every
//     move, undo included.
//   - The game ends Won the moment the 48th card goes up (Aisleriot's rule;
//     PySolFC also wants stock and waste empty, but they always are then: the
//     seven reserves stay full while stock or waste holds a card, and only
//     the four Kings are left), and Lost the moment no play fits and flip can
//     do nothing (see Position.Status); resign ends it Lost at any time. The
//     score is the foundation's count either way.
package doublets

import (
	"github.com/dealer/dealer/games"
)

// Info registers Doublets.
var Info = games.Info{
	Name:     "doublets",
	Title:    "Doublets",
	MinSeats: 1,
	MaxSeats: 1,
	Summary: "One foundation, built by doubling regardless of suit: each card is twice the one below it, " +
		"less 13 when that passes 13 (A 2 4 8 3 6 Q J 9 5 10 7 A …), starting from the card dealt there. " +
		"Play the waste's top card (w) or any of the seven reserve cards (r1–r7) when it fits; an emptied " +
		"reserve refills at once from the waste, else the stock. flip turns one stock card onto the waste; " +
		"you get three passes through the stock (a table may choose one or two). Kings never play: one refilled into a reserve freezes it, " +
		"one on the waste blocks it until you flip again. Score: cards on the foundation; all 48 wins. " +
		"undo takes back a move (counted); resign ends the game.",
	New: func(deal uint64, seats int) (games.Game, error) {
		if seats != 1 {
			return nil, games.Refuse("Doublets is for 1 player, not %d", seats)
		}
		return New(deal), nil
	},
	Options: []games.Option{{Name: "passes", Text: "passes through the stock", Default: Passes, Values: []int{1, 2, 3}}},
	NewWith: func(deal uint64, seats int, o games.Options) (games.Game, error) {
		if seats != 1 {
			return nil, games.Refuse("Doublets is for 1 player, not %d", seats)
		}
		return NewPasses(deal, o.Get("passes", Passes)), nil
	},
	Solve: Solver,
}

// Game is a Doublets game in progress: a Position and its history.
type Game struct {
	deal     uint64
	pos      Position
	history  []Position // the positions before each play still undoable
	moves    int
	undos    int
	resigned bool
}

var (
	_ games.Game   = (*Game)(nil)
	_ games.Stater = (*Game)(nil)
)

// New deals deal number deal.
func New(deal uint64) *Game { return &Game{deal: deal, pos: Deal(deal)} }

// NewPasses deals deal number deal allowing passes passes through the stock
// (1–3; the passes house rule).
func NewPasses(deal uint64, passes int) *Game {
	return &Game{deal: deal, pos: Deal(deal).WithPasses(passes)}
}

// fromPosition starts a game on any position (for tests).
func fromPosition(deal uint64, p Position) *Game { return &Game{deal: deal, pos: p} }

// Clone returns an independent copy of g, history included.
func (g *Game) Clone() *Game {
	c := *g
	c.history = append([]Position(nil), g.history...)
	return &c
}

// Position returns the current position (a copy).
func (g *Game) Position() Position { return g.pos }

// Name returns "doublets".
func (g *Game) Name() string { return Info.Name }

// Deal returns the deal number.
func (g *Game) Deal() uint64 { return g.deal }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// Moves counts every move applied: plays, undos and a resignation.
func (g *Game) Moves() int { return g.moves }

// Undos counts the undos made.
func (g *Game) Undos() int { return g.undos }

// Status tells whether the game goes on: Won, Lost (stuck or resigned) or Playing.
func (g *Game) Status() games.Status {
	if g.resigned {
		return games.Lost
	}
	return g.pos.Status()
}

// ToAct is seat 0 while the game goes on.
func (g *Game) ToAct() []games.Seat { return games.SoloToAct(g.Status()) }

// Scores holds the one seat's score: the cards on the foundation.
func (g *Game) Scores() []int { return []int{g.pos.Score()} }

// Winners is seat 0 when the game is won.
func (g *Game) Winners() []games.Seat {
	if g.Status() == games.Won {
		return []games.Seat{0}
	}
	return nil
}

// Parse reads a move in Doublets notation.
func (g *Game) Parse(text string) (games.Move, error) { return Parse(text) }

// Legal lists seat 0's moves: the plays (w, r1–r7 that fit, flip), then undo
// when there is something to take back, then resign. Nothing once the game
// is over or for another seat.
func (g *Game) Legal(seat games.Seat) []games.Move {
	if seat != 0 || g.Status().Finished() {
		return nil
	}
	var out []games.Move
	for _, m := range g.pos.Legal(make([]Move, 0, 9)) {
		out = append(out, m)
	}
	if len(g.history) > 0 {
		out = append(out, Undo)
	}
	return append(out, Resign)
}

// Apply makes move m for seat, or returns why it cannot and changes nothing.
// m is normally a Move from Parse; any other games.Move is read through its
// notation.
func (g *Game) Apply(seat games.Seat, m games.Move) error {
	if seat != 0 {
		return games.Refuse("Doublets is played alone, from seat 0: seat %d cannot move", seat)
	}
	if m == nil {
		return games.Refuse("no move given: write flip, w, r1–r7, undo or resign")
	}
	mv, ok := m.(Move)
	if !ok {
		var err error
		if mv, err = Parse(m.String()); err != nil {
			return err
		}
	}
	return g.Do(mv)
}

// Do makes the typed move m: Apply without the seat and the parsing.
func (g *Game) Do(m Move) error {
	if st := g.Status(); st.Finished() {
		switch {
		case g.resigned:
			return games.Refuse("this game is over (resigned, %d of %d cards on the foundation): no more moves", g.pos.Score(), MaxScore)
		case st == games.Won:
			return games.Refuse("this game is over (won, %d of %d cards on the foundation): no more moves", g.pos.Score(), MaxScore)
		case st == games.Lost:
			return games.Refuse("this game is over (lost, %d of %d cards on the foundation): no more moves", g.pos.Score(), MaxScore)
		}
		return games.Refuse("this game is over (%s, %d of %d cards on the foundation): no more moves", st, g.pos.Score(), MaxScore)
	}
	switch m {
	case Undo:
		if len(g.history) == 0 {
			return games.Refuse("there is nothing to undo")
		}
		g.pos = g.history[len(g.history)-1]
		g.history = g.history[:len(g.history)-1]
		g.undos++
	case Resign:
		g.resigned = true
	default:
		before := g.pos
		if err := g.pos.Play(m); err != nil {
			return err
		}
		g.history = append(g.history, before)
	}
	g.moves++
	return nil
}
