package doublets

import (
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/solving"
)

// Budget bounds a search (see solving.Budget): its Nodes are the
// positions the search visits, an entry of its table is about 100 bytes,
// and a zero Budget searches to the end, which takes minutes on the
// hardest deals.
type Budget = solving.Budget

// DefaultEntries is the transposition table's size when Budget.Entries is 0:
// about 200 MB at most.
const DefaultEntries = 2_000_000

// Solution is what Solve found.
type Solution struct {
	// Moves is the best line found from the position, in notation: playing
	// them one by one reaches Score.
	Moves []string
	// Score is the foundation's count at the end of Moves.
	Score int
	// Won reports Score = 48.
	Won bool
	// Proved reports a complete search: Score is the best reachable, so
	// when Won is false the position cannot be won. A win is always proved.
	Proved bool
	// Nodes counts the positions visited.
	Nodes int64
}

// Solve searches for the best score reachable from p: it decides which card
// to play when one fits and when to flip instead, and returns the best line
// found, its score, and whether the search was complete.
//
// The search is a depth-first search with a transposition table, made small
// by two facts about the rules (see the tests for their checks):
//
//   - Suits never matter: the foundation doubles ranks regardless of suit,
//     and reserve slots are interchangeable. The table's key keeps ranks only
//     and sorts the reserves, so positions that differ by suits or by which
//     slot holds which card are one entry.
//   - Which fitting card to play never matters. Every fitting card has the
//     rank the foundation needs, and the refill comes from the waste's top
//     (or else the stock's top) whichever reserve was emptied; playing the
//     waste's top instead leaves the same ranks where they were. So all plays
//     lead to the same position up to suits and slots, and the only choice is
//     play or flip: a search of at most two branches a node.
//
// Neither play nor flip is pruned, because neither dominates: with a King
// on the waste, playing a reserve card pulls the King into the emptied
// reserve and freezes it, where flipping first would have refilled it with
// the next card (TestSolveOrderMatters has such a deal: playing at once
// scores 3, flipping first 5); and flipping instead of a play the line
// needs can bury a card under the waste for good. So both branches are
// searched: the play first, as it is mostly the better choice, except when
// it would refill a reserve with a King.
//
// Positions never repeat (every move raises the foundation or moves the
// stock forward), so each position's best score is exact once its subtree is
// searched, and the table stores it. The search stops at once at 48, which
// is the best there is.
func Solve(p Position, budget Budget) Solution {
	s := newSolver(budget)
	s.search(&p)
	sol := Solution{
		Score:  s.best,
		Won:    s.best == MaxScore,
		Proved: s.won || !s.meter.Out(),
		Nodes:  s.meter.Nodes(),
	}
	for _, m := range s.bestLine {
		sol.Moves = append(sol.Moves, m.String())
	}
	return sol
}

// SolveGame is Solve from g's current position.
func SolveGame(g *Game, budget Budget) Solution { return Solve(g.pos, budget) }

// key is a position up to suits and reserve slots: the foundation's count,
// the pass and the waste's size, the reserves' ranks in order, then the ranks
// of the waste (bottom to top) and the stock (top to bottom), one nibble
// each. The foundation's top follows from the count within one search,
// which starts from one position.
type key [32]byte

func (p *Position) key() key {
	var k key
	k[0] = p.fc
	k[1] = p.pass<<6 | p.w
	var r [Reserves]uint8
	for i, c := range p.reserve {
		v := uint8(c.Rank) // 0 for an empty reserve
		j := i
		for ; j > 0 && r[j-1] > v; j-- {
			r[j] = r[j-1]
		}
		r[j] = v
	}
	n := 4 // nibble index: reserves start at byte 2
	put := func(v uint8) {
		k[n/2] |= v << (4 * (n % 2))
		n++
	}
	for _, v := range r {
		put(v)
	}
	n = 12 // the line starts at byte 6
	for _, c := range p.line[:p.w] {
		put(uint8(c.Rank))
	}
	for _, c := range p.line[p.s:] {
		put(uint8(c.Rank))
	}
	return k
}

