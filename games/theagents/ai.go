package theagents

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dealer/dealer/games"
)

// The computer player.
//
// It sees only its View and its legal moves, and is deterministic. It judges
// every legal move by the position it leads to, worked out on a copy of the
// public board with the engine's own token and mission functions:
//
//   - A position is worth, to a player, its IP, plus Horizon times what it
//     would collect at the end of a turn (tokens facing it in its factions,
//     missions whose condition holds), plus its cards in hand (the first few
//     worth more than the rest); minus the same for the other players,
//     weighted so that all opponents together count as one and the leader
//     counts most.
//   - Playing an agent is judged with its command performed: when the
//     command faces itself it assumes its own best target; when it faces
//     another player, that player's best target for themselves. So it keeps
//     commands whose effect is worth more than the tokens given away, and
//     completes tokens facing itself or spoils those facing others.
//   - Free Agents are judged the same way, IP included; buying and drawing
//     by the value of one more card against the IP spent; missions are
//     assigned (and moved) to where their condition holds and traded when
//     they hold nowhere.
//   - Outside its turn it plays a Mercenary only when that gains more than
//     the card is worth in hand, and otherwise returns no move (nil).
//
// Ties go to the first of the legal moves, so the choice is deterministic.

// Horizon is how many turns of income a position is expected to bring.
const Horizon = 2.0

// Choose picks the move of the computer player at seat: nil when seat has
// nothing to do, or is offered only a Mercenary play it does not want.
func Choose(g games.Game, seat games.Seat) games.Move {
	m, _ := choose(g, seat)
	return m
}

// choose is Choose, also returning how many legal moves it judged: the
// measure of its work.
func choose(g games.Game, seat games.Seat) (games.Move, int) {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil, 0
	}
	v, ok := g.View(seat).(View)
	if !ok || v.Viewer != seat {
		return legal[0], len(legal)
	}
	offTurn := len(v.ToAct) == 0 || v.ToAct[0] != seat
	return newMind(v).pick(legal, offTurn), len(legal)
}

// chooseOn is choose made on the game itself, without copying a view: the
// same move from the same facts, for Hard's simulations.
func (g *Game) chooseOn(seat games.Seat) (games.Move, int) {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil, 0
	}
	waited := g.turn
	if g.pend != nil {
		waited = g.pend.performer
	}
	k := &mind{seat: seat, base: &position{n: g.n, board: cloneBoard(g.board)}}
	if g.pend != nil {
		k.pendN = g.pend.agent.Command.N
	}
	for s := range g.n {
		k.base.ip[s] = float64(g.ip[s])
		k.base.hands[s] = len(g.hands[s])
		k.base.missions[s] = len(g.missions[s])
	}
	return k.pick(legal, seat != waited), len(legal)
}

// pick is the move the mind judges best among legal; nil off turn when no
// Mercenary play gains enough.
func (k *mind) pick(legal []games.Move, offTurn bool) games.Move {
	base := k.base.worth(k.seat)
	var best games.Move
	bestV := 0.0
	for _, lm := range legal {
		m, ok := lm.(Move)
		if !ok {
			continue
		}
		val := k.judge(m)
		if best == nil || val > bestV {
			best, bestV = lm, val
		}
	}
	if offTurn && (best == nil || bestV-base < mercenaryMargin) {
		return nil
	}
	if best == nil {
		return legal[0]
	}
	return best
}

// mercenaryMargin is the least gain for which a Mercenary is played off turn.
const mercenaryMargin = 1.0

// position is the public part of the game the computer player reasons on.
// Its per-seat figures are arrays, so that a copy of the struct copies them.
type position struct {
	n        int
	board    []Faction
	ip       [MaxPlayers]float64
	hands    [MaxPlayers]int // agent cards in hand, per seat
	missions [MaxPlayers]int // mission cards in hand, per seat
	bonus    [MaxPlayers]float64
}

func (p *position) clone() *position {
	c := *p
	c.board = cloneBoard(p.board)
	return &c
}

// handValue is what h agent cards in hand are worth.
func handValue(h int) float64 {
	marg := []float64{2.5, 2, 1.5, 1, 0.8, 0.6}
	v := 0.0
	for i := range h {
		v += marg[min(i, len(marg)-1)]
	}
	return v
}

// missionValue is what an unassigned mission card is worth.
const missionValue = 1.2

