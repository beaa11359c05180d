package theagents

import (
	"fmt"
	"slices"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Goal is the IP that ends a standard game: the round is then played out.
// The goal house rule chooses 20, 30, 40 or 60.
const Goal = 40

// MaxRounds ends a game that has not reached the goal after this many
// rounds (D: a safety net so that every game ends; it is not reached in play
// among computer players).
const MaxRounds = 60

// ShiftsPerTurn bounds the free mission moves (assign, recall, move) a
// player makes in one turn (D: the rulebook says "freely"; a bound keeps
// every game finite).
const ShiftsPerTurn = 6

// Hand sizes at the start.
const (
	StartAgents   = 3
	StartMissions = 1
)

// Prices of the buy actions.
const (
	AgentPrice   = 1
	MissionPrice = 3
)

// The table's size.
const (
	MinPlayers = 2
	MaxPlayers = 5
)

// ActionsPerTurn is the number of actions of a turn.
const ActionsPerTurn = 2

// Info registers The Agents.
var Info = games.Info{
	Name:     "theagents",
	Title:    "The Agents",
	MinSeats: MinPlayers,
	MaxSeats: MaxPlayers,
	Summary: "2–5 players build factions of agents between neighbours. Each turn take two actions: play an agent " +
		"to either end of one of your factions (its command toward one player, its data-token end toward the other) " +
		"or a Free Agent between you and anyone, re-activate a command facing you, buy an agent (1 IP) or a mission " +
		"(3 IP), or trade a mission. Whoever a command faces performs it: kill, extract, turn, swap, revive. Two " +
		"neighbouring token halves facing you score 2 IP if they match, 1 if not, at the end of each of your turns, " +
		"and so do your missions whose condition holds (never two of the same mission on one faction). Mercenaries " +
		"may be played outside your turn. Once you have held 40 IP (the goal; a table may choose 20, 30 or 60) at any moment of your turn, even if spent again, " +
		"the round is played out and the most IP wins. Starting IP, to even out the order of play (our decision, " +
		"found by simulation): with 2 players the second player starts with 1 IP; with 3, the first player 4 and the " +
		"second 3; with 4, the first two 4 each; with 5, the first two 4 each and the third 1.",
	New:     func(deal uint64, seats int) (games.Game, error) { return New(deal, seats) },
	Options: []games.Option{{Name: "goal", Text: "goal IP", Default: Goal, Values: []int{20, 30, 40, 60}}},
	NewWith: func(deal uint64, seats int, o games.Options) (games.Game, error) {
		return dealUnder(deal, seats, o, RulesVersion)
	},
	Computer:       Choose,
	ComputerSeeded: ComputerSeeded,
	Rules:          RulesVersion,
	OldRules:       dealUnder,
	RulesBefore:    map[int]string{1: "every seat starts with 0 IP"},
}

// RulesVersion is the version of the rules new tables play (games.Info.Rules).
// Version 1, played until 2026-11-23 (commit 2f8b801), dealt every seat 0 IP;
// version 2 deals each place in turn order its StartIP. Nothing else
// differs: the same moves are legal and score alike, given the same IP.
const RulesVersion = 2

var (
	_ games.Game       = (*Game)(nil)
	_ games.Stater     = (*Game)(nil)
	_ games.Summarizer = (*Game)(nil)
)

// Game is a game of The Agents in progress.
type Game struct {
	deal  uint64
	rng   *cards.Rand
	n     int
	moves int
	goal  int // the IP that ends the game

	first   games.Seat
	turn    games.Seat
	turns   int // turns completed
	actions int // actions left in this turn
	shifts  int // free mission moves made this turn

	hands    [][]int // agent card ids, sorted
	missions [][]int // mission card ids, sorted
	ip       []int
	board    []Faction

	agentDeck, missionDeck       []int // the top is index 0
	agentRetired, missionRetired []int

	pend   *pending
	ending bool // someone has reached the goal: the round is played out
	over   bool
	last   *Scoring
}

// pending is a command waiting for its performer's choices.
type pending struct {
	performer games.Seat
	owner     games.Seat // who played or re-activated the card
	card      int
	agent     *Agent
	src       Loc // where the card lies; F is -1 for a Free Agent
	ipTo      games.Seat
	victim    games.Seat // spy: the hand looked at, -1 until chosen
}

// Scoring is what a player collected at the end of a turn.
type Scoring struct {
	Seat     games.Seat `json:"seat"`
	Tokens   int        `json:"tokens"`
	Missions int        `json:"missions"`
}

// StartIP returns the IP each place in turn order starts with at a table of
// players players (2 to 5): index 0 is the first player's, 1 the next
// seat's, and so on. It is the project's compensation for the order of
// play (D: see seatStart); nil for a table size outside 2–5.
func StartIP(players int) []int {
	if players < MinPlayers || players > MaxPlayers {
		return nil
	}
	return slices.Clone(seatStart[players])
}

// seatStart is StartIP's table, by table size (D). Without it, among
// computer players the first player wins 54% of 2-player games, and at 3–5
// players the later a seat plays the more it wins (the last seat 0.39,
// 0.30 and 0.25 against fair shares of 0.33, 0.25 and 0.20). Each row is the
// smallest (in IP handed out) of the rows tried by simulation that brings
// every seat within ±0.015 of a fair share over 4,000 games among computer
// players on deals other than TestBalance's; the rows tried and their
// figures are listed in balance_test.go. TestBalance checks ±0.03 over
// 1,000 games per table size.
var seatStart = [MaxPlayers + 1][]int{
	2: {0, 1},
	3: {4, 3, 0},
	4: {4, 4, 0, 0},
	5: {4, 4, 1, 0, 0},
}

// New deals game deal number deal for players players (2 to 5), each seat
// starting with its StartIP.
func New(deal uint64, players int) (*Game, error) {
	return newGame(deal, players, StartIP(players))
}

// NewUnder deals game deal number deal for players players under house
// rules o (nil for the standard game) and rules version v (1 to
// RulesVersion): under version 1 every seat starts with 0 IP.
func NewUnder(deal uint64, players int, o games.Options, v int) (*Game, error) {
	if v < 1 || v > RulesVersion {
		//lint:ignore ST1005 it starts with a name
		return nil, fmt.Errorf("The Agents has rules versions 1 to %d, not %d", RulesVersion, v)
	}
	start := StartIP(players)
	if v == 1 {
		start = make([]int, len(start))
	}
	g, err := newGame(deal, players, start)
	if err == nil {
		g.goal = o.Get("goal", Goal)
	}
	return g, err
}

// dealUnder is NewUnder for the registry: no game (not a nil *Game) with
// an error.
func dealUnder(deal uint64, players int, o games.Options, v int) (games.Game, error) {
	g, err := NewUnder(deal, players, o, v)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// newGame is New with start as the IP of each place in turn order.
func newGame(deal uint64, players int, start []int) (*Game, error) {
	if players < MinPlayers || players > MaxPlayers {
		//lint:ignore ST1005 it starts with a name
		return nil, fmt.Errorf("The Agents is for 2 to 5 players, not %d", players)
	}
	g := &Game{deal: deal, rng: cards.NewRand(deal), n: players, goal: Goal}
	g.first = games.Seat(g.rng.Below(players))
	g.agentDeck = g.shuffled(len(agentOf))
	g.missionDeck = g.shuffled(len(missionOf))
	limit := 5
	if players == 2 {
		limit = 7
	}
	for i := range players {
		g.board = append(g.board, Faction{
			Name:     factionName(i + 1),
			Players:  [2]games.Seat{games.Seat(i), games.Seat((i + 1) % players)},
			Cards:    []Placed{{ID: i, SafeHouse: true, Cmd: -1}},
			Limit:    limit,
			Missions: []Assigned{},
		})
	}
	g.hands = make([][]int, players)
	g.missions = make([][]int, players)
	g.ip = make([]int, players)
	for range StartAgents {
		for i := range players {
			g.drawAgent(g.seatFrom(g.first, i))
		}
	}
	for range StartMissions {
		for i := range players {
			g.drawMission(g.seatFrom(g.first, i))
		}
	}
	for i, ip := range start {
		g.ip[g.seatFrom(g.first, i)] = ip
	}
	g.turn = g.first
	g.actions = ActionsPerTurn
	return g, nil
}

// shuffled returns 0 … n-1 shuffled (Fisher–Yates, as cards.Rand.Shuffle).
func (g *Game) shuffled(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	g.shuffle(p)
	return p
}

func (g *Game) shuffle(p []int) {
	for i := len(p) - 1; i > 0; i-- {
		j := g.rng.Below(i + 1)
		p[i], p[j] = p[j], p[i]
	}
}

func (g *Game) seatFrom(s games.Seat, k int) games.Seat { return games.Seat((int(s) + k) % g.n) }

// drawAgent gives seat the top agent, refilling the deck from the
// retirement pile when it has run out. It reports whether there was one.
func (g *Game) drawAgent(seat games.Seat) bool {
	return g.draw(&g.hands[seat], &g.agentDeck, &g.agentRetired)
}

// drawMission is drawAgent for missions.
func (g *Game) drawMission(seat games.Seat) bool {
	return g.draw(&g.missions[seat], &g.missionDeck, &g.missionRetired)
}

// draw moves the top card of deck into hand, first shuffling the retired
// pile in as the deck when it has run out. It reports whether there was
// one.
func (g *Game) draw(hand, deck, retired *[]int) bool {
	if len(*deck) == 0 {
		*deck, *retired = *retired, nil
		g.shuffle(*deck)
	}
	if len(*deck) == 0 {
		return false
	}
	*hand = addSorted(*hand, (*deck)[0])
	*deck = (*deck)[1:]
	return true
}

// addSorted inserts card id into h, kept sorted.
func addSorted(h []int, id int) []int {
	i, _ := slices.BinarySearch(h, id)
	return slices.Insert(h, i, id)
}

func remove(h []int, id int) []int {
	i := slices.Index(h, id)
	if i < 0 {
		return h
	}
	return slices.Delete(slices.Clone(h), i, i+1)
}

// agentIn returns the first card of agent key in hand h, or -1.
func agentIn(h []int, key string) int {
	for _, id := range h {
		if agentCard(id).Key == key {
			return id
		}
	}
	return -1
}

// missionIn returns the first card of mission key in hand h, or -1.
func missionIn(h []int, key string) int {
	for _, id := range h {
		if missionCard(id).Key == key {
			return id
		}
	}
	return -1
}

// Name is "theagents".
func (g *Game) Name() string { return Info.Name }

// Deal is the deal number the game was created from.
func (g *Game) Deal() uint64 { return g.deal }

// Seats is the number of players.
func (g *Game) Seats() int { return g.n }

// Moves counts the moves applied so far.
func (g *Game) Moves() int { return g.moves }

// Status is Playing, then Over.
func (g *Game) Status() games.Status {
	if g.over {
		return games.Over
	}
	return games.Playing
}

// Scores holds each player's IP.
func (g *Game) Scores() []int { return slices.Clone(g.ip) }

// Winners are the players with the most IP once the game is over (ties are
// shared).
func (g *Game) Winners() []games.Seat {
	if !g.over {
		return nil
	}
	best := slices.Max(g.ip)
	var out []games.Seat
	for s, v := range g.ip {
		if v == best {
			out = append(out, games.Seat(s))
		}
	}
	return out
}

// Turns counts the turns completed.
func (g *Game) Turns() int { return g.turns }

// ToAct is the seat the game waits on — the performer of a pending command,
// else the player whose turn it is — followed by any other player who may
// play a Mercenary now.
func (g *Game) ToAct() []games.Seat {
	if g.over {
		return nil
	}
	if g.pend != nil {
		return []games.Seat{g.pend.performer}
	}
	out := []games.Seat{g.turn}
	for k := 1; k < g.n; k++ {
		s := g.seatFrom(g.turn, k)
		if len(g.mercenaryPlays(s)) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// WaitingOn is the seat the game waits on, as everyone may see it: ToAct's
// first. Who else could play a Mercenary is each player's own secret.
func (g *Game) WaitingOn() []games.Seat {
	if act := g.ToAct(); len(act) > 0 {
		return act[:1]
	}
	return nil
}

// Legal lists the moves seat may make now.
func (g *Game) Legal(seat games.Seat) []games.Move {
	ms := g.legal(seat)
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

func (g *Game) legal(seat games.Seat) []Move {
	if g.over || seat < 0 || int(seat) >= g.n {
		return nil
	}
	if g.pend != nil {
		if seat != g.pend.performer {
			return nil
		}
		return g.choices()
	}
	if seat != g.turn {
		return g.mercenaryPlays(seat)
	}
	var out []Move
	acts := g.actions > 0
	if acts {
		out = g.actionMoves(seat)
	}
	if !acts {
		out = append(out, g.mercenaryPlays(seat)...)
	}
	if g.shifts < ShiftsPerTurn {
		out = append(out, g.missionMoves(seat)...)
	}
	if !acts || len(out) == 0 || !g.hasAction(seat) {
		out = append(out, End)
	}
	return out
}

// hasAction reports whether the player to act has an action they can take.
func (g *Game) hasAction(seat games.Seat) bool {
	for _, m := range g.actionMoves(seat) {
		if m.Kind != MovePlay {
			return true
		}
		if a, _ := AgentByKey(m.Card); !a.Mercenary {
			return true
		}
	}
	return false
}

// actionMoves lists seat's actions (and Mercenary plays, which use none).
func (g *Game) actionMoves(seat games.Seat) []Move {
	out := g.plays(seat, false)
	for fi := range g.board {
		f := &g.board[fi]
		if !f.Has(seat) {
			continue
		}
		for p, c := range f.Cards {
			if c.SafeHouse || c.Dead || c.Cmd != seat {
				continue
			}
			if len(targets(g.board, Loc{fi, p}, agentCard(c.ID).Command)) > 0 {
				out = append(out, Move{Kind: MoveUse, F: fi + 1, P: p + 1})
			}
		}
	}
	agentStock := len(g.agentDeck) + len(g.agentRetired)
	if g.ip[seat] >= AgentPrice && agentStock > 0 {
		out = append(out, Move{Kind: MoveBuyAgent})
	}
	if g.ip[seat] >= MissionPrice && len(g.missionDeck)+len(g.missionRetired) > 0 {
		out = append(out, Move{Kind: MoveBuyMission})
	}
	if len(g.hands[seat]) == 0 && g.ip[seat] == 0 && agentStock > 0 {
		out = append(out, Move{Kind: MoveDraw})
	}
	seen := map[string]bool{}
	for _, id := range g.missions[seat] {
		if k := missionCard(id).Key; !seen[k] {
			seen[k] = true
			out = append(out, Move{Kind: MoveTrade, Card: k})
		}
	}
	for fi := range g.board {
		for _, a := range g.board[fi].Missions {
			if a.Owner == seat {
				out = append(out, Move{Kind: MoveTrade, Card: a.Mission, F: fi + 1})
			}
		}
	}
	return out
}

// mercenaryPlays lists the Mercenary plays seat may make outside its turn
// or without an action: none while a command waits or the game is over.
func (g *Game) mercenaryPlays(seat games.Seat) []Move {
	if g.over || g.pend != nil {
		return nil
	}
	return g.plays(seat, true)
}

// plays lists seat's agent plays (only Mercenaries when mercOnly).
func (g *Game) plays(seat games.Seat, mercOnly bool) []Move {
	var out []Move
	seen := map[string]bool{}
	for _, id := range g.hands[seat] {
		a := agentCard(id)
		if seen[a.Key] || (mercOnly && !a.Mercenary) {
			continue
		}
		seen[a.Key] = true
		if a.Free {
			for k := 1; k < g.n; k++ {
				o := g.seatFrom(seat, k)
				for _, m := range []Move{
					{Kind: MovePlay, Card: a.Key, Cmd: o, IP: seat},
					{Kind: MovePlay, Card: a.Key, Cmd: seat, IP: o},
				} {
					if g.freeCanPerform(seat, id, m.Cmd) {
						out = append(out, m)
					}
				}
			}
			continue
		}
		for fi := range g.board {
			f := &g.board[fi]
			if (!f.Has(seat) && !a.AnyFaction) || f.Full() {
				continue
			}
			slots := []int{0, len(f.Cards)}
			if a.InsertAnywhere {
				slots = slots[:0]
				for p := 0; p <= len(f.Cards); p++ {
					slots = append(slots, p)
				}
			}
			cmds := f.Players
			if cmds[0] > cmds[1] {
				cmds[0], cmds[1] = cmds[1], cmds[0]
			}
			for _, p := range slots {
				for _, c := range cmds {
					out = append(out, Move{Kind: MovePlay, Card: a.Key, F: fi + 1, P: p, Cmd: c})
				}
			}
		}
	}
	return out
}

// freeCanPerform reports whether Free Agent card id, played by owner with
// its command toward performer, has a command that can be performed.
func (g *Game) freeCanPerform(owner games.Seat, id int, performer games.Seat) bool {
	c := agentCard(id).Command
	switch c.Kind {
	case Draw:
		return len(g.agentDeck)+len(g.agentRetired) > 0
	case DrawMission:
		return len(g.missionDeck)+len(g.missionRetired) > 0
	case Spy:
		for s := range g.n {
			n := len(g.hands[s])
			if games.Seat(s) == owner {
				n-- // the Pickpocket itself leaves the hand
			}
			if games.Seat(s) != performer && n > 0 {
				return true
			}
		}
		return false
	case Steal:
		for s := range g.n {
			if games.Seat(s) != performer && g.ip[s] > 0 {
				return true
			}
		}
		return false
	}
	return len(targets(g.board, Loc{-1, -1}, c)) > 0
}

// missionMoves lists seat's free mission moves.
func (g *Game) missionMoves(seat games.Seat) []Move {
	var out []Move
	seen := map[string]bool{}
	for _, id := range g.missions[seat] {
		k := missionCard(id).Key
		if seen[k] {
			continue
		}
		seen[k] = true
		for fi := range g.board {
			if g.canAssign(seat, k, fi) == nil {
				out = append(out, Move{Kind: MoveAssign, Card: k, F: fi + 1})
			}
		}
	}
	for fi := range g.board {
		for _, a := range g.board[fi].Missions {
			if a.Owner != seat {
				continue
			}
			out = append(out, Move{Kind: MoveRecall, Card: a.Mission, F: fi + 1})
			for to := range g.board {
				if to != fi && g.canAssign(seat, a.Mission, to) == nil {
					out = append(out, Move{Kind: MoveShift, Card: a.Mission, F: fi + 1, F2: to + 1})
				}
			}
		}
	}
	return out
}

// canAssign says why seat may not assign mission key to faction fi, if so.
func (g *Game) canAssign(seat games.Seat, key string, fi int) error {
	f := &g.board[fi]
	if !f.Has(seat) {
		return games.Refuse("faction %s is not yours: assign missions to your own factions", f.Name)
	}
	if f.Agents() == 0 {
		return games.Refuse("faction %s has no agent yet: missions go to factions with at least one agent", f.Name)
	}
	mine := 0
	for _, a := range f.Missions {
		switch {
		case a.Mission == key && a.Owner == seat:
			return games.Refuse("you already have %s on faction %s", key, f.Name)
		case a.Mission == key:
			// Rules: "never two of the same mission on one faction", whoever owns them.
			return games.Refuse("seat %d already has %s on faction %s: never two of the same mission on one faction", a.Owner, key, f.Name)
		case a.Owner == seat:
			mine++
		}
	}
	if mine >= 2 {
		return games.Refuse("you already have two missions on faction %s", f.Name)
	}
	return nil
}

// choices lists the performer's choices for the pending command.
func (g *Game) choices() []Move {
	p := g.pend
	c := p.agent.Command
	switch c.Kind {
	case Spy:
		if p.victim >= 0 {
			var out []Move
			seen := map[string]bool{}
			for _, id := range g.hands[p.victim] {
				if k := agentCard(id).Key; !seen[k] {
					seen[k] = true
					out = append(out, Move{Kind: MoveTake, Card: k})
				}
			}
			return out
		}
		var out []Move
		for s := range g.n {
			if games.Seat(s) != p.performer && len(g.hands[s]) > 0 {
				out = append(out, Move{Kind: MoveSpy, Seat: games.Seat(s)})
			}
		}
		return out
	case Steal:
		var out []Move
		for s := range g.n {
			if games.Seat(s) != p.performer && g.ip[s] > 0 {
				out = append(out, Move{Kind: MoveSteal, Seat: games.Seat(s)})
			}
		}
		return out
	case Draw, DrawMission:
		return nil
	}
	return targets(g.board, p.src, c)
}

// Apply makes move m for seat, or says why it cannot be made and changes
// nothing.
func (g *Game) Apply(seat games.Seat, m games.Move) error {
	mv, err := games.MoveOf[Move](m, "a move of The Agents")
	if err != nil {
		return err
	}
	if g.over {
		return games.Refuse("the game is over")
	}
	if seat < 0 || int(seat) >= g.n {
		return fmt.Errorf("seat %d is not at this table", seat)
	}
	if !slices.Contains(g.legal(seat), mv) {
		if err := g.explain(seat, mv); err != nil {
			return err
		}
		return games.Refuse("%s is not possible now", mv)
	}
	g.exec(seat, mv)
	g.moves++
	if !g.over {
		g.noteGoal(g.turn)
	}
	return nil
}

// noteGoal starts the end once seat, whose turn it is, holds the goal.
// Rules: "When a player reaches 40 IP — at any moment of their turn, even if
// some is spent again before the turn ends — that player finishes the turn
// and the round is played out". Apply calls it after every move, so a peak
// reached mid-turn (a Free Agent's IP, a steal) counts even when it is spent
// on a purchase before the turn ends, and so does IP held as a turn begins.
func (g *Game) noteGoal(seat games.Seat) {
	if g.ip[seat] >= g.goal {
		g.ending = true
	}
}

// exec makes a legal move.
func (g *Game) exec(seat games.Seat, m Move) {
	switch m.Kind {
	case MovePlay:
		id := agentIn(g.hands[seat], m.Card)
		a := agentCard(id)
		g.hands[seat] = remove(g.hands[seat], id)
		if !a.Mercenary {
			g.actions--
		}
		p := pending{performer: m.Cmd, owner: seat, card: id, agent: a, src: Loc{-1, -1}, victim: -1}
		if a.Free {
			p.ipTo = m.IP
		} else {
			p.src = Loc{m.F - 1, m.P}
			insert(g.board, m.F-1, m.P, Placed{ID: id, Agent: a.Key, Colour: a.Colour, Cmd: m.Cmd})
		}
		g.command(p)
	case MoveUse:
		c := g.board[m.F-1].Cards[m.P-1]
		g.actions--
		g.command(pending{performer: seat, owner: seat, card: c.ID, agent: agentCard(c.ID), src: Loc{m.F - 1, m.P - 1}, victim: -1})
	case MoveBuyAgent:
		g.actions--
		g.ip[seat] -= AgentPrice
		g.drawAgent(seat)
	case MoveBuyMission:
		g.actions--
		g.ip[seat] -= MissionPrice
		g.drawMission(seat)
	case MoveDraw:
		g.actions--
		g.drawAgent(seat)
	case MoveTrade:
		g.actions--
		var id int
		if m.F == 0 {
			id = missionIn(g.missions[seat], m.Card)
			g.missions[seat] = remove(g.missions[seat], id)
		} else {
			id = g.unassign(seat, m.Card, m.F-1)
		}
		g.missionRetired = append(g.missionRetired, id)
		g.drawMission(seat)
	case MoveAssign:
		g.shifts++
		id := missionIn(g.missions[seat], m.Card)
		g.missions[seat] = remove(g.missions[seat], id)
		g.assign(seat, id, m.F-1)
	case MoveRecall:
		g.shifts++
		g.missions[seat] = addSorted(g.missions[seat], g.unassign(seat, m.Card, m.F-1))
	case MoveShift:
		g.shifts++
		g.assign(seat, g.unassign(seat, m.Card, m.F-1), m.F2-1)
	case MoveEnd:
		g.endTurn()
	default:
		g.choose(m)
	}
}

func (g *Game) assign(seat games.Seat, id, fi int) {
	f := &g.board[fi]
	f.Missions = append(f.Missions, Assigned{ID: id, Mission: missionCard(id).Key, Owner: seat})
}

// unassign takes seat's mission key off faction fi and returns its id.
func (g *Game) unassign(seat games.Seat, key string, fi int) int {
	f := &g.board[fi]
	for i, a := range f.Missions {
		if a.Owner == seat && a.Mission == key {
			f.Missions = slices.Delete(slices.Clone(f.Missions), i, i+1)
			return a.ID
		}
	}
	panic("theagents: no such mission assigned")
}

// command starts a command: performed at once when it needs no choice or
// has one possible, else it waits for its performer.
func (g *Game) command(p pending) {
	g.pend = &p
	switch p.agent.Command.Kind {
	case Draw:
		for range p.agent.Command.N {
			g.drawAgent(p.performer)
		}
		g.finishCommand()
		return
	case DrawMission:
		for range p.agent.Command.N {
			g.drawMission(p.performer)
		}
		g.finishCommand()
		return
	}
	g.settle()
}

// settle performs the pending command's forced choices and ends it when
// nothing is left to choose.
func (g *Game) settle() {
	for g.pend != nil {
		cs := g.choices()
		switch len(cs) {
		case 0:
			g.finishCommand() // it cannot be performed (any more)
		case 1:
			g.choose(cs[0])
		default:
			return
		}
	}
}

// choose makes a choice of the pending command.
func (g *Game) choose(m Move) {
	p := g.pend
	switch m.Kind {
	case MoveSpy:
		p.victim = m.Seat
		g.settle()
		return
	case MoveTake:
		id := agentIn(g.hands[p.victim], m.Card)
		g.hands[p.victim] = remove(g.hands[p.victim], id)
		g.hands[p.performer] = addSorted(g.hands[p.performer], id)
	case MoveSteal:
		n := min(p.agent.Command.N, g.ip[m.Seat])
		g.ip[m.Seat] -= n
		g.ip[p.performer] += n
	default:
		if c, ok := perform(g.board, m); ok {
			g.hands[p.performer] = addSorted(g.hands[p.performer], c.ID)
			g.returnMissions()
		}
	}
	g.finishCommand()
}

// finishCommand ends the pending command: a Free Agent then pays its IP and
// is retired.
func (g *Game) finishCommand() {
	p := g.pend
	g.pend = nil
	if p.agent.Free {
		g.ip[p.ipTo] += p.agent.IP
		g.agentRetired = append(g.agentRetired, p.card)
	}
}

// returnMissions sends the missions of factions left without agents back to
// their owners' hands.
func (g *Game) returnMissions() {
	for fi := range g.board {
		f := &g.board[fi]
		if f.Agents() > 0 || len(f.Missions) == 0 {
			continue
		}
		for _, a := range f.Missions {
			g.missions[a.Owner] = addSorted(g.missions[a.Owner], a.ID)
		}
		f.Missions = []Assigned{}
	}
}

// endTurn scores the turn, then passes it on or ends the game.
func (g *Game) endTurn() {
	s := g.turn
	sc := Scoring{Seat: s, Missions: missionIncome(g.board, s)}
	for fi := range g.board {
		if g.board[fi].Has(s) {
			sc.Tokens += g.board[fi].Income(s)
		}
	}
	g.ip[s] += sc.Tokens + sc.Missions
	g.last = &sc
	g.noteGoal(s)
	g.turns++
	g.turn = g.seatFrom(s, 1)
	g.actions = ActionsPerTurn
	g.shifts = 0
	if g.turn == g.first && (g.ending || g.turns >= MaxRounds*g.n) {
		g.over = true
		g.actions = 0
	}
}
