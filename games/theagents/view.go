package theagents

import (
	"slices"

	"github.com/dealer/dealer/games"
)

// AgentCard is one agent card, by id and key.
type AgentCard struct {
	ID    int    `json:"id"`
	Agent string `json:"agent"`
}

// MissionCard is one mission card, by id and key.
type MissionCard struct {
	ID      int    `json:"id"`
	Mission string `json:"mission"`
}

// FactionView is a faction as shown: its cards, missions and complete tokens.
type FactionView struct {
	Faction
	Tokens []Token `json:"tokens"`
}

// PendingView is a command waiting for its performer's choice.
type PendingView struct {
	// Performer is the seat the command faces, who must choose; Owner the
	// seat that played or re-activated the card.
	Performer games.Seat `json:"performer"`
	Owner     games.Seat `json:"owner"`
	Agent     string     `json:"agent"`
	Command   Command    `json:"command"`
	// At is the card's place ("B3"); empty for a Free Agent, which pays IP
	// to IPTo once the command is performed.
	At   string      `json:"at,omitempty"`
	Free bool        `json:"free,omitempty"`
	IP   int         `json:"ip,omitempty"`
	IPTo *games.Seat `json:"ip_to,omitempty"`
	// Victim is the seat whose hand a spy looks at, once chosen; the
	// performer alone sees that hand in VictimHand.
	Victim     *games.Seat `json:"victim,omitempty"`
	VictimHand []AgentCard `json:"victim_hand,omitempty"`
}

// View is what one viewer may see of the table. For a seat it holds that
// seat's own hand of agents and missions; for the spectator no hand. Slices
// are copies: changing them changes nothing in the game.
type View struct {
	// Viewer is the seat the view is for, or games.Spectator.
	Viewer  games.Seat   `json:"viewer"`
	Deal    uint64       `json:"deal"`
	Players int          `json:"players"`
	Status  games.Status `json:"status"`
	Moves   int          `json:"moves"`
	// First is the seat that played first; Turn the seat whose turn it is
	// (-1 once the game is over); Turns the turns completed.
	First games.Seat `json:"first"`
	Turn  games.Seat `json:"turn"`
	Turns int        `json:"turns"`
	// ActionsLeft counts the actions left in this turn; MissionMovesLeft
	// the free mission moves left.
	ActionsLeft      int `json:"actions_left"`
	MissionMovesLeft int `json:"mission_moves_left"`
	// ToAct lists the seats that may move now as the viewer may know them:
	// the one the game waits on, and the viewer when it may play a
	// Mercenary out of turn (whether others may is their secret).
	ToAct []games.Seat `json:"to_act"`

	// Hand and Missions are the viewer's own cards (absent for the
	// spectator).
	Hand     []AgentCard   `json:"hand,omitempty"`
	Missions []MissionCard `json:"missions,omitempty"`
	// HandSizes and MissionCounts count every seat's cards in hand.
	HandSizes     []int `json:"hand_sizes"`
	MissionCounts []int `json:"mission_counts"`
	// IP is every seat's Intel Points; Income what each would collect if
	// its turn ended now.
	IP     []int `json:"ip"`
	Income []int `json:"income"`

	Factions []FactionView `json:"factions"`
	// AgentDeck and MissionDeck count the cards left in the decks; the
	// retirement piles lie face up.
	AgentDeck      int           `json:"agent_deck"`
	MissionDeck    int           `json:"mission_deck"`
	AgentRetired   []AgentCard   `json:"agent_retired"`
	MissionRetired []MissionCard `json:"mission_retired"`

	Pending *PendingView `json:"pending,omitempty"`
	// Goal is the IP that ends the game; Ending is set once someone has
	// reached it and the round is being played out.
	Goal   int  `json:"goal"`
	Ending bool `json:"ending,omitempty"`
	// Last is what the last turn's player collected.
	Last    *Scoring     `json:"last,omitempty"`
	Winners []games.Seat `json:"winners,omitempty"`
}

func agentCards(ids []int) []AgentCard {
	out := make([]AgentCard, len(ids))
	for i, id := range ids {
		out[i] = AgentCard{ID: id, Agent: agentCard(id).Key}
	}
	return out
}

func missionCards(ids []int) []MissionCard {
	out := make([]MissionCard, len(ids))
	for i, id := range ids {
		out[i] = MissionCard{ID: id, Mission: missionCard(id).Key}
	}
	return out
}

// View returns what viewer may see: a View.
func (g *Game) View(viewer games.Seat) any { return g.view(viewer) }