// own is what the position is worth to seat s on its own, with income its
// Income on the board.
func (p *position) own(s games.Seat, income int) float64 {
	return p.ip[s] + Horizon*float64(income) + handValue(p.hands[s]) +
		missionValue*float64(min(p.missions[s], 3)) + p.bonus[s]
}

// worth is the position's value to seat s: its own worth less the others'.
func (p *position) worth(s games.Seat) float64 {
	var inc [MaxPlayers]int
	incomes(p.board, &inc)
	var own [MaxPlayers]float64
	for o := range p.n {
		own[o] = p.own(games.Seat(o), inc[o])
	}
	lead := -1e9
	for o := range p.n {
		if games.Seat(o) != s {
			lead = max(lead, own[o])
		}
	}
	v := own[s]
	w := 1.0 / float64(p.n-1)
	for o := range p.n {
		if games.Seat(o) == s {
			continue
		}
		wo := w
		if p.n > 2 && own[o] == lead {
			wo *= 1.5
		}
		v -= wo * own[o]
	}
	return v
}

// mind is what the computer player knows: its view, as a position, and
// the amount of the command waiting for a choice, if any.
type mind struct {
	seat  games.Seat
	base  *position
	pendN int
}

func newMind(v View) *mind {
	p := &position{n: v.Players}
	for _, f := range v.Factions {
		p.board = append(p.board, f.Faction.clone())
	}
	for s := range v.Players {
		p.ip[s] = float64(v.IP[s])
		p.hands[s] = v.HandSizes[s]
		p.missions[s] = v.MissionCounts[s]
	}
	k := &mind{seat: v.Viewer, base: p}
	if v.Pending != nil {
		k.pendN = v.Pending.Command.N
	}
	return k
}

// judge is the worth to the player of the position after move m.
func (k *mind) judge(m Move) float64 {
	me := k.seat
	p := k.base.clone()
	switch m.Kind {
	case MovePlay:
		a, _ := AgentByKey(m.Card)
		p.hands[me]--
		if a.Free {
			resolveFree(p, a, m.Cmd, m.IP)
		} else {
			insert(p.board, m.F-1, m.P, Placed{ID: -1, Agent: a.Key, Colour: a.Colour, Cmd: m.Cmd})
			p = resolve(p, Loc{m.F - 1, m.P}, a.Command, m.Cmd)
		}
		p.bonus[me] += quality(a) / 10
	case MoveUse:
		c := p.board[m.F-1].Cards[m.P-1]
		a, _ := AgentByKey(c.Agent)
		p = resolve(p, Loc{m.F - 1, m.P - 1}, a.Command, me)
	case MoveBuyAgent:
		p.ip[me] -= AgentPrice
		p.hands[me]++
	case MoveBuyMission:
		p.ip[me] -= MissionPrice
		p.missions[me]++
	case MoveDraw:
		p.hands[me]++
	case MoveTrade:
		// The new mission is worth a mission card; the old one what it
		// would pay where it could go.
		p.bonus[me] += missionValue - k.missionPotential(m.Card)
		if m.F > 0 {
			unassignIn(p.board, me, m.Card, m.F-1)
		} else {
			p.missions[me]--
		}
		p.missions[me]++
	case MoveAssign:
		p.missions[me]--
		f := &p.board[m.F-1]
		f.Missions = append(f.Missions, Assigned{Mission: m.Card, Owner: me})
		p.bonus[me] += 0.01 // assigned missions keep paying once the board suits them
	case MoveRecall:
		unassignIn(p.board, me, m.Card, m.F-1)
		p.missions[me]++
		p.bonus[me] -= 0.02
	case MoveShift:
		unassignIn(p.board, me, m.Card, m.F-1)
		f := &p.board[m.F2-1]
		f.Missions = append(f.Missions, Assigned{Mission: m.Card, Owner: me})
		p.bonus[me] -= 0.02
	case MoveEnd:
	case MoveSpy:
		p.hands[m.Seat]--
		p.hands[me]++
	case MoveTake:
		a, _ := AgentByKey(m.Card)
		p.bonus[me] -= quality(a) / 10 // the better card
	case MoveSteal:
		n := min(float64(k.pendingN()), p.ip[m.Seat])
		p.ip[m.Seat] -= n
		p.ip[me] += n
	default:
		applyChoice(p, m, me)
	}
	return p.worth(me)
}

// pendingN is the amount of the pending command, if any.
func (k *mind) pendingN() int { return k.pendN }

