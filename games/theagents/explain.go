package theagents

import (
	"slices"
	"strings"

	"github.com/dealer/dealer/games"
)

// explain says, in plain words, why move m is not legal for seat now. It
// returns nil when it finds no reason (Apply then gives a general one).
func (g *Game) explain(seat games.Seat, m Move) error {
	if p := g.pend; p != nil {
		if seat != p.performer {
			return games.Refuse("waiting for seat %d to perform the %s's command", p.performer, p.agent.Name)
		}
		return g.explainChoice(m)
	}
	switch m.Kind {
	case MoveKill, MoveExtract, MoveTurn, MoveSwap, MoveRevive, MoveSpy, MoveTake, MoveSteal:
		return games.Refuse("no command is waiting for a choice: %s is not possible now", m)
	}
	if seat != g.turn {
		if m.Kind == MovePlay {
			if a, ok := AgentByKey(m.Card); ok && !a.Mercenary {
				return games.Refuse("it is seat %d's turn: only a Mercenary may be played outside your turn", g.turn)
			}
		} else {
			return games.Refuse("it is seat %d's turn, not yours", g.turn)
		}
	}
	action := func() error {
		if seat == g.turn && g.actions == 0 {
			return games.Refuse("you have used both actions: assign missions or end your turn")
		}
		return nil
	}
	switch m.Kind {
	case MovePlay:
		return g.explainPlay(seat, m, action)
	case MoveUse:
		if err := action(); err != nil {
			return err
		}
		return g.explainUse(seat, m)
	case MoveBuyAgent, MoveBuyMission:
		if err := action(); err != nil {
			return err
		}
		if m.Kind == MoveBuyMission {
			if g.ip[seat] < MissionPrice {
				return games.Refuse("a mission costs %d IP and you have %d", MissionPrice, g.ip[seat])
			}
			return games.Refuse("there is no mission left to buy")
		}
		if g.ip[seat] < AgentPrice {
			return games.Refuse("an agent costs %d IP and you have %d", AgentPrice, g.ip[seat])
		}
		return games.Refuse("there is no agent left to buy")
	case MoveDraw:
		if err := action(); err != nil {
			return err
		}
		if len(g.hands[seat]) > 0 || g.ip[seat] > 0 {
			return games.Refuse("you may draw only with no agent in hand and no IP: buy an agent instead")
		}
		return games.Refuse("there is no agent left to draw")
	case MoveTrade:
		if err := action(); err != nil {
			return err
		}
		return g.explainMission(seat, m)
	case MoveAssign, MoveRecall, MoveShift:
		if g.shifts >= ShiftsPerTurn {
			return games.Refuse("you have moved missions %d times this turn: that is the limit", ShiftsPerTurn)
		}
		return g.explainMission(seat, m)
	case MoveEnd:
		if g.actions > 0 {
			return games.Refuse("take your %d action(s) first: a turn has exactly two actions", g.actions)
		}
	}
	return nil
}

// explainUse says why seat may not re-activate the card of move m.
func (g *Game) explainUse(seat games.Seat, m Move) error {
	c, err := g.cardAt(m.F, m.P)
	if err != nil {
		return err
	}
	switch {
	case c.SafeHouse:
		return games.Refuse("a Safe-House has no command")
	case c.Dead:
		return games.Refuse("that agent is dead: dead agents have no command")
	case c.Cmd != seat:
		return games.Refuse("that agent's command faces seat %d, not you", c.Cmd)
	}
	return games.Refuse("the %s's command cannot be performed now", agentCard(c.ID).Name)
}

// cardAt is the card at place (f, p), both from 1, or why there is none.
func (g *Game) cardAt(f, p int) (Placed, error) {
	if f < 1 || f > len(g.board) {
		return Placed{}, games.Refuse("there is no faction %s", factionName(f))
	}
	row := g.board[f-1].Cards
	if p < 1 || p > len(row) {
		return Placed{}, games.Refuse("faction %s has no card %d (it has %d)", factionName(f), p, len(row))
	}
	return row[p-1], nil
}

func (g *Game) explainPlay(seat games.Seat, m Move, action func() error) error {
	id := agentIn(g.hands[seat], m.Card)
	if id < 0 {
		return games.Refuse("you hold no %s", m.Card)
	}
	a := agentCard(id)
	if !a.Mercenary {
		if err := action(); err != nil {
			return err
		}
	}
	if a.Free {
		if m.F != 0 {
			return games.Refuse("the %s is a Free Agent: play it between two players, like play %s cmd 1 ip 0", a.Name, a.Key)
		}
		if int(m.Cmd) >= g.n || int(m.IP) >= g.n {
			return games.Refuse("there is no such seat at this table")
		}
		if m.Cmd == m.IP || (m.Cmd != seat && m.IP != seat) {
			return games.Refuse("a Free Agent goes between you and another player: one of cmd and ip is you")
		}
		return games.Refuse("the %s may be played only when its command can be performed, and it cannot now", a.Name)
	}
	if m.F == 0 {
		return games.Refuse("the %s goes to a faction: play %s A0 cmd 1", a.Name, a.Key)
	}
	if m.F < 0 || m.F > len(g.board) || m.P < 0 {
		return games.Refuse("there is no faction %s", factionName(m.F))
	}
	f := &g.board[m.F-1]
	switch {
	case !f.Has(seat) && !a.AnyFaction:
		return games.Refuse("faction %s lies between two other players: play to your own factions", f.Name)
	case f.Full():
		return games.Refuse("faction %s is full (%d agents)", f.Name, f.Limit)
	case m.P > len(f.Cards):
		return games.Refuse("faction %s has slots 0 to %d", f.Name, len(f.Cards))
	case !a.InsertAnywhere && m.P != 0 && m.P != len(f.Cards):
		return games.Refuse("agents go at either end of a faction: %s0 or %s%d", f.Name, f.Name, len(f.Cards))
	case !f.Has(m.Cmd):
		return games.Refuse("the command must face one of the faction's players, seat %d or seat %d", f.Players[0], f.Players[1])
	}
	return nil
}

func (g *Game) explainMission(seat games.Seat, m Move) error {
	needF := m.Kind != MoveTrade || m.F != 0
	if (needF && (m.F < 1 || m.F > len(g.board))) || (m.Kind == MoveShift && (m.F2 < 1 || m.F2 > len(g.board))) {
		return games.Refuse("there is no such faction")
	}
	onF := func(fi int) bool {
		return slices.ContainsFunc(g.board[fi].Missions, func(a Assigned) bool { return a.Owner == seat && a.Mission == m.Card })
	}
	switch {
	case m.Kind == MoveAssign || (m.Kind == MoveTrade && m.F == 0):
		if missionIn(g.missions[seat], m.Card) < 0 {
			return games.Refuse("you hold no %s mission", m.Card)
		}
		if m.Kind == MoveAssign {
			return g.canAssign(seat, m.Card, m.F-1)
		}
	default:
		if !onF(m.F - 1) {
			return games.Refuse("you have no %s mission on faction %s", m.Card, factionName(m.F))
		}
		if m.Kind == MoveShift {
			return g.canAssign(seat, m.Card, m.F2-1)
		}
	}
	return nil
}

func (g *Game) explainChoice(m Move) error {
	p := g.pend
	cs := g.choices()
	var texts []string
	for i, c := range cs {
		if i == 6 {
			texts = append(texts, "…")
			break
		}
		texts = append(texts, c.String())
	}
	return games.Refuse("perform the %s's command (%s) first: %s", p.agent.Name, strings.TrimSuffix(p.agent.Command.Text(), "."), strings.Join(texts, ", "))
}