func (g *Game) view(viewer games.Seat) View {
	if viewer < 0 || int(viewer) >= g.n {
		viewer = games.Spectator
	}
	v := View{
		Viewer:         viewer,
		Deal:           g.deal,
		Players:        g.n,
		Status:         g.Status(),
		Moves:          g.moves,
		First:          g.first,
		Turn:           g.turn,
		Turns:          g.turns,
		ActionsLeft:    g.actions,
		ToAct:          g.visibleToAct(viewer),
		IP:             slices.Clone(g.ip),
		AgentDeck:      len(g.agentDeck),
		MissionDeck:    len(g.missionDeck),
		AgentRetired:   agentCards(g.agentRetired),
		MissionRetired: missionCards(g.missionRetired),
		Goal:           g.goal,
		Ending:         g.ending,
		Winners:        g.Winners(),
	}
	if g.over {
		v.Turn = -1
	} else {
		v.MissionMovesLeft = ShiftsPerTurn - g.shifts
	}
	for s := range g.n {
		v.HandSizes = append(v.HandSizes, len(g.hands[s]))
		v.MissionCounts = append(v.MissionCounts, len(g.missions[s]))
		v.Income = append(v.Income, Income(g.board, games.Seat(s)))
	}
	for i := range g.board {
		f := g.board[i].clone()
		v.Factions = append(v.Factions, FactionView{Faction: f, Tokens: f.Tokens()})
	}
	if g.last != nil {
		l := *g.last
		v.Last = &l
	}
	if p := g.pend; p != nil {
		pv := &PendingView{Performer: p.performer, Owner: p.owner, Agent: p.agent.Key, Command: p.agent.Command}
		if p.agent.Free {
			to := p.ipTo
			pv.Free, pv.IP, pv.IPTo = true, p.agent.IP, &to
		} else {
			pv.At = ref(p.src.F+1, p.src.P+1)
		}
		if p.victim >= 0 {
			vic := p.victim
			pv.Victim = &vic
			if viewer == p.performer {
				pv.VictimHand = agentCards(g.hands[vic])
			}
		}
		v.Pending = pv
	}
	if viewer != games.Spectator {
		v.Hand = agentCards(g.hands[viewer])
		v.Missions = missionCards(g.missions[viewer])
	}
	return v
}

// State is the whole position, hidden parts included: the spectator's view
// plus every hand and the order of both decks (top first).
type State struct {
	View
	Hands        [][]AgentCard   `json:"hands"`
	MissionHands [][]MissionCard `json:"mission_hands"`
	AgentOrder   []AgentCard     `json:"agent_order"`
	MissionOrder []MissionCard   `json:"mission_order"`
}

// State returns the complete position (games.Stater).
func (g *Game) State() any { return g.state() }

func (g *Game) state() State {
	st := State{
		View:         g.view(games.Spectator),
		AgentOrder:   agentCards(g.agentDeck),
		MissionOrder: missionCards(g.missionDeck),
	}
	for s := range g.n {
		st.Hands = append(st.Hands, agentCards(g.hands[s]))
		st.MissionHands = append(st.MissionHands, missionCards(g.missions[s]))
	}
	return st
}

// Summary is a game's record for the scripted mode.
type Summary struct {
	Game    string       `json:"game"`
	Deal    uint64       `json:"deal"`
	Players int          `json:"players"`
	Status  games.Status `json:"status"`
	Moves   int          `json:"moves"`
	// Turns counts the turns taken; Rounds the complete rounds.
	Turns  int `json:"turns"`
	Rounds int `json:"rounds"`
	// IP is each player's final (or current) Intel Points.
	IP []int `json:"ip"`
	// Winners share the win (one seat unless tied); Winner is set when there
	// is exactly one.
	Winners []games.Seat `json:"winners"`
	Winner  *games.Seat  `json:"winner"`
}

// GameSummary is Summary as a games.Summarizer.
func (g *Game) GameSummary() any { return g.Summary() }

// Summary reports the game so far.
func (g *Game) Summary() Summary {
	s := Summary{
		Game:    "theagents",
		Deal:    g.deal,
		Players: g.n,
		Status:  g.Status(),
		Moves:   g.moves,
		Turns:   g.turns,
		Rounds:  g.turns / g.n,
		IP:      g.Scores(),
		Winners: g.Winners(),
	}
	if len(s.Winners) == 1 {
		s.Winner = &s.Winners[0]
	}
	return s
}

// visibleToAct is ToAct as viewer may know it: the seat the game waits on,
// and viewer itself when it may act too.
func (g *Game) visibleToAct(viewer games.Seat) []games.Seat {
	out := g.WaitingOn()
	if viewer >= 0 && len(out) > 0 && out[0] != viewer && slices.Contains(g.ToAct(), viewer) {
		out = append(out, viewer)
	}
	return out
}
