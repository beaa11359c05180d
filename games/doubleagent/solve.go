package doubleagent

import (
	"container/heap"
	"slices"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/solving"
)

// Budget bounds a search (see solving.Budget): its Nodes are the moves
// the search makes, and an entry of its table is about 60 bytes, with the
// best-first search's queue.
type Budget = solving.Budget

// DefaultEntries is the transposition table's size when Budget.Entries is
// 0: about 120 MB at most.
const DefaultEntries = 2_000_000

// MaxDepth bounds the length of the lines the depth-first search follows.
// A search that reaches it proves nothing about the positions beyond.
const MaxDepth = 1000

// Result says how a search ended.
type Result int

// The results.
const (
	// Solved: Moves wins.
	Solved Result = iota
	// NoWin: every position reachable was searched and none is won.
	NoWin
	// OutOfBudget: the budget ran out first (or lines grew past MaxDepth).
	OutOfBudget
)

// String returns "solved", "no win" or "out of budget".
func (r Result) String() string {
	switch r {
	case Solved:
		return "solved"
	case NoWin:
		return "no win"
	}
	return "out of budget"
}

// Solution is what Solve found.
type Solution struct {
	// Result says whether a win was found, ruled out, or neither.
	Result Result
	// Moves is the winning line in notation when Result is Solved.
	Moves []string
	// Nodes counts the moves the search made.
	Nodes int64
}

// Solve looks for a line that wins from p, within the budget.
//
// The solver sees the face-down cards: p is the complete position, so a
// line it finds wins given this deal, and NoWin means no sequence of moves
// wins with these cards where they are, whatever the player knew.
//
// Two searches share the budget. A greedy best-first search gets the
// first three quarters: it always expands the position of best heuristic
// value reached so far (the earliest among equals), the value counting
// cards on foundations, agents in command, fewer face-down cards, empty
// tableaus, and prisoners against. When it has neither won nor exhausted
// the positions, a depth-first search that tries moves in the order of the
// same value takes the rest: it wins some deals the first misses, and the
// other way round. With no bound at all (a zero Budget but for Entries)
// only the best-first search runs, to the end.
//
// Both remember every position they have reached in a transposition table,
// so no position is searched twice and lines that only move cards back and
// forth (into the prison and straight out again, between two tableaus) end
// at once. The table's key is a 128-bit hash of the position up to the
// symmetries of the rules: the five tableaus of a row, the four prison
// cells and the two command slots are each interchangeable, so they hash
// as sets. The searches also leave out moves that those symmetries make
// repeats: to a second empty tableau of the same row, a second empty cell
// or command slot, and a whole pile to an empty tableau of its own row.
// Uncovers are searched like any move (Pos.Undo takes them back, unlike
// the game).
//
// A winning line found is then shortened: wherever a single legal move
// reaches a position further down the line, the line jumps there.
//
// NoWin is claimed only when a search covered the whole reachable space:
// no budget cut, no line stopped at MaxDepth, no position left out because
// the table was full. It relies on the hash having no collision among the
// positions searched (128 bits: a chance below 1e-20 for 10^9 positions).
func Solve(p Pos, budget Budget) Solution {
	start := time.Now()
	var sol Solution
	first := budget
	bounded := budget.Nodes > 0 || budget.Time > 0
	if bounded {
		first.Nodes, first.Time = budget.Nodes-budget.Nodes/4, budget.Time-budget.Time/4
	}
	s := newSolver(first)
	line, won := s.bestFirst(p)
	complete := !s.incomplete
	sol.Nodes = s.meter.Nodes()
	if !won && !complete && bounded {
		rest := budget
		if rest.Nodes > 0 {
			rest.Nodes = max(rest.Nodes-s.meter.Nodes(), 1)
		}
		if rest.Time > 0 {
			rest.Time = max(rest.Time-time.Since(start), 1)
		}
		s = newSolver(rest)
		won = s.search(&p, 0)
		line, complete = s.path, !s.incomplete
		sol.Nodes += s.meter.Nodes()
	}
	switch {
	case won:
		sol.Result = Solved
		for _, m := range shorten(p, line) {
			sol.Moves = append(sol.Moves, m.String())
		}
	case complete:
		sol.Result = NoWin
	default:
		sol.Result = OutOfBudget
	}
	return sol
}

// SolveGame is Solve from g's current position.
func SolveGame(g *Game, budget Budget) Solution { return Solve(g.pos, budget) }

type hashKey [2]uint64

type solver struct {
	seen       map[hashKey]struct{}
	entries    int
	meter      solving.Meter
	incomplete bool // some position was not searched to the end
	path       []Move
	bufs       [][]scored
}

// scored is a move with the heuristic value of the position it leads to.
type scored struct {
	m Move
	v int
	k hashKey
}

// newSolver is a search within b.
func newSolver(b Budget) *solver {
	return &solver{seen: map[hashKey]struct{}{}, entries: b.EntriesOr(DefaultEntries), meter: b.Meter()}
}

// spend counts a node and reports whether the budget allows it.
func (s *solver) spend() bool {
	if !s.meter.Spend() {
		s.incomplete = true
		return false
	}
	return true
}

