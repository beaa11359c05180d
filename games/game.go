// Package games is the contract every game of the dealer meets, the registry
// of games, and the records that replay a game exactly.
//
// A game is a pure, deterministic state machine: created from a deal number
// and a seat count, changed only by moves written in the game's text notation.
// Games know nothing of Discord, pictures or SQL.
package games

import (
	"errors"
	"fmt"
	"slices"
)

// Seat is a player's place at a table, from 0. Spectator is the public view.
type Seat int

// Spectator is the viewer who sits nowhere: the picture in the channel.
const Spectator Seat = -1

// Move is one move in a game's notation. Each game has its own move type;
// String gives the notation, which the game's Parse reads back.
type Move interface {
	String() string
}

// MoveOf is m as a game's own move type M, passed as M or as a pointer to
// one; what names M's moves for the error when m is neither ("a Secret
// Agent move"), and a nil pointer is no move.
func MoveOf[M any](m Move, what string) (M, error) {
	var none M
	switch t := any(m).(type) {
	case M:
		return t, nil
	case *M:
		if t == nil {
			return none, errors.New("no move")
		}
		return *t, nil
	}
	return none, fmt.Errorf("%v is not %s", m, what)
}

// Game is one game in progress.
//
// Legal lists every move a seat may make now, including commands such as
// "undo" or "resign" where the game has them. Apply changes the game only
// when the move is legal; otherwise it returns an error a player can read
// and leaves the game exactly as it was.
type Game interface {
	// Name is the registry name of the game, such as "doublefreecell".
	Name() string
	// Deal is the deal number the game was created from.
	Deal() uint64
	// Seats is how many seats the table has.
	Seats() int
	// ToAct lists the seats that may move now; none when the game is over.
	ToAct() []Seat
	// Legal lists the moves seat may make now.
	Legal(seat Seat) []Move
	// Parse reads a move in the game's notation (it does not check legality).
	Parse(text string) (Move, error)
	// Apply makes move m for seat, or returns why it cannot be made.
	Apply(seat Seat, m Move) error
	// Moves counts the moves applied so far: the state's version.
	Moves() int
	// Status tells whether the game goes on, and how it ended.
	Status() Status
	// Scores holds each seat's score now (cumulative, for multi-deal games).
	Scores() []int
	// Winners lists the seats that won; empty while playing or when lost.
	Winners() []Seat
	// View returns what viewer may see and nothing more. Renderers and the
	// bot only ever get views. Views are JSON-friendly values.
	View(viewer Seat) any
}

// Computer picks a move for a computer-controlled seat. It must use only what
// g.View(seat) and g.Legal(seat) show, so a computer player never cheats,
// and must be deterministic.
type Computer func(g Game, seat Seat) Move

// Play parses text and applies it for seat: the usual way to make a move.
func Play(g Game, seat Seat, text string) error {
	m, err := g.Parse(text)
	if err != nil {
		return err
	}
	return g.Apply(seat, m)
}

// IsLegal reports whether the move written as text is among seat's legal
// moves, comparing canonical notation (so "nt" matches "notrump").
func IsLegal(g Game, seat Seat, text string) bool {
	m, err := g.Parse(text)
	if err != nil {
		return false
	}
	want := m.String()
	for _, l := range g.Legal(seat) {
		if l.String() == want {
			return true
		}
	}
	return false
}

// CanAct reports whether seat is among those who may move now.
func CanAct(g Game, seat Seat) bool {
	for _, s := range g.ToAct() {
		if s == seat {
			return true
		}
	}
	return false
}

// Status tells whether a game goes on and how it ended; the store keeps a
// table's status with the same type.
type Status int

// The statuses. Solitaires end Won or Lost; multiplayer games end Over, with
// their Winners. Lobby and Abandoned are statuses of a table, never returned
// by an engine. The zero Status is Playing.
const (
	Playing Status = iota
	Won
	Lost
	Over
	// Lobby: a multiplayer table waiting for players; it has no game yet.
	Lobby
	// Abandoned: a table closed before its game ended.
	Abandoned
)

var statusNames = [...]string{"playing", "won", "lost", "over", "lobby", "abandoned"}

// String returns the status's name: "playing", "won", "lost", "over",
// "lobby" or "abandoned".
func (s Status) String() string {
	if !s.Valid() {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return statusNames[s]
}

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool { return s >= 0 && int(s) < len(statusNames) }

// Finished reports whether the game has ended: Won, Lost or Over. A lobby
// has not begun, and an abandoned table's game did not end (the store
// counts Abandoned as finished on its own terms).
func (s Status) Finished() bool { return s == Won || s == Lost || s == Over }

// SoloToAct is a one-player game's ToAct in status s: its one seat, 0,
// until the game is finished.
func SoloToAct(s Status) []Seat {
	if s.Finished() {
		return nil
	}
	return []Seat{0}
}

// MarshalText writes the status's name, for JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status's name.
func (s *Status) UnmarshalText(b []byte) error { return UnmarshalName(s, statusNames[:], b, "status") }

// UnmarshalName sets *v to the place of b among names, the names an
// enumeration's MarshalText writes, or says that b is no what.
func UnmarshalName[T ~int | ~uint8](v *T, names []string, b []byte, what string) error {
	i := slices.Index(names, string(b))
	if i < 0 {
		return fmt.Errorf("unknown %s %q", what, b)
	}
	*v = T(i)
	return nil
}

// Stater is implemented by games whose views hide cards from every seat
// (face-down cards, the stock): State returns the complete position, every
// card of every pile in order, for the scripted mode's JSON and for tests.
// Other games' complete state is View(0).
type Stater interface {
	State() any
}

// Summarizer is implemented by multi-deal games: GameSummary returns the
// game's summary (deal by deal, the totals, the winner), a JSON-friendly
// value for the scripted mode's output.
type Summarizer interface {
	GameSummary() any
}

// Rounder is implemented by games played in rounds scored apart (Secret
// Agent's deals): Rounds lists each finished round's scores by seat, in
// order, for the records (a session stores them with the move that
// finishes each). A finished round's scores never change.
type Rounder interface {
	Rounds() [][]int
}

// Rounds lists g's finished rounds' scores by seat: Rounder's, else none.
func Rounds(g Game) [][]int {
	if r, ok := g.(Rounder); ok {
		return r.Rounds()
	}
	return nil
}

// Waiter is implemented by games where more seats may act than everyone
// may know of (The Agents: a Mercenary may be played out of turn, which
// tells who holds one). WaitingOn lists the seats the game waits on, as
// anyone at the table may see them.
type Waiter interface {
	WaitingOn() []Seat
}

// WaitingOn lists the seats g waits on, as the whole table may see them:
// Waiter's, else ToAct.
func WaitingOn(g Game) []Seat {
	if w, ok := g.(Waiter); ok {
		return w.WaitingOn()
	}
	return g.ToAct()
}

// FullState returns g's complete position: State if g has one, else View(0).
func FullState(g Game) any {
	if s, ok := g.(Stater); ok {
		return s.State()
	}
	return g.View(0)
}
