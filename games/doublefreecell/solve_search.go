package doublefreecell

import "github.com/dealer/dealer/games"

// dfsCards: positions with at most this many cards in play are searched
// depth-first (complete, and lighter on memory than best-first).
const dfsCards = 20

// node is one stored position of the best-first search: how it was reached.
type node struct {
	parent uint32 // index in search.nodes; the root is its own parent
	move   uint16 // pack(move from the parent)
	depth  uint16 // moves from the root
}

// entry is a heap entry: a node and its priority (lower first).
type entry struct {
	prio int32
	idx  uint32
}

// before orders the heap: lower priority first, then the newer node, which
// makes ties go depth-first.
func (a entry) before(b entry) bool {
	return a.prio < b.prio || a.prio == b.prio && a.idx > b.idx
}

// search is one best-first search, with one set of weights.
type search struct {
	g      *Game // the working position
	w      *weights
	tt     *table
	states int
	done   bool
	status Status
	win    []Move

	nodes []node
	heap  []entry
	path  []uint32 // nodes from the root to g's position
	stack []uint32 // scratch for goTo
	buf   []Move
}

func newSearch(g *Game, w *weights) *search {
	s := &search{g: g.Clone(), w: w, tt: newTable(1 << 12), buf: make([]Move, 0, 128)}
	s.tt.add(hashKey(s.g))
	s.nodes = append(s.nodes, node{})
	s.path = append(s.path, 0)
	s.push(entry{prio: cost(s.g, w), idx: 0})
	return s
}

// memory is the bytes the search's tables take, or will once its table
// next grows.
func (s *search) memory() int {
	return s.tt.grown() + 8*cap(s.nodes) + 8*cap(s.heap)
}

func (s *search) do(m Move) {
	if err := s.g.Do(m); err != nil {
		panic("doublefreecell: solver made an illegal move " + m.String() + ": " + err.Error())
	}
}

func (s *search) undo() {
	if err := s.g.Undo(); err != nil {
		panic("doublefreecell: solver undo: " + err.Error())
	}
}

// step expands up to n positions, best first; it sets done, with status
// Solved and win, or Lost once no position is left.
func (s *search) step(n int) {
	for ; n > 0 && !s.done; n-- {
		if len(s.heap) == 0 {
			s.done, s.status = true, Lost
			return
		}
		e := s.pop()
		s.goTo(e.idx)
		s.states++
		s.expand(e.idx)
	}
}

// expand stores every new position one move from node idx (g's position);
// if a move wins, the search is done.
func (s *search) expand(idx uint32) {
	ms := solverMoves(s.g, s.buf[:0])
	s.buf = ms
	depth := s.nodes[idx].depth + 1
	for _, m := range ms {
		s.do(m)
		switch s.g.status {
		case games.Won:
			s.done, s.status, s.win = true, Solved, append(s.moves(idx), m)
			s.undo()
			return
		case games.Lost:
			s.undo()
			continue
		}
		if s.tt.add(hashKey(s.g)) {
			s.nodes = append(s.nodes, node{parent: idx, move: pack(m), depth: depth})
			s.push(entry{prio: cost(s.g, s.w) + s.w.depth*int32(depth), idx: uint32(len(s.nodes) - 1)})
		}
		s.undo()
	}
}

// moves returns the moves from the root to node idx.
func (s *search) moves(idx uint32) []Move {
	ms := make([]Move, s.nodes[idx].depth)
	for i := idx; i != 0; i = s.nodes[i].parent {
		ms[s.nodes[i].depth-1] = unpack(s.nodes[i].move)
	}
	return ms
}

// goTo brings g to node idx's position: undo back to the deepest node on
// both paths, then redo down.
func (s *search) goTo(idx uint32) {
	st := s.stack[:0]
	i := idx
	for int(s.nodes[i].depth) >= len(s.path) {
		st = append(st, i)
		i = s.nodes[i].parent
	}
	for s.path[s.nodes[i].depth] != i {
		st = append(st, i)
		i = s.nodes[i].parent
	}
	for len(s.path)-1 > int(s.nodes[i].depth) {
		s.undo()
		s.path = s.path[:len(s.path)-1]
	}
	for k := len(st) - 1; k >= 0; k-- {
		s.do(unpack(s.nodes[st[k]].move))
		s.path = append(s.path, st[k])
	}
	s.stack = st
}

func (s *search) push(e entry) {
	h := append(s.heap, e)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	s.heap = h
}

func (s *search) pop() entry {
	h := s.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && h[r].before(h[l]) {
			c = r
		}
		if !h[c].before(h[i]) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	s.heap = h
	return top
}
