package doublefreecell

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// View is the whole table of a Double FreeCell game: a solitaire hides
// nothing, so every viewer gets the same view. It is also the JSON state of
// the scripted mode.
type View struct {
	Deal uint64 `json:"deal"`
	// Columns are the ten tableau columns, each from its bottom card (dealt
	// first) to its top card (the one that moves).
	Columns [][]cards.Card `json:"columns"`
	// Cells are the table's free cells in order (six, a–f, in the standard
	// game; 4–8 by house rule, lettered as Cell(i).String()); cards.None
	// marks an empty one.
	Cells []cards.Card `json:"cells"`
	// Foundations are the four foundations in suit order (♣ ♦ ♥ ♠).
	Foundations []Foundation `json:"foundations"`
	// Moves counts every move made, undos included; Undos counts the undos.
	Moves int `json:"moves"`
	Undos int `json:"undos"`
	// Autoplay tells whether safe cards go up by themselves.
	Autoplay bool         `json:"autoplay"`
	Status   games.Status `json:"status"`
	// Score is the number of cards on the foundations, 0–104.
	Score int `json:"score"`
}

// Foundation is one suit's pile, built A→K twice.
type Foundation struct {
	Suit cards.Suit `json:"-"`
	// SuitName is the suit in words, for JSON readers.
	SuitName string `json:"suit"`
	// Count is how many cards are on it, 0–26.
	Count int `json:"count"`
	// Top is the card on top; cards.None when the pile is empty.
	Top cards.Card `json:"top"`
	// Round is 1 while the first A→K is built, 2 after its King (0 when empty).
	// It is the round of the top card: 1 for counts 1–13 (the first King
	// included), 2 for counts 14–26.
	Round int `json:"round"`
	// Next is the card the pile waits for (after the first King, the Ace
	// again); cards.None when all 26 are up.
	Next cards.Card `json:"next"`
}
