// Package doubleagent is Double Agent, a solitaire of two rows of tableaus,
// a four-cell prison that holds prisoners or foundations, and two agents
// (the jokers) that either command the foundations of their colour or play
// wild on the tableaus. The rules are ../shared/rules/double-agent.md.
//
// Decisions this package takes where the rules leave room:
//   - An agent's rank is never stored: it is what its place in a face-up run
//     makes it. In a run holding any card of the deck, every agent stands for
//     the rank that continues the build from that card; a run of agents alone
//     (on an empty space or an exposed face-down card) stands for any rank,
//     and is fixed by the first card built on it, which must leave every
//     agent a rank from A to K. Taking that card off again frees the agents.
//   - Any card may be a prisoner, as the rules say: an agent (a prisoner
//     agent may go into command), an agent leaving command, and a
//     foundation's top card, frozen or not, each go to a tableau or an empty
//     cell. An Ace that leaves its foundation for an empty cell is a
//     prisoner there, and a foundation again at once if its agent commands.
//   - A prisoner goes to a tableau, a foundation or (an agent) command, not
//     to another empty cell, where it would change nothing.
//   - An Ace in a cell is a foundation whenever an agent of its colour
//     commands (placed there then, or a prisoner when the agent arrives); a
//     foundation stays one when its agent leaves (frozen), until emptied.
//   - `FROM TO` without a count moves the top card alone when it may go,
//     otherwise the run that may (the longest, if several may). Legal spells
//     every move one way, with its count when above 1 ("t2 t4 3"); the short
//     spelling of a run move is accepted by Apply but is not in Legal, so
//     games.IsLegal("t2 t4") is false where "t2 t4 3" is listed.
//   - Lost: no legal move is left besides undo and resign. Moves that only
//     go round in circles still count as moves; the player resigns then.
//   - Undo takes back any move back to the last uncover, never past it.
package doubleagent

import (
	"github.com/dealer/dealer/games"
)

// Info registers Double Agent.
var Info = games.Info{
	Name:     "doubleagent",
	Title:    "Double Agent",
	MinSeats: 1,
	MaxSeats: 1,
	Summary: "Ten tableaus in two rows: the top row (t1–t5) builds up, the bottom row (b1–b5) builds down, " +
		"in alternating colours, without wrapping. A run moves within its row; between the rows one card at a time. " +
		"An exposed face-down card may be uncovered (up t3) or built on like an empty space, which takes any card or run. " +
		"The prison (p1–p4) holds one prisoner or one foundation per cell; any card may go into an empty cell as a prisoner. Put an agent (joker) in command (c1, c2) to build " +
		"its colour's foundations there, by suit from Ace to King; bring it out again as a wild double agent. " +
		"Win with both agents in command over four full foundations. " +
		"Moves: t3 b2, t2 t4 3 (three cards), b4 p1, p2 t1, t5 c1, up t3, undo, resign.",
	New: func(deal uint64, seats int) (games.Game, error) {
		if seats != 1 {
			return nil, games.Refuse("Double Agent is played alone, not by %d", seats)
		}
		return New(deal), nil
	},
	Solve: Solver,
}

// Game is one game of Double Agent. It implements games.Game and
// games.Stater.
type Game struct {
	deal uint64
	pos  Pos
	// hist holds the moves undo may take back: those since the last uncover.
	hist []Step
	// barrier is the last uncover, which undo cannot go past.
	barrier *Move
	moves   int
	undos   int
	status  games.Status
}

var (
	_ games.Game   = (*Game)(nil)
	_ games.Stater = (*Game)(nil)
)

// New deals deal number deal (see Deal for how).
func New(deal uint64) *Game { return newGame(deal, Deal(deal)) }

func newGame(deal uint64, p Pos) *Game {
	g := &Game{deal: deal, pos: p}
	g.settle()
	return g
}

// settle ends the game when it is won or no move is left.
func (g *Game) settle() {
	switch {
	case g.pos.Won():
		g.status = games.Won
	case g.pos.Stuck():
		g.status = games.Lost
	}
}

// Position returns a copy of the complete position, face-down cards included.
func (g *Game) Position() Pos { return g.pos }

// Name returns "doubleagent".
func (g *Game) Name() string { return Info.Name }

// Deal returns the deal number.
func (g *Game) Deal() uint64 { return g.deal }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// ToAct returns seat 0 while the game goes on.
func (g *Game) ToAct() []games.Seat { return games.SoloToAct(g.status) }

// Legal lists seat 0's moves: every legal transfer and uncover, then undo
// (when there is a move to take back) and resign. None once the game is over.
func (g *Game) Legal(seat games.Seat) []games.Move {
	if seat != 0 || g.status.Finished() {
		return nil
	}
	var out []games.Move
	for m := range g.pos.moves {
		out = append(out, m)
	}
	if len(g.hist) > 0 {
		out = append(out, Move{Kind: Undo})
	}
	return append(out, Move{Kind: Resign})
}

// Parse reads a move in the notation (see ParseMove).
func (g *Game) Parse(text string) (games.Move, error) {
	m, err := ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Apply makes move m for seat 0, or returns why not and changes nothing.
func (g *Game) Apply(seat games.Seat, m games.Move) error {
	if seat != 0 {
		return games.Refuse("Double Agent has one seat, 0, not %d", seat)
	}
	if g.status.Finished() {
		switch g.status {
		case games.Won:
			return games.Refuse("the game is over (won): no more moves")
		case games.Lost:
			return games.Refuse("the game is over (lost): no more moves")
		}
		return games.Refuse("the game is over (%s): no more moves", g.status)
	}
	mv, ok := m.(Move)
	if !ok {
		if p, isPtr := m.(*Move); isPtr && p != nil {
			mv = *p
		} else {
			return games.Refuse("%v is not a Double Agent move", m)
		}
	}
	switch mv.Kind {
	case Undo:
		if len(g.hist) == 0 {
			if g.barrier != nil {
				return games.Refuse("undo: %s cannot be undone: an uncovered card stays face up", g.barrier)
			}
			return games.Refuse("undo: there is no move to take back")
		}
		g.pos.Undo(g.hist[len(g.hist)-1])
		g.hist = g.hist[:len(g.hist)-1]
		g.undos++
	case Resign:
		g.status = games.Lost
	default:
		s, err := g.pos.Do(mv)
		if err != nil {
			return err
		}
		if mv.Kind == Uncover {
			g.hist = g.hist[:0]
			g.barrier = &mv
		} else {
			g.hist = append(g.hist, s)
		}
		g.settle()
	}
	g.moves++
	return nil
}

// Moves counts the moves applied, undos and resigning included.
func (g *Game) Moves() int { return g.moves }

// Status tells whether the game goes on, and whether it was won or lost.
func (g *Game) Status() games.Status { return g.status }

// Scores holds the one seat's score: foundation cards plus agents in command.
func (g *Game) Scores() []int { return []int{g.pos.Score()} }

// Winners is seat 0 once the game is won.
func (g *Game) Winners() []games.Seat {
	if g.status == games.Won {
		return []games.Seat{0}
	}
	return nil
}

// View returns the table as every viewer sees it (a View): face-down cards
// are counted, not shown.
func (g *Game) View(games.Seat) any { return g.view() }

func (g *Game) view() View {
	v := g.pos.view()
	v.Deal, v.Moves, v.Undos, v.Status = g.deal, g.moves, g.undos, g.status
	return v
}

// State returns the complete position (a State), face-down cards included.
func (g *Game) State() any { return State{View: g.view(), FaceDown: g.pos.faceDown()} }
