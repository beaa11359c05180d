package doubleagent

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
)

// Place is where cards lie: a tableau, a prison cell or a command slot.
type Place uint8

// The places, in the order Legal lists them.
const (
	T1 Place = iota
	T2
	T3
	T4
	T5
	B1
	B2
	B3
	B4
	B5
	P1
	P2
	P3
	P4
	C1
	C2
	numPlaces
)

var placeNames = [numPlaces]string{
	"t1", "t2", "t3", "t4", "t5", "b1", "b2", "b3", "b4", "b5",
	"p1", "p2", "p3", "p4", "c1", "c2",
}

// String returns the place's notation: t1–t5, b1–b5, p1–p4, c1, c2.
func (p Place) String() string {
	if p >= numPlaces {
		return fmt.Sprintf("place(%d)", int(p))
	}
	return placeNames[p]
}

// IsTableau reports whether p is one of the ten tableaus.
func (p Place) IsTableau() bool { return p <= B5 }

// IsCell reports whether p is a prison cell.
func (p Place) IsCell() bool { return p >= P1 && p <= P4 }

// IsCommand reports whether p is a command slot.
func (p Place) IsCommand() bool { return p == C1 || p == C2 }

// TopRow reports whether p is a tableau of the top row (T1–T5), which builds up.
func (p Place) TopRow() bool { return p <= T5 }

// ParsePlace reads a place's name, in any case.
func ParsePlace(s string) (Place, error) {
	if i := slices.Index(placeNames[:], strings.ToLower(strings.TrimSpace(s))); i >= 0 {
		return Place(i), nil
	}
	return 0, games.Refuse("%q is not a place: write t1–t5, b1–b5 (tableaus), p1–p4 (prison) or c1, c2 (command)", s)
}

// Kind says what a Move does.
type Kind uint8

// The kinds of move. Transfer and Uncover change the position; Undo and
// Resign are the game's commands.
const (
	Transfer Kind = iota
	Uncover
	Undo
	Resign
)

// Move is one move of Double Agent.
//
// A Transfer moves N cards from From to To. N counts cards from the top of
// a tableau; it is 1 for every other place. N = 0 is what `FROM TO` without
// a count says: the top card alone when it may go there, otherwise the run
// that may (the longest, when several may). The game resolves it when the
// move is applied (Pos.Resolve); every move that Legal lists has its N
// resolved, and its String reads back as the same move: a count is written
// only when it is above 1, and a single card is exactly what `FROM TO`
// means whenever that single card may go.
//
// An Uncover turns the exposed face-down card of tableau From face up.
type Move struct {
	Kind     Kind
	From, To Place
	N        uint8
}

// MoveCards returns the transfer of n cards (0: as `FROM TO` without a count).
func MoveCards(from, to Place, n int) Move {
	return Move{Kind: Transfer, From: from, To: to, N: uint8(n)}
}

// UncoverMove returns the move that uncovers the exposed card of tableau t.
func UncoverMove(t Place) Move { return Move{Kind: Uncover, From: t} }

// String writes the move in the notation: "t3 b2", "t2 t4 3", "up t3",
// "undo", "resign". The count is written only when it is above 1, so each
// resolved move has exactly one spelling.
func (m Move) String() string {
	switch m.Kind {
	case Transfer:
		if m.N > 1 {
			return m.From.String() + " " + m.To.String() + " " + strconv.Itoa(int(m.N))
		}
		return m.From.String() + " " + m.To.String()
	case Uncover:
		return "up " + m.From.String()
	case Undo:
		return "undo"
	case Resign:
		return "resign"
	}
	return fmt.Sprintf("move(%d)", int(m.Kind))
}

// maxRun bounds a run's length in the notation: a face-up run holds at most
// 13 cards (its ranks are distinct), so larger counts are refused at once.
const maxRun = 13

// ParseMove reads a move in the notation. It accepts any case and extra
// spaces, "uncover" for "up", and an explicit count of 1. It checks the
// notation only, not whether the move is legal now.
func ParseMove(text string) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return Move{}, games.Refuse("no move given: write FROM TO (like t3 b2), FROM TO N, up t3, undo or resign")
	}
	switch f[0] {
	case "undo", "resign":
		if len(f) != 1 {
			return Move{}, games.Refuse("%q takes nothing after it", f[0])
		}
		if f[0] == "undo" {
			return Move{Kind: Undo}, nil
		}
		return Move{Kind: Resign}, nil
	case "up", "uncover":
		if len(f) != 2 {
			return Move{}, games.Refuse("write up and a tableau, like up t3")
		}
		p, err := ParsePlace(f[1])
		if err != nil {
			return Move{}, err
		}
		if !p.IsTableau() {
			return Move{}, games.Refuse("only a tableau's face-down card can be uncovered, not %s", p)
		}
		return UncoverMove(p), nil
	}
	if len(f) < 2 || len(f) > 3 {
		return Move{}, games.Refuse("%q is not a move: write FROM TO (like t3 b2), FROM TO N (like t2 t4 3), up t3, undo or resign", strings.TrimSpace(text))
	}
	from, err := ParsePlace(f[0])
	if err != nil {
		return Move{}, err
	}
	to, err := ParsePlace(f[1])
	if err != nil {
		return Move{}, err
	}
	if from == to {
		return Move{}, games.Refuse("%s %s: a card cannot move to where it is", from, to)
	}
	m := MoveCards(from, to, 0)
	if len(f) == 3 {
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > maxRun {
			return Move{}, games.Refuse("%q is not a number of cards (1–%d)", f[2], maxRun)
		}
		if n > 1 && !from.IsTableau() {
			return Move{}, games.Refuse("only one card at a time leaves %s", from)
		}
		m.N = uint8(n)
	}
	if !from.IsTableau() {
		m.N = 1
	}
	return m, nil
}
