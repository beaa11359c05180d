package doublefreecell

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/solving"
)

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
	cols  colHashes // of the position being expanded
}

func newSearch(g *Game, w *weights) *search {
	s := &search{g: g.Clone(), w: w, tt: newTable(1 << 12), buf: make([]Move, 0, 128)}
	s.tt.add(hashKey(s.g))
	s.nodes = append(s.nodes, node{})
	s.path = append(s.path, 0)
	s.push(entry{prio: s.prio(hashKey(s.g), 0), idx: 0})
	return s
}

// prio is the heap priority of g's position, k its hash, depth moves from
// the root: its cost and depth, and when the weights ask for it noise up to
// w.noise cost units, drawn from the hash and w.salt (deterministic), which
// breaks ties and makes each restart take its own path across a plateau.
func (s *search) prio(k uint64, depth uint16) int32 {
	p := cost(s.g, s.w) + s.w.depth*int32(depth)
	if s.w.salt == 0 {
		return p
	}
	return p*noiseScale + int32(solving.Mix(k^s.w.salt)%uint64(noiseScale*(s.w.noise+1)))
}

// noiseScale: a cost unit is this many priority units when there is noise,
// so that noise below one unit only breaks ties.
const noiseScale = 8

// memory is the bytes the search's tables take, or will once its table
// next grows.
func (s *search) memory() int {
	return s.tt.grown() + 8*cap(s.nodes) + 8*cap(s.heap)
}

func (s *search) do(m Move) { s.g.play(m) }

func (s *search) undo() { s.g.unplay() }

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
	s.cols.load(s.g)
	depth := s.nodes[idx].depth + 1
	for _, m := range ms {
		s.do(m)
		if s.g.status == games.Won {
			s.done, s.status, s.win = true, Solved, append(s.moves(idx), m)
			s.undo()
			return
		}
		// A dead end (no move left) is stored like any position: play
		// does not look for one, and it simply has no moves when expanded.
		if k := s.cols.key(s.g); s.tt.add(k) {
			s.nodes = append(s.nodes, node{parent: idx, move: pack(m), depth: depth})
			s.push(entry{prio: s.prio(k, depth), idx: uint32(len(s.nodes) - 1)})
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
