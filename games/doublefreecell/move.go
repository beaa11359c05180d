package doublefreecell

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealer/dealer/games"
)

// Loc is a place on the table: a column, a free cell or the foundations.
//
//	0–9    columns 1–10 (notation "1"–"10")
//	10–17  free cells a–g and i (a table uses the first ones only: a–f in
//	       the standard game; the letters skip h, the foundation's)
//	18     Home, the foundations, "h" (the pile is the card's suit)
type Loc uint8

// The places, for typed moves. A table has from MinCells to MaxCells free
// cells, NumCells in the standard game.
const (
	NumColumns     = 10
	NumCells       = 6
	MinCells       = 4
	MaxCells       = 8
	Home       Loc = NumColumns + MaxCells
	numLocs        = Home + 1
)

// Column returns column i, counted from 0 (column "1" is Column(0)).
func Column(i int) Loc { return Loc(i) }

// Cell returns free cell i, counted from 0 (cell "a" is Cell(0)).
func Cell(i int) Loc { return Loc(NumColumns + i) }

// IsColumn reports whether l is a tableau column.
func (l Loc) IsColumn() bool { return l < NumColumns }

// IsCell reports whether l is a free cell.
func (l Loc) IsCell() bool { return l >= NumColumns && l < Home }

// cell is the index of free cell l, from 0.
func (l Loc) cell() int { return int(l - NumColumns) }

// locNames are the places' names in notation, by Loc. The eighth cell is
// i: h is the foundation in every game.
var locNames = [numLocs]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "a", "b", "c", "d", "e", "f", "g", "i", "h"}

// String returns the place in notation: "1"–"10", a cell "a"–"g" or "i",
// or "h".
func (l Loc) String() string {
	if l >= numLocs {
		return fmt.Sprintf("loc(%d)", uint8(l))
	}
	return locNames[l]
}

// CellNames says which letters n free cells have: "a–f", or "a–g, i" for 8.
func CellNames(n int) string {
	switch {
	case n <= 0:
		return "none"
	case n == 1:
		return Cell(0).String()
	case n == MaxCells:
		return Cell(0).String() + "–" + Cell(n-2).String() + ", " + Cell(n-1).String()
	}
	return Cell(0).String() + "–" + Cell(n-1).String()
}

// emptyError refuses to move from l, which is empty.
func emptyError(l Loc) error {
	switch {
	case l.IsColumn():
		return games.Refuse("column %v is empty", l)
	case l.IsCell():
		return games.Refuse("cell %v is empty", l)
	case l == Home:
		return games.Refuse("the foundations are empty")
	}
	return games.Refuse("%v is empty", l)
}

// Op tells a board move from the commands.
type Op uint8

// The kinds of move.
const (
	OpMove        Op = iota // a board move: From, To, N
	OpUndo                  // "undo": take back the last move and its autoplays
	OpAuto                  // "auto": send up every card that can go, safe or not
	OpResign                // "resign": give up (the game is lost)
	OpAutoplayOn            // "autoplay on": safe cards go up by themselves
	OpAutoplayOff           // "autoplay off": they don't
	numOps
)

var opNames = [numOps]string{"", "undo", "auto", "resign", "autoplay on", "autoplay off"}

// Move is one Double FreeCell move, a typed value for solvers, written in the
// notation by String and read back by Parse.
//
// A board move takes N cards from From to To. N = 0 means "not written":
// onto a non-empty column the only count that fits, into an empty column the
// longest run the supermove limit allows, and 1 elsewhere. Exact marks an N
// that must be written even when it is 1 (see String).
type Move struct {
	Op       Op
	From, To Loc
	N        uint8
	Exact    bool
}

// Commands, ready-made.
var (
	Undo        = Move{Op: OpUndo}
	Auto        = Move{Op: OpAuto}
	Resign      = Move{Op: OpResign}
	AutoplayOn  = Move{Op: OpAutoplayOn}
	AutoplayOff = Move{Op: OpAutoplayOff}
)

// Board returns the board move of n cards from from to to (n = 0: as many as
// fit, as in text without N).
func Board(from, to Loc, n int) Move { return Move{From: from, To: to, N: uint8(n)} }