// missionPotential is what mission key would pay the player on the board as
// it is, at best, over the horizon.
func (k *mind) missionPotential(key string) float64 {
	ms, _ := MissionByKey(key)
	for i := range k.base.board {
		f := &k.base.board[i]
		if f.Has(k.seat) && f.Agents() > 0 && f.Holds(ms.Condition, k.seat) {
			return Horizon * float64(ms.Reward)
		}
	}
	return 0.5
}

// quality is a small preference between agents in hand: the ones that are
// more useful later.
func quality(a Agent) float64 {
	q := 0.0
	if a.Mercenary {
		q++
	}
	if a.Free {
		q += float64(a.IP) / 2
	}
	if a.Command.Scope == Anywhere {
		q++
	}
	return -q // playing a good card costs more than playing a poor one
}

func unassignIn(b []Faction, s games.Seat, key string, fi int) {
	f := &b[fi]
	for i, a := range f.Missions {
		if a.Owner == s && a.Mission == key {
			f.Missions = slices.Delete(f.Missions, i, i+1)
			return
		}
	}
}

// applyChoice applies an agent command's choice to the position.
func applyChoice(p *position, m Move, performer games.Seat) {
	if _, ok := perform(p.board, m); ok {
		p.hands[performer]++
		for i := range p.board {
			if p.board[i].Agents() == 0 {
				for _, a := range p.board[i].Missions {
					p.missions[a.Owner]++
				}
				p.board[i].Missions = nil
			}
		}
	}
}

// resolve performs the command c of the card at src for performer, who is
// assumed to pick the target best for themselves, and returns the position.
func resolve(p *position, src Loc, c Command, performer games.Seat) *position {
	best, bestV := p, 0.0
	for i, t := range targets(p.board, src, c) {
		q := p.clone()
		applyChoice(q, t, performer)
		if v := q.worth(performer); i == 0 || v > bestV {
			best, bestV = q, v
		}
	}
	return best
}

// resolveFree performs Free Agent a for performer and pays its IP to ipTo.
func resolveFree(p *position, a Agent, performer, ipTo games.Seat) {
	c := a.Command
	switch c.Kind {
	case Draw:
		p.hands[performer] += c.N
	case DrawMission:
		p.missions[performer] += c.N
	case Spy, Steal:
		victim, bestV := games.Seat(-1), 0.0
		for o := range p.n {
			s := games.Seat(o)
			if s == performer || (c.Kind == Spy && p.hands[s] == 0) || (c.Kind == Steal && p.ip[s] == 0) {
				continue
			}
			q := p.clone()
			transfer(q, c, s, performer)
			if v := q.worth(performer); victim < 0 || v > bestV {
				victim, bestV = s, v
			}
		}
		if victim >= 0 {
			transfer(p, c, victim, performer)
		}
	default:
		*p = *resolve(p, Loc{-1, -1}, c, performer)
	}
	p.ip[ipTo] += float64(a.IP)
}

func transfer(p *position, c Command, from, to games.Seat) {
	if c.Kind == Spy {
		p.hands[from]--
		p.hands[to]++
		return
	}
	n := min(float64(c.N), p.ip[from])
	p.ip[from] -= n
	p.ip[to] += n
}

// MaxMoves bounds a game in PlayOut: far beyond any real game.
const MaxMoves = 20000

// PlayOut plays g to its end. players[i] plays seat i; a missing or nil
// player is the computer player Choose. Before each move of the seat the
// game waits on, every other seat that may play a Mercenary is asked first;
// a player that returns nil lets it pass. It stops with an error if the seat
// waited on picks no move or an illegal one, or if the game runs too long.
func PlayOut(g *Game, players ...games.Computer) error {
	if len(players) > g.n {
		return fmt.Errorf("%d players for %d seats", len(players), g.n)
	}
	pick := func(s games.Seat) games.Computer {
		if int(s) < len(players) && players[s] != nil {
			return players[s]
		}
		return Choose
	}
	for n := 0; !g.Status().Finished(); n++ {
		if n == MaxMoves {
			return errors.New("the game did not finish")
		}
		act := g.ToAct()
		seat := act[0]
		var m games.Move
		for _, s := range act[1:] {
			if m = pick(s)(g, s); m != nil {
				seat = s
				break
			}
		}
		if m == nil {
			if m = pick(seat)(g, seat); m == nil {
				return fmt.Errorf("seat %d found no move", seat)
			}
		}
		if err := g.Apply(seat, m); err != nil {
			return fmt.Errorf("seat %d: %s: %w", seat, m, err)
		}
	}
	return nil
}