type solver struct {
	memo     map[key]uint8 // exact best score from a position
	entries  int
	meter    solving.Meter
	won      bool
	best     int
	bestLine []Move
	path     []Move
	legal    []Move
}

// newSolver is a search within b.
func newSolver(b Budget) *solver {
	return &solver{memo: map[key]uint8{}, entries: b.EntriesOr(DefaultEntries), meter: b.Meter(), legal: make([]Move, 0, 9)}
}

// search returns the best score reachable from p: exact unless the search
// was cut short (aborted) or stopped at a win.
func (s *solver) search(p *Position) int {
	fc := int(p.fc)
	if fc > s.best || s.bestLine == nil {
		s.best = fc
		s.bestLine = append(s.bestLine[:0:0], s.path...)
	}
	if fc == MaxScore {
		s.won = true
		return fc
	}
	if !s.meter.Spend() {
		return fc
	}
	k := p.key()
	if v, ok := s.memo[k]; ok {
		return int(v)
	}
	v := fc
	for _, m := range s.choices(p) {
		q := *p
		if err := q.Play(m); err != nil {
			panic(err) // choices lists legal plays only
		}
		s.path = append(s.path, m)
		r := s.search(&q)
		s.path = s.path[:len(s.path)-1]
		v = max(v, r)
		if s.won || s.meter.Out() {
			return v
		}
	}
	if len(s.memo) < s.entries {
		s.memo[k] = uint8(v)
	}
	return v
}

// choices returns the moves worth searching from p, best first: one play
// (any fitting card: they are all the same up to suits), then flip.
func (s *solver) choices(p *Position) []Move {
	var out [2]Move
	n := 0
	s.legal = p.Legal(s.legal[:0])
	for _, m := range s.legal {
		if m != Flip && n == 0 {
			out[n] = m
			n++
		}
	}
	if p.CanFlip() {
		out[n] = Flip
		n++
		if n == 2 && p.refillsKing(out[0]) {
			out[0], out[1] = Flip, out[0]
		}
	}
	return out[:n:n]
}

// solverMemory bounds the table of one search by Solver (about 100 bytes
// an entry), so that several hints at once stay well inside a small machine.
const solverMemory = 64 << 20

// Solver is Doublets' games.Solver: Solve from g's position within budget,
// in solverMemory. Its Moves are the best line found even when it does not
// win (Unknown or Unwinnable), and Score is the score they reach. A
// resigned game is Unwinnable. g must be a *Game.
func Solver(g games.Game, budget time.Duration) games.Solution {
	return solution(g.(*Game), Budget{Time: budget, Entries: solverMemory / 100})
}

// solution is SolveGame's result as a games.Solution.
func solution(g *Game, budget Budget) games.Solution {
	start := time.Now()
	if g.resigned {
		return games.Solution{Verdict: games.Unwinnable, Score: g.pos.Score(), Elapsed: time.Since(start)}
	}
	r := SolveGame(g, budget)
	sol := games.Solution{Verdict: games.Unknown, Moves: r.Moves, Score: r.Score, States: int(r.Nodes)}
	switch {
	case r.Won:
		sol.Verdict = games.Solvable
	case r.Proved:
		sol.Verdict = games.Unwinnable
	}
	sol.Elapsed = time.Since(start)
	return sol
}

// refillsKing reports whether play m would refill a reserve with a King,
// which freezes it for good: the search then tries flipping first.
func (p *Position) refillsKing(m Move) bool {
	if _, ok := m.Reserve(); !ok {
		return false
	}
	switch {
	case p.w > 0:
		return p.line[p.w-1].Rank == cards.King
	case p.s < 52:
		return p.line[p.s].Rank == cards.King
	}
	return false
}
