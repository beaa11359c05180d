// Package doublefreecell is Double FreeCell: two decks, ten columns, six free
// cells and four foundations built A→K twice (rules:
// shared/rules/double-freecell.md).
//
// # Notation
//
// Columns are 1–10, free cells a–f, the foundation h. A board move is
// "FROM TO" or "FROM TO N": "3 h", "10 a", "a 5", "2 7 3". At a table with
// another number of free cells (see House rules) they are lettered from a
// the same way, skipping h, which stays the foundation: a–d with 4, a–g
// with 7, and a–g then i with 8.
//
//   - Onto a non-empty column, N is implied: only one count can fit (the run
//     card one rank below the target, of the other colour). N may be written;
//     it must then be that count.
//   - Into an empty column, "FROM TO" moves the longest run the supermove
//     limit allows and "FROM TO N" exactly N cards.
//   - To a free cell or the foundation, and from a free cell, one card.
//
// Move.String is canonical: N is written only when above 1, except for a
// single card into an empty column when a longer run could go there, which
// is "FROM TO 1" ("FROM TO" would move the run). Legal lists that form.
//
// Commands are moves too, counted and logged: "undo" (takes back the last
// move with the cards that went up by themselves after it), "auto" (sends up
// every card that can legally go, safe or not, until none can), "resign",
// "autoplay off" and "autoplay on" (safe autoplay is on when a game starts,
// unless the table chose otherwise).
//
// # Automatic moves
//
// With autoplay on, after each move (board move or command) every safe card
// that can go up goes up, one at a time, the first place first (the cells
// in order, then columns 1–10), looking again from the start after each
// card. Safe is worked out for two decks and wrapping foundations (the
// comment on safe, in rules.go, has the reasoning): a card of rank r ≥ 2 is
// safe exactly when both foundations of the other colour hold at least
// r+11 cards; Aces always are. These cards belong to the move that set them off: one undo
// takes back both.
//
// # House rules
//
// A table may choose, when it opens, how many free cells it has ("cells",
// 4–8, 6 by default) and whether safe autoplay is on at the deal
// ("autoplay", on by default; the commands switch it during play as ever).
// The deal is the same whatever the rules: only the cells differ. The
// supermove limit, Legal, the solver and the view all count the table's
// cells. New is the standard game; NewRules and Info.NewWith take rules.
//
// # End
//
// Won when all 104 cards are up; Lost on "resign" or when no board move
// remains (commands do not count). A finished game refuses every move,
// undo included. Score: the cards on the foundations, 0–104.
//
// # For solvers
//
// BoardMoves, Do, Undo and Clone work on typed Moves without the games.Move
// interface: BoardMoves and Do/Undo allocate nothing once the history has
// grown, and the typed Undo also backs out of a finished position.
//
// # Deals
//
// Deal N is cards.Shuffled(cards.NewPack(2, 0), N) (see package cards for the
// generator and the shuffle), dealt left to right row by row: card 0 to
// column 1, card 1 to column 2, …, card 10 to column 1 again; columns 1–4 get
// 11 cards, columns 5–10 get 10. The deal itself is not followed by
// autoplay: cards go up by themselves only after a move.
package doublefreecell

