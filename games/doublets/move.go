package doublets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealer/dealer/games"
)

// Move is one Doublets move: a typed value for solvers, written in the
// game's notation by String and read back by Parse.
//
//	flip          stock → waste, one card; a redeal when the stock is empty
//	w             waste top → foundation
//	r1 … r7       reserve → foundation
//	undo, resign  commands
type Move uint8

// The moves. PlayR1 … PlayR7 follow one another, so PlayR1+i is reserve i+1.
const (
	Flip Move = iota
	PlayWaste
	PlayR1
	PlayR2
	PlayR3
	PlayR4
	PlayR5
	PlayR6
	PlayR7
	Undo
	Resign
	numMoves
)

var moveNames = [numMoves]string{"flip", "w", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "undo", "resign"}

// String returns the move's notation.
func (m Move) String() string {
	if m >= numMoves {
		return fmt.Sprintf("move(%d)", uint8(m))
	}
	return moveNames[m]
}

// PlayReserve returns the move that plays reserve i (0–6, so r1–r7).
func PlayReserve(i int) Move { return PlayR1 + Move(i) }

// Reserve returns the reserve (0–6) that m plays, and whether m plays one.
func (m Move) Reserve() (int, bool) {
	if m >= PlayR1 && m <= PlayR7 {
		return int(m - PlayR1), true
	}
	return 0, false
}

// Command reports whether m is a command (undo, resign) rather than a play.
func (m Move) Command() bool { return m == Undo || m == Resign }

// Parse reads a move in Doublets notation: flip, w, r1–r7, undo or resign,
// in any case, with spaces around it allowed. It does not check legality.
func Parse(text string) (Move, error) {
	if i := slices.Index(moveNames[:], strings.ToLower(strings.TrimSpace(text))); i >= 0 {
		return Move(i), nil
	}
	return 0, games.Refuse("%q is not a Doublets move: write flip, w (waste), r1–r7 (reserves), undo or resign", text)
}