// search reports whether a win is reachable from p, leaving the winning line
// in s.path when it is. p is restored before it returns.
func (s *solver) search(p *Pos, depth int) bool {
	if p.Won() {
		return true
	}
	if depth >= MaxDepth {
		s.incomplete = true
		return false
	}
	k := p.canonical()
	if len(s.seen) < s.entries {
		s.seen[k] = struct{}{}
	} else {
		// Without the entry this position may be searched again, or a
		// cycle through it followed until MaxDepth: still correct, but
		// a proof now needs the depth bound to hold, so claim none.
		s.incomplete = true
	}
	if depth == len(s.bufs) {
		s.bufs = append(s.bufs, make([]scored, 0, 64))
	}
	children, ok := s.children(p, s.bufs[depth][:0])
	s.bufs[depth] = children
	if !ok {
		return false
	}
	for _, c := range children {
		st := p.do(c.m)
		if _, ok := s.seen[c.k]; ok {
			// Entered since the children were listed.
			p.Undo(st)
			continue
		}
		s.path = append(s.path, c.m)
		if s.search(p, depth+1) {
			p.Undo(st)
			return true
		}
		s.path = s.path[:len(s.path)-1]
		p.Undo(st)
		if s.meter.Out() {
			return false
		}
	}
	return false
}

// children lists the moves worth searching from p, best first: those that
// lead to positions not searched yet. Each counts as a node; it returns
// false when the budget runs out.
func (s *solver) children(p *Pos, out []scored) ([]scored, bool) {
	for m := range p.moves {
		if p.repeats(m) {
			continue
		}
		if !s.spend() {
			return out, false
		}
		st := p.do(m)
		k := p.canonical()
		if p.Won() {
			// Searched first, so the line ends here.
			out = append(out[:0], scored{m: m, v: 1 << 30, k: k})
			p.Undo(st)
			return out, true
		}
		if _, ok := s.seen[k]; !ok {
			out = append(out, scored{m: m, v: p.value(), k: k})
		}
		p.Undo(st)
	}
	slices.SortStableFunc(out, func(a, b scored) int { return b.v - a.v })
	return out, true
}

// bfNode is a position the best-first search reached: the move that made
// it from its parent. Positions themselves are not kept: replaying the
// moves from the root rebuilds one when it is expanded.
type bfNode struct {
	parent int32
	m      Move
}

// bfItem is a position waiting to be expanded.
type bfItem struct {
	v    int
	node int32
}

// frontier is a max-heap of bfItems: best value first, then latest.
type frontier []bfItem

// Len, with Less, Swap, Push and Pop, makes frontier a container/heap.
func (h frontier) Len() int { return len(h) }

// Less puts the better position first.
func (h frontier) Less(i, j int) bool {
	if h[i].v != h[j].v {
		return h[i].v > h[j].v
	}
	return h[i].node < h[j].node
}

// Swap exchanges two items.
func (h frontier) Swap(i, j int) { h[i], h[j] = h[j], h[i] }

// Push adds an item.
func (h *frontier) Push(x any) { *h = append(*h, x.(bfItem)) }

// Pop removes the last item.
func (h *frontier) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// bestFirst searches from root, always expanding the best position reached
// and not yet expanded. It returns a winning line, or false when the budget
// ran out or every reachable position was expanded without a win.
func (s *solver) bestFirst(root Pos) ([]Move, bool) {
	if root.Won() {
		return nil, true
	}
	nodes := []bfNode{{parent: -1}}
	h := &frontier{{v: root.value()}}
	s.seen[root.canonical()] = struct{}{}
	var back []Move // the moves to the node expanded, last first
	for h.Len() > 0 {
		it := heap.Pop(h).(bfItem)
		back = back[:0]
		for i := it.node; i > 0; i = nodes[i].parent {
			back = append(back, nodes[i].m)
		}
		p := root
		for i := len(back) - 1; i >= 0; i-- {
			p.do(back[i])
		}
		for m := range p.moves {
			if p.repeats(m) {
				continue
			}
			if !s.spend() {
				return nil, false
			}
			st := p.do(m)
			k := p.canonical()
			if _, ok := s.seen[k]; !ok {
				if p.Won() {
					line := make([]Move, 0, len(back)+1)
					for i := len(back) - 1; i >= 0; i-- {
						line = append(line, back[i])
					}
					return append(line, m), true
				}
				if len(s.seen) < s.entries {
					s.seen[k] = struct{}{}
					nodes = append(nodes, bfNode{parent: it.node, m: m})
					heap.Push(h, bfItem{v: p.value(), node: int32(len(nodes) - 1)})
				} else {
					// The table is full: the position is dropped, which
					// keeps the memory bounded and ends any proof.
					s.incomplete = true
				}
			}
			p.Undo(st)
		}
	}
	return nil, false
}