import (
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Info registers Double FreeCell.
var Info = games.Info{
	Name:     "doublefreecell",
	Title:    "Double FreeCell",
	MinSeats: 1,
	MaxSeats: 1,
	Summary: "Two decks in ten face-up columns (4 of 11 cards, 6 of 10), six free cells, four foundations.\n" +
		"Build each foundation by suit A→K, then A→K again on the same pile: 26 cards each, 104 to win.\n" +
		"In the columns build down in alternating colours. A free cell holds one card; any card or run may fill an empty column.\n" +
		"A run moves as a unit when (free cells + 1) × 2^(empty columns) allows it (an empty target column does not count).\n" +
		"Safe cards go up by themselves (autoplay on/off); auto sends up every card that can go.\n" +
		"Moves: FROM TO [N] — columns 1–10, cells a–f, foundation h: 3 h, 10 a, a 5, 2 7 3. Also undo, auto, resign.\n" +
		"House rules: cells=4–8 free cells (a–g then i past f; h stays the foundation), autoplay=on/off at the deal.",
	New: func(deal uint64, seats int) (games.Game, error) {
		return NewWith(deal, seats, nil)
	},
	Solve: Solver,
	Options: []games.Option{
		{Name: "cells", Text: "free cells", Default: NumCells, Values: []int{4, 5, 6, 7, 8}},
		{Name: "autoplay", Text: "autoplay", Default: 1, Values: []int{0, 1}, Switch: true},
	},
	NewWith: NewWith,
}

// NewWith deals deal number deal for seats (always 1) under the house rules
// o; missing options have their defaults.
func NewWith(deal uint64, seats int, o games.Options) (games.Game, error) {
	if seats != 1 {
		return nil, games.Refuse("Double FreeCell is played alone, not by %d", seats)
	}
	r, err := RulesOf(o)
	if err != nil {
		return nil, err
	}
	return NewRules(deal, r), nil
}

// Rules are a table's house rules.
type Rules struct {
	// Cells is the number of free cells, MinCells to MaxCells.
	Cells int
	// Autoplay is whether safe autoplay is on at the deal.
	Autoplay bool
}

// Standard is the standard game's rules: six free cells, autoplay on.
var Standard = Rules{Cells: NumCells, Autoplay: true}

// RulesOf reads a table's options (nil for the standard game), refusing
// unknown names and values out of range.
func RulesOf(o games.Options) (Rules, error) {
	r := Standard
	for name, v := range o {
		switch name {
		case "cells":
			if v < MinCells || v > MaxCells {
				return r, games.Refuse("cells (free cells) is one of %d–%d, not %d", MinCells, MaxCells, v)
			}
			r.Cells = v
		case "autoplay":
			if v != 0 && v != 1 {
				return r, games.Refuse("autoplay is on or off (1 or 0), not %d", v)
			}
			r.Autoplay = v == 1
		default:
			return r, games.Refuse("Double FreeCell has no option %q", name)
		}
	}
	return r, nil
}

// Options are the rules as a table's options, defaults left out: nil for
// the standard game. RulesOf reads them back.
func (r Rules) Options() games.Options {
	var o games.Options
	set := func(name string, v int) {
		if o == nil {
			o = games.Options{}
		}
		o[name] = v
	}
	if r.Cells != Standard.Cells {
		set("cells", r.Cells)
	}
	if r.Autoplay != Standard.Autoplay {
		set("autoplay", 0)
	}
	return o
}

const (
	numCards = 104
	pileMax  = 26 // cards on one foundation: A→K twice
	// colCap bounds a column. A column is what is left of its dealt cards
	// (at most 11) with a run built on their top card (at most 12 more), or
	// one run of at most 13: 23 cards. The spare room is for test positions.
	colCap = 40
)

// column is one tableau column, bottom card first.
type column struct {
	n     uint8
	cards [colCap]cards.Card
}

func (c *column) top() cards.Card {
	if c.n == 0 {
		return cards.None
	}
	return c.cards[c.n-1]
}

// run is the length of the sequence (down by one, alternating colours) at
// the top of the column; 0 when it is empty.
func (c *column) run() int {
	if c.n == 0 {
		return 0
	}
	k := 1
	for i := int(c.n) - 1; i > 0; i-- {
		if !fits(c.cards[i], c.cards[i-1]) {
			break
		}
		k++
	}
	return k
}

// fits reports whether card c may go on host h in a column.
func fits(c, h cards.Card) bool {
	return h.Rank == c.Rank+1 && h.Color() != c.Color()
}

// step is one entry of the undo history.
type step struct {
	m    Move       // the move as made (a board move with its resolved N)
	card cards.Card // the bottom card moved, for a board move
	ups  int32      // len(Game.ups) before the move's own autoplays
}

// up is one card sent up by autoplay or auto, and where it came from.
type up struct {
	from Loc
	card cards.Card
}

// Game is a Double FreeCell game. Its zero value is not usable: call New.
// Everything is plain arrays but the history, so Clone is cheap.
type Game struct {
	deal      uint64
	cols      [NumColumns]column
	cells     [MaxCells]cards.Card // the first ncells are in play; the rest stay empty
	ncells    uint8
	found     [4]uint8 // cards on each suit's foundation, 0–26
	autoplay  bool
	autoplay0 bool // autoplay at the deal, a house rule
	status    games.Status
	moves     int
	undos     int
	hist      []step
	ups       []up
}

// New deals Double FreeCell deal number deal, under the standard rules.
func New(deal uint64) *Game { return NewRules(deal, Standard) }

// NewRules deals deal number deal under house rules r: the same cards in
// the same columns as New, with r.Cells free cells and autoplay as r says.
// r.Cells outside MinCells–MaxCells is a programming error (it panics):
// RulesOf checks options.
func NewRules(deal uint64, r Rules) *Game {
	if r.Cells < MinCells || r.Cells > MaxCells {
		panic(fmt.Sprintf("doublefreecell: %d free cells (want %d–%d)", r.Cells, MinCells, MaxCells))
	}
	g := &Game{deal: deal, autoplay: r.Autoplay, autoplay0: r.Autoplay, ncells: uint8(r.Cells)}
	for i, c := range cards.Shuffled(cards.NewPack(2, 0), deal) {
		col := &g.cols[i%NumColumns]
		col.cards[col.n] = c
		col.n++
	}
	g.settle()
	return g
}

// Clone returns an independent copy of g, history included.
func (g *Game) Clone() *Game {
	c := *g
	c.hist = append([]step(nil), g.hist...)
	c.ups = append([]up(nil), g.ups...)
	return &c
}

// Name returns "doublefreecell".
func (g *Game) Name() string { return Info.Name }

// Deal returns the deal number.
func (g *Game) Deal() uint64 { return g.deal }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// ToAct returns seat 0 while the game goes on.
func (g *Game) ToAct() []games.Seat { return games.SoloToAct(g.status) }

// Moves counts the moves applied, commands and undos included.
func (g *Game) Moves() int { return g.moves }

// Status returns Playing, Won or Lost.
func (g *Game) Status() games.Status { return g.status }

// Score is the number of cards on the foundations, 0–104.
func (g *Game) Score() int {
	return int(g.found[0]) + int(g.found[1]) + int(g.found[2]) + int(g.found[3])
}

// Scores returns the one seat's score.
func (g *Game) Scores() []int { return []int{g.Score()} }

// Winners returns seat 0 when the game is won.
func (g *Game) Winners() []games.Seat {
	if g.status == games.Won {
		return []games.Seat{0}
	}
	return nil
}

// Autoplay tells whether safe autoplay is on.
func (g *Game) Autoplay() bool { return g.autoplay }

// Cells is the number of free cells at the table.
func (g *Game) Cells() int { return int(g.ncells) }

// Rules returns the house rules the game was dealt under. Autoplay is the
// setting at the deal, not the one now (see Autoplay).
func (g *Game) Rules() Rules { return Rules{Cells: int(g.ncells), Autoplay: g.autoplay0} }

func checkSeat(seat games.Seat) error {
	if seat != 0 {
		return games.Refuse("Double FreeCell is played alone: seat %d has no moves", seat)
	}
	return nil
}

// Legal lists every distinct legal move of seat 0: the board moves (see
// BoardMoves), then the commands available: undo (when there is a move to
// take back), auto (when a card can go up), autoplay off or on (whichever
// switches it), resign. Nothing when the game is over or for another seat.
func (g *Game) Legal(seat games.Seat) []games.Move {
	if seat != 0 || g.status.Finished() {
		return nil
	}
	var buf [128]Move
	ms := g.BoardMoves(buf[:0])
	out := make([]games.Move, 0, len(ms)+4)
	for _, m := range ms {
		out = append(out, m)
	}
	if len(g.hist) > 0 {
		out = append(out, Undo)
	}
	if _, ok := g.findUp(false); ok {
		out = append(out, Auto)
	}
	if g.autoplay {
		out = append(out, AutoplayOff)
	} else {
		out = append(out, AutoplayOn)
	}
	return append(out, Resign)
}

// Parse reads a move in the notation of the table's free cells (see the
// package comment).
func (g *Game) Parse(text string) (games.Move, error) { return ParseCells(text, int(g.ncells)) }

// Apply makes move m (a Move or *Move) for seat 0. An illegal move returns
// an error and leaves the game exactly as it was.
func (g *Game) Apply(seat games.Seat, m games.Move) error {
	if err := checkSeat(seat); err != nil {
		return err
	}
	switch mv := m.(type) {
	case Move:
		return g.Do(mv)
	case *Move:
		if mv != nil {
			return g.Do(*mv)
		}
	}
	return games.Refuse("%v is not a Double FreeCell move", m)
}

// View returns the whole table: a solitaire hides nothing, so every viewer
// gets the same.
func (g *Game) View(games.Seat) any {
	v := View{
		Deal:        g.deal,
		Columns:     make([][]cards.Card, NumColumns),
		Cells:       append([]cards.Card(nil), g.cells[:g.ncells]...),
		Foundations: make([]Foundation, 4),
		Moves:       g.moves,
		Undos:       g.undos,
		Autoplay:    g.autoplay,
		Status:      g.status,
		Score:       g.Score(),
	}
	for i := range g.cols {
		c := &g.cols[i]
		v.Columns[i] = append(make([]cards.Card, 0, c.n), c.cards[:c.n]...)
	}
	for _, s := range cards.Suits {
		n := int(g.found[s])
		f := Foundation{Suit: s, SuitName: s.Name(), Count: n, Top: cards.None, Next: g.next(s)}
		if n > 0 {
			f.Top = cards.Card{Rank: cards.Rank((n-1)%13 + 1), Suit: s}
			f.Round = (n-1)/13 + 1
		}
		v.Foundations[s] = f
	}
	return v
}

var errNothingToUndo = games.Refuse("there is nothing to undo")

// Do makes move m, exactly as Apply does for seat 0, without the interface
// conversion: the fast path for solvers. It allocates only when the history
// grows or the move is illegal.
func (g *Game) Do(m Move) error {
	if g.status.Finished() {
		return g.finishedError()
	}
	switch m.Op {
	case OpMove:
		r, c, err := g.resolve(m)
		if err != nil {
			return err
		}
		g.push(r, c)
		g.move(r)
		if g.autoplay {
			g.sendUp(true)
		}
	case OpUndo:
		return g.Undo()
	case OpAuto:
		if _, ok := g.findUp(false); !ok {
			return games.Refuse("no card can go up to the foundations now")
		}
		g.push(m, cards.None)
		g.sendUp(false)
	case OpResign:
		g.push(m, cards.None)
		g.moves++
		g.status = games.Lost
		return nil
	case OpAutoplayOn:
		if g.autoplay {
			return games.Refuse("autoplay is already on")
		}
		g.push(m, cards.None)
		g.autoplay = true
		g.sendUp(true)
	case OpAutoplayOff:
		if !g.autoplay {
			return games.Refuse("autoplay is already off")
		}
		g.push(m, cards.None)
		g.autoplay = false
	default:
		return games.Refuse("%v is not a Double FreeCell move", m)
	}
	g.moves++
	g.settle()
	return nil
}

// Undo takes back the last move and its autoplays, as Do(Undo), but also
// once the game is over: a solver backs out of a won or lost position with
// it. (Players cannot: Apply refuses every move of a finished game.) It
// counts as a move and an undo, like the command.
func (g *Game) Undo() error {
	if len(g.hist) == 0 {
		return errNothingToUndo
	}
	g.undo()
	g.undos++
	g.moves++
	g.settle()
	return nil
}

func (g *Game) finishedError() error {
	if g.status == games.Won {
		return games.Refuse("the game is over: you won; start a new deal")
	}
	return games.Refuse("the game is over (lost); start a new deal")
}

func (g *Game) push(m Move, c cards.Card) {
	g.hist = append(g.hist, step{m: m, card: c, ups: int32(len(g.ups))})
}

// settle sets the status: Won with all 104 cards up, Lost when no board move
// remains (commands do not count), else Playing.
func (g *Game) settle() {
	switch {
	case g.Score() == numCards:
		g.status = games.Won
	case !g.hasBoardMove():
		g.status = games.Lost
	default:
		g.status = games.Playing
	}
}
