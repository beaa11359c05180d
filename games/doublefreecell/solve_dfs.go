package doublefreecell

import (
	"slices"

	"github.com/dealer/dealer/games"
)

// dfs is a depth-first search over every position, the most promising
// move first. It needs only the table of positions seen, so it proves a
// loss in little memory: Solve uses it when few cards are left.
type dfs struct {
	g    *Game
	w    *weights
	tt   *table
	u    *tracker
	bufs [][]Move // a move list for each depth
	out  bool     // the budget ran out
}

// depthFirst searches g's position depth-first.
func depthFirst(g *Game, u *tracker) Result {
	d := &dfs{g: g.Clone(), w: &portfolio[0], tt: newTable(1 << 10), u: u}
	d.tt.add(hashKey(d.g))
	var win []Move
	switch {
	case d.search(0, &win):
		slices.Reverse(win)
		return Result{Status: Solved, Moves: win}
	case d.out:
		return Result{Status: Unknown}
	}
	return Result{Status: Lost}
}

func (d *dfs) do(m Move) { d.g.play(m) }

func (d *dfs) undo() { d.g.unplay() }

// search explores g's position at depth dep; on a win it leaves the moves
// in *win, last first.
func (d *dfs) search(dep int, win *[]Move) bool {
	if d.u.slice(d.tt.grown()) == 0 {
		d.out = true
		return false
	}
	d.u.states++
	for len(d.bufs) <= dep {
		d.bufs = append(d.bufs, make([]Move, 0, 64))
	}
	ms := solverMoves(d.g, d.bufs[dep][:0])
	d.bufs[dep] = ms
	// Rate each move's position, leaving out those seen before: each is
	// searched, or waits on the stack to be, once only.
	type child struct {
		m    Move
		cost int32
	}
	kids := make([]child, 0, len(ms))
	for _, m := range ms {
		d.do(m)
		switch {
		case d.g.status == games.Won:
			d.undo()
			*win = append(*win, m)
			return true
		case d.g.status == games.Playing && d.tt.add(hashKey(d.g)):
			kids = append(kids, child{m, cost(d.g, d.w)})
		}
		d.undo()
	}
	slices.SortStableFunc(kids, func(a, b child) int { return int(a.cost) - int(b.cost) })
	for _, k := range kids {
		d.do(k.m)
		ok := d.search(dep+1, win)
		d.undo()
		if ok {
			*win = append(*win, k.m)
			return true
		}
		if d.out {
			return false
		}
	}
	return false
}
