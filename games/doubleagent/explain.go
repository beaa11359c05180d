package doubleagent

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// explain turns reason r, why the resolved move m is refused, into words a
// player can act on: a games.Refusal whose format names every word (the
// rows, the colours, "the run from"), so that it can be said in any
// language, its arguments the move, places, cards and ranks. It runs only
// on the error path.
func (p *Pos) explain(m Move, r reason) error {
	switch r {
	case rKind:
		return games.Refuse("%s: only card moves and uncovers change the position", m)
	case rBadPlace:
		if m.Kind == Uncover {
			return games.Refuse("%s: only a tableau has face-down cards", m)
		}
		return games.Refuse("%s: no such place here", m)
	case rSame:
		return games.Refuse("%s: a card cannot move to where it is", m)
	case rEmpty:
		return games.Refuse("%s: %s is empty", m, m.From)
	case rFaceDown:
		return games.Refuse("%s: the top card of %s is face down: uncover it with up %s, or build on it", m, m.From, m.From)
	case rTooMany:
		return games.Refuse("%s: %s has %d face-up card(s), not %d", m, m.From, p.tab[m.From].up(), m.N)
	case rRows:
		return games.Refuse("%s: a run moves only within its row; between the rows one card moves at a time", m)
	case rSingle:
		return games.Refuse("%s: only one card at a time goes to the prison or command, or leaves them", m)
	case rColour:
		return p.explainColour(m)
	case rRank:
		return p.explainRank(m)
	case rNotAgent:
		first, many := p.mover(m)
		if many {
			return games.Refuse("%s: only an agent goes into command, and the run from %s is not one", m, first)
		}
		return games.Refuse("%s: only an agent goes into command, and %s is not one", m, first)
	case rSlotTaken:
		return games.Refuse("%s: %s already holds the %s", m, m.To, p.cmd[m.To-C1])
	case rCellTaken:
		return games.Refuse("%s: %s holds a prisoner (%s); a cell takes one card or one foundation", m, m.To, p.cell[m.To-P1].top)
	case rAgentFound:
		return games.Refuse("%s: agents never go onto foundations", m)
	case rFoundNext:
		top := p.cell[m.To-P1].top
		if top.rank() == 13 {
			return games.Refuse("%s: the %s foundation in %s is complete", m, top.suit(), m.To)
		}
		next := cards.Card{Rank: cards.Rank(top.rank() + 1), Suit: top.suit()}
		return games.Refuse("%s: the %s foundation in %s takes %s next", m, top.suit(), m.To, next)
	case rFrozen:
		top := p.cell[m.To-P1].top
		if top.Card().Color() == cards.Red {
			return games.Refuse("%s: the %s foundation is frozen: no red agent is in command", m, top.suit())
		}
		return games.Refuse("%s: the %s foundation is frozen: no black agent is in command", m, top.suit())
	case rCmdOut:
		return games.Refuse("%s: an agent leaves command for a tableau (as a double agent) or an empty cell (as a prisoner)", m)
	case rPrisonerToCell:
		return games.Refuse("%s: a prisoner leaves its cell only for a tableau, a foundation or (an agent) command: to another empty cell it would change nothing", m)
	case rNoExposed:
		if p.tab[m.From].n == 0 {
			return games.Refuse("%s: %s is empty", m, m.From)
		}
		return games.Refuse("%s: %s has no exposed face-down card to uncover", m, m.From)
	}
	return games.Refuse("%s: not allowed", m)
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

// mover is what transfer m would move: its first card, and whether it is
// a run of more than one ("the run from" that card).
func (p *Pos) mover(m Move) (first card, many bool) {
	r := p.runOf(m)
	return r[0], len(r) > 1
}

// topOf is the top card of tableau t, with the rank an agent stands for
// (0: a card, or an agent that stands for no rank yet) and whether it is
// an agent.
func (p *Pos) topOf(t Place) (top card, as cards.Rank, agent bool) {
	run := p.tab[t].run()
	top = run[len(run)-1]
	if !top.isAgent() {
		return top, 0, false
	}
	return top, cards.Rank(rankAt(run, len(run)-1, dir(t))), true
}

// explainColour refuses transfer m for its colour: "t2 t4: 9♠ does not go
// on 10♣: colours alternate".
func (p *Pos) explainColour(m Move) error {
	first, many := p.mover(m)
	top, as, agent := p.topOf(m.To)
	switch {
	case !many && !agent:
		return games.Refuse("%s: %s does not go on %s: colours alternate", m, first, top)
	case !many && as != 0:
		return games.Refuse("%s: %s does not go on the %s (as %s): colours alternate", m, first, top, as)
	case !many:
		return games.Refuse("%s: %s does not go on the %s (any rank yet): colours alternate", m, first, top)
	case many && !agent:
		return games.Refuse("%s: the run from %s does not go on %s: colours alternate", m, first, top)
	case many && as != 0:
		return games.Refuse("%s: the run from %s does not go on the %s (as %s): colours alternate", m, first, top, as)
	default:
		return games.Refuse("%s: the run from %s does not go on the %s (any rank yet): colours alternate", m, first, top)
	}
}

// explainRank refuses transfer m for its rank, saying how the row builds:
// "t5 t2: 7♥ does not go on 9♣: the top row builds up, so it takes a red
// 10".
func (p *Pos) explainRank(m Move) error {
	d := dir(m.To)
	up := d > 0 // the top row builds up to K; the bottom row down to A
	dst := p.tab[m.To].run()
	run := p.runOf(m)
	dr := rankAt(dst, len(dst)-1, d)
	first, many := p.mover(m)
	top, as, agent := p.topOf(m.To)
	red := !dst[len(dst)-1].isRed() // the colour it takes
	next := cards.Rank(dr + d)
	switch {
	case dr == 0: // an agent that stands for no rank yet
		switch {
		case !many && up:
			return games.Refuse("%s: %s cannot go on the %s (any rank yet): the agent would stand for no rank (the top row builds up)", m, first, top)
		case !many && !up:
			return games.Refuse("%s: %s cannot go on the %s (any rank yet): the agent would stand for no rank (the bottom row builds down)", m, first, top)
		case many && up:
			return games.Refuse("%s: the run from %s cannot go on the %s (any rank yet): the agent would stand for no rank (the top row builds up)", m, first, top)
		case many && !up:
			return games.Refuse("%s: the run from %s cannot go on the %s (any rank yet): the agent would stand for no rank (the bottom row builds down)", m, first, top)
		}
	case !inRange(dr + d): // nothing goes past K or A
		switch {
		case !agent && up:
			return games.Refuse("%s: nothing goes on %s in the top row: it builds up to K, without wrapping", m, top)
		case !agent && !up:
			return games.Refuse("%s: nothing goes on %s in the bottom row: it builds down to A, without wrapping", m, top)
		case agent && up:
			return games.Refuse("%s: nothing goes on the %s (as %s) in the top row: it builds up to K, without wrapping", m, top, as)
		case agent && !up:
			return games.Refuse("%s: nothing goes on the %s (as %s) in the bottom row: it builds down to A, without wrapping", m, top, as)
		}
	case rankAt(run, 0, d) == 0: // agents with no rank left to stand for
		switch {
		case !agent && up:
			return games.Refuse("%s: no room on %s for %d agents: the top row stops at K", m, top, len(run))
		case !agent && !up:
			return games.Refuse("%s: no room on %s for %d agents: the bottom row stops at A", m, top, len(run))
		case agent && up:
			return games.Refuse("%s: no room on the %s (as %s) for %d agents: the top row stops at K", m, top, as, len(run))
		case agent && !up:
			return games.Refuse("%s: no room on the %s (as %s) for %d agents: the bottom row stops at A", m, top, as, len(run))
		}
	}
	switch {
	case !many && !agent && up && red:
		return games.Refuse("%s: %s does not go on %s: the top row builds up, so it takes a red %s", m, first, top, next)
	case !many && !agent && up && !red:
		return games.Refuse("%s: %s does not go on %s: the top row builds up, so it takes a black %s", m, first, top, next)
	case !many && !agent && !up && red:
		return games.Refuse("%s: %s does not go on %s: the bottom row builds down, so it takes a red %s", m, first, top, next)
	case !many && !agent && !up && !red:
		return games.Refuse("%s: %s does not go on %s: the bottom row builds down, so it takes a black %s", m, first, top, next)
	case !many && agent && up && red:
		return games.Refuse("%s: %s does not go on the %s (as %s): the top row builds up, so it takes a red %s", m, first, top, as, next)
	case !many && agent && up && !red:
		return games.Refuse("%s: %s does not go on the %s (as %s): the top row builds up, so it takes a black %s", m, first, top, as, next)
	case !many && agent && !up && red:
		return games.Refuse("%s: %s does not go on the %s (as %s): the bottom row builds down, so it takes a red %s", m, first, top, as, next)
	case !many && agent && !up && !red:
		return games.Refuse("%s: %s does not go on the %s (as %s): the bottom row builds down, so it takes a black %s", m, first, top, as, next)
	case many && !agent && up && red:
		return games.Refuse("%s: the run from %s does not go on %s: the top row builds up, so it takes a red %s", m, first, top, next)
	case many && !agent && up && !red:
		return games.Refuse("%s: the run from %s does not go on %s: the top row builds up, so it takes a black %s", m, first, top, next)
	case many && !agent && !up && red:
		return games.Refuse("%s: the run from %s does not go on %s: the bottom row builds down, so it takes a red %s", m, first, top, next)
	case many && !agent && !up && !red:
		return games.Refuse("%s: the run from %s does not go on %s: the bottom row builds down, so it takes a black %s", m, first, top, next)
	case many && agent && up && red:
		return games.Refuse("%s: the run from %s does not go on the %s (as %s): the top row builds up, so it takes a red %s", m, first, top, as, next)
	case many && agent && up && !red:
		return games.Refuse("%s: the run from %s does not go on the %s (as %s): the top row builds up, so it takes a black %s", m, first, top, as, next)
	case many && agent && !up && red:
		return games.Refuse("%s: the run from %s does not go on the %s (as %s): the bottom row builds down, so it takes a red %s", m, first, top, as, next)
	default: // many && agent && !up && !red
		return games.Refuse("%s: the run from %s does not go on the %s (as %s): the bottom row builds down, so it takes a black %s", m, first, top, as, next)
	}
}