// shorten returns line (a legal line from p) with its detours cut out:
// from each position it jumps to the furthest position of the line that one
// legal move reaches, by that move.
func shorten(p Pos, line []Move) []Move {
	at := map[Pos]int{p: 0} // the last index of each position on the line
	q := p
	for i, m := range line {
		q.do(m)
		at[q] = i + 1
	}
	var out []Move
	for i := 0; i < len(line); {
		next, by := i+1, line[i]
		for m := range p.moves {
			st := p.do(m)
			if j, ok := at[p]; ok && j > next {
				next, by = j, m
			}
			p.Undo(st)
		}
		p.do(by)
		out = append(out, by)
		i = next
	}
	return out
}

// repeats reports whether the legal move m is a repeat of another legal
// move up to the rules' symmetries, or leads back to p itself up to them.
func (p *Pos) repeats(m Move) bool {
	if m.Kind != Transfer {
		return false
	}
	t := m.To
	switch {
	case t.IsTableau():
		if p.tab[t].n != 0 {
			return false
		}
		if m.From.IsTableau() && m.From.TopRow() == t.TopRow() && p.tab[m.From].n == m.N {
			return true // a whole pile to an empty space of its own row
		}
		first, last := T1, T5
		if !t.TopRow() {
			first, last = B1, B5
		}
		for u := first; u < t && u <= last; u++ {
			if p.tab[u].n == 0 && u != m.From {
				return true // an earlier empty space of the row takes it
			}
		}
	case t.IsCell():
		if p.cell[t-P1].top != 0 {
			return false
		}
		for u := P1; u < t; u++ {
			if p.cell[u-P1].top == 0 {
				return true
			}
		}
	case t.IsCommand():
		return t == C2 && p.cmd[0] == 0
	}
	return false
}

// value is the heuristic worth of p for ordering moves: cards on
// foundations first, then agents in command, then fewer face-down cards
// and more room.
func (p *Pos) value() int {
	v := 0
	for _, c := range p.cell {
		switch {
		case c.found:
			v += 100 * c.top.rank()
		case c.top != 0:
			v -= 15 // a prisoner takes a cell
		}
	}
	for _, c := range p.cmd {
		if c != 0 {
			v += 150
		}
	}
	for i := range p.tab {
		t := &p.tab[i]
		v -= 40 * int(t.down)
		switch {
		case t.n == 0:
			v += 20
		case t.exposed():
			v += 10
		}
	}
	return v
}

// canonical returns the hash of p up to the symmetries of the rules: the
// tableaus of each row, the cells and the command slots hash as sets (a sum
// of well-mixed hashes does not depend on the order).
func (p *Pos) canonical() hashKey {
	var k hashKey
	for i := range p.tab {
		t := &p.tab[i]
		a, b := uint64(0x9e3779b97f4a7c15), uint64(0xc2b2ae3d27d4eb4f)
		salt := uint64(1)
		if i >= int(B1) {
			salt = 2
		}
		a, b = step(a, b, uint64(t.down)<<8|salt)
		for _, c := range t.c[:t.n] {
			a, b = step(a, b, uint64(c))
		}
		k[0] += solving.Mix(a)
		k[1] += solving.Mix(b ^ 0x5851f42d4c957f2d)
	}
	for _, c := range p.cell {
		v := uint64(c.top) | 3<<8
		if c.found {
			v |= 1 << 16
		}
		k[0] += solving.Mix(v * 0x9e3779b97f4a7c15)
		k[1] += solving.Mix(v*0xbf58476d1ce4e5b9 + 1)
	}
	for _, c := range p.cmd {
		v := uint64(c) | 4<<8
		k[0] += solving.Mix(v * 0x9e3779b97f4a7c15)
		k[1] += solving.Mix(v*0xbf58476d1ce4e5b9 + 1)
	}
	return k
}

// step feeds v into two independent running hashes.
func step(a, b, v uint64) (uint64, uint64) {
	a = (a ^ v) * 0x100000001b3
	b = (b+v)*0xff51afd7ed558ccd + 0x2545f4914f6cdd1d
	return a, b
}

// solverMemory bounds the table of one search by Solver (about 64 bytes an
// entry), so that several hints at once stay well inside a small machine.
const solverMemory = 64 << 20

// winScore is the score of a win: 52 cards on the foundations and both
// agents in command.
const winScore = numCards

// Solver is Double Agent's games.Solver: Solve from g's position within
// budget, in solverMemory. A game lost (resigned or stuck) is Unwinnable.
// g must be a *Game.
func Solver(g games.Game, budget time.Duration) games.Solution {
	return solution(g.(*Game), Budget{Time: budget, Entries: solverMemory / 64})
}

// solution is SolveGame's result as a games.Solution.
func solution(g *Game, budget Budget) games.Solution {
	start := time.Now()
	if g.status == games.Lost {
		return games.Solution{Verdict: games.Unwinnable, Elapsed: time.Since(start)}
	}
	r := SolveGame(g, budget)
	sol := games.Solution{Moves: r.Moves, States: int(r.Nodes)}
	switch r.Result {
	case Solved:
		sol.Verdict, sol.Score = games.Solvable, winScore
	case NoWin:
		sol.Verdict = games.Unwinnable
	}
	sol.Elapsed = time.Since(start)
	return sol
}