// String returns the move's notation: "undo", "auto", "resign",
// "autoplay on", "autoplay off", or "FROM TO" / "FROM TO N".
//
// The notation is canonical: N is written only when it is above 1, with one
// exception. Into an empty column "FROM TO" moves the longest run the limit
// allows, so a single card there, when a longer run could go, is written
// "FROM TO 1" (the moves Legal lists carry Exact for that case).
func (m Move) String() string {
	if m.Op != OpMove {
		if m.Op < numOps {
			return opNames[m.Op]
		}
		return fmt.Sprintf("op(%d)", uint8(m.Op))
	}
	s := m.From.String() + " " + m.To.String()
	if m.N > 1 || m.Exact && m.N == 1 {
		s += fmt.Sprintf(" %d", m.N)
	}
	return s
}

// IsBoard reports whether m moves cards (rather than being a command).
func (m Move) IsBoard() bool { return m.Op == OpMove }

// maxRun is the longest sequence there can be: King down to Ace.
const maxRun = 13

// notMove refuses text, which is not a move, and says how to write one at
// a table with cells free cells.
func notMove(text string, cells int) error {
	return games.Refuse("%q is not a move: write FROM TO or FROM TO N (columns 1–10, free cells %s, "+
		"foundation h: 3 h, 10 a, a 5, 2 7 3), or undo, auto, autoplay on, autoplay off, resign", text, CellNames(cells))
}

// Parse reads a move in Double FreeCell notation for the standard game (free
// cells a–f), in any case, with any spacing between its words. It checks
// the notation only, not legality, except for what no position could
// allow: a card from the foundations, two places the same, several cards to
// or from a free cell or to the foundations.
func Parse(text string) (Move, error) { return ParseCells(text, NumCells) }

// ParseCells reads a move as Parse does, for a table with cells free cells:
// a cell past the last is refused ("g" when there are six).
func ParseCells(text string, cells int) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	switch len(f) {
	case 1:
		switch f[0] {
		case "undo":
			return Undo, nil
		case "auto":
			return Auto, nil
		case "resign":
			return Resign, nil
		case "autoplay":
			return Move{}, games.Refuse("%q: write autoplay on or autoplay off", text)
		}
	case 2:
		if f[0] == "autoplay" {
			switch f[1] {
			case "on":
				return AutoplayOn, nil
			case "off":
				return AutoplayOff, nil
			}
			return Move{}, games.Refuse("%q: write autoplay on or autoplay off", text)
		}
	}
	if len(f) < 2 || len(f) > 3 {
		return Move{}, notMove(text, cells)
	}
	from, ok1 := parseLoc(f[0])
	to, ok2 := parseLoc(f[1])
	if !ok1 || !ok2 {
		return Move{}, notMove(text, cells)
	}
	for _, l := range []Loc{from, to} {
		if l.IsCell() && l.cell() >= cells {
			return Move{}, noCellError(l, cells)
		}
	}
	m := Move{From: from, To: to}
	if len(f) == 3 {
		n, ok := parseCount(f[2])
		if !ok {
			return Move{}, games.Refuse("%q: the number of cards must be from 1 to %d", text, maxRun)
		}
		m.N, m.Exact = uint8(n), true
	}
	switch {
	case from == Home:
		return Move{}, games.Refuse("%q: cards on the foundations never come back", text)
	case from == to:
		return Move{}, games.Refuse("%q: a move needs two different places", text)
	case from.IsCell() && to.IsCell():
		return Move{}, games.Refuse("%q: a free-cell card goes to a column or the foundation, not to another cell", text)
	}
	if from.IsCell() || !to.IsColumn() {
		// One card, whatever is written.
		if m.N > 1 {
			switch {
			case from.IsCell():
				return Move{}, games.Refuse("%q: a free cell holds a single card", text)
			case to.IsCell():
				return Move{}, games.Refuse("%q: a free cell takes a single card", text)
			default:
				return Move{}, games.Refuse("%q: cards go up to the foundation one at a time", text)
			}
		}
		m.N, m.Exact = 1, false
	}
	return m, nil
}

// noCellError refuses cell l at a table with cells free cells.
func noCellError(l Loc, cells int) error {
	return games.Refuse("there is no cell %v: this table has %d free cells, %s", l, cells, CellNames(cells))
}

func parseLoc(s string) (Loc, bool) {
	if i := slices.Index(locNames[:], s); i >= 0 {
		return Loc(i), true
	}
	return 0, false
}

// parseCount reads 1–13 written plainly (no sign, no leading zero).
func parseCount(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 || s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n >= 1 && n <= maxRun
}
