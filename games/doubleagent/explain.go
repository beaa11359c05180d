package doubleagent

import (
	"fmt"

	"github.com/dealer/dealer/games/cards"
)

// explain turns reason r, why the resolved move m is refused, into words a
// player can act on. It runs only on the error path.
func (p *Pos) explain(m Move, r reason) error {
	var msg string
	switch r {
	case rKind:
		msg = "only card moves and uncovers change the position"
	case rBadPlace:
		msg = "no such place here"
		if m.Kind == Uncover {
			msg = "only a tableau has face-down cards"
		}
	case rSame:
		msg = "a card cannot move to where it is"
	case rEmpty:
		msg = m.From.String() + " is empty"
	case rFaceDown:
		msg = fmt.Sprintf("the top card of %s is face down: uncover it with up %s, or build on it", m.From, m.From)
	case rTooMany:
		msg = fmt.Sprintf("%s has %d face-up card(s), not %d", m.From, p.tab[m.From].up(), m.N)
	case rRows:
		msg = "a run moves only within its row; between the rows one card moves at a time"
	case rSingle:
		msg = "only one card at a time goes to the prison or command, or leaves them"
	case rColour:
		msg = fmt.Sprintf("%s does not go on %s: colours alternate", p.mover(m), p.describeTop(m.To))
	case rRank:
		msg = p.explainRank(m)
	case rNotAgent:
		msg = fmt.Sprintf("only an agent goes into command, and %s is not one", p.mover(m))
	case rSlotTaken:
		msg = fmt.Sprintf("%s already holds the %s", m.To, p.cmd[m.To-C1])
	case rCellTaken:
		msg = fmt.Sprintf("%s holds a prisoner (%s); a cell takes one card or one foundation", m.To, p.cell[m.To-P1].top)
	case rAgentFound:
		msg = "agents never go onto foundations"
	case rFoundNext:
		top := p.cell[m.To-P1].top
		if top.rank() == 13 {
			msg = fmt.Sprintf("the %s foundation in %s is complete", top.suit(), m.To)
		} else {
			next := cards.Card{Rank: cards.Rank(top.rank() + 1), Suit: top.suit()}
			msg = fmt.Sprintf("the %s foundation in %s takes %s next", top.suit(), m.To, next)
		}
	case rFrozen:
		top := p.cell[m.To-P1].top
		msg = fmt.Sprintf("the %s foundation is frozen: no %s agent is in command", top.suit(), top.Card().Color())
	case rCmdOut:
		msg = "an agent leaves command for a tableau (as a double agent) or an empty cell (as a prisoner)"
	case rPrisonerToCell:
		msg = "a prisoner leaves its cell only for a tableau, a foundation or (an agent) command: to another empty cell it would change nothing"
	case rNoExposed:
		msg = m.From.String() + " has no exposed face-down card to uncover"
		if p.tab[m.From].n == 0 {
			msg = m.From.String() + " is empty"
		}
	default:
		msg = "not allowed"
	}
	return fmt.Errorf("%s: %s", m, msg)
}

// runOf returns the cards transfer m would move.
func (p *Pos) runOf(m Move) []card {
	switch {
	case m.From.IsTableau():
		return p.tab[m.From].topRun(int(m.N))
	case m.From.IsCell():
		return []card{p.cell[m.From-P1].top}
	}
	return []card{p.cmd[m.From-C1]}
}

// mover names what transfer m would move.
func (p *Pos) mover(m Move) string {
	r := p.runOf(m)
	if len(r) > 1 {
		return "the run from " + r[0].String()
	}
	return r[0].String()
}

// describeTop names the top card of tableau t, with the rank an agent
// stands for.
func (p *Pos) describeTop(t Place) string {
	run := p.tab[t].run()
	c := run[len(run)-1]
	if !c.isAgent() {
		return c.String()
	}
	if r := rankAt(run, len(run)-1, dir(t)); r != 0 {
		return fmt.Sprintf("the %s (as %s)", c, cards.Rank(r))
	}
	return fmt.Sprintf("the %s (any rank yet)", c)
}

func (p *Pos) explainRank(m Move) string {
	d := dir(m.To)
	dst := p.tab[m.To].run()
	run := p.runOf(m)
	row, way, end := "top", "up", cards.King
	if d < 0 {
		row, way, end = "bottom", "down", cards.Ace
	}
	dr := rankAt(dst, len(dst)-1, d)
	top := p.describeTop(m.To)
	switch {
	case dr == 0:
		return fmt.Sprintf("%s cannot go on %s: the agent would stand for no rank (the %s row builds %s)", p.mover(m), top, row, way)
	case !inRange(dr + d):
		return fmt.Sprintf("nothing goes on %s in the %s row: it builds %s to %s, without wrapping", top, row, way, end)
	case rankAt(run, 0, d) == 0:
		return fmt.Sprintf("no room on %s for %d agents: the %s row stops at %s", top, len(run), row, end)
	}
	colour := cards.Red
	if dst[len(dst)-1].isRed() {
		colour = cards.Black
	}
	return fmt.Sprintf("%s does not go on %s: the %s row builds %s, so it takes a %s %s", p.mover(m), top, row, way, colour, cards.Rank(dr+d))
}
