package doublefreecell

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// play makes board move m, which must be one BoardMoves lists in g's
// position (resolved and legal), with its autoplays: Do without the checks
// the solver does not need. It skips resolve, since m is resolved already,
// and the test for a dead end (no board move left), which costs as much as
// listing the moves: such a position is left Playing and simply has no
// moves when the solver gets to it. Won is still set.
func (g *Game) play(m Move) {
	var c cards.Card // the bottom card moved, as Do logs it for undo
	if m.From.IsCell() {
		c = g.cells[m.From.cell()]
	} else {
		col := &g.cols[m.From]
		c = col.cards[int(col.n)-int(m.N)]
	}
	g.push(m, c)
	g.move(m)
	if g.autoplay {
		g.sendUp(true)
	}
	if g.Score() == numCards {
		g.status = games.Won
	}
}

// unplay takes back the last play.
func (g *Game) unplay() {
	g.undo()
	g.status = games.Playing
}
