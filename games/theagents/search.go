package theagents

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Hard: determinized search.
//
// In its own turn, with an action left and no command waiting, Hard ranks
// its legal moves by Normal's judgement. When Normal would make a free
// mission move or end the turn, Hard does so; else it keeps Normal's best
// hardCandidates actions. It then deals the cards it cannot see — the other
// hands of agents and missions, and the order of both decks — at random,
// consistently with its view: each hand its size, every card not in its
// hand, on the board or face up in a retirement pile. In each such deal it
// makes each candidate and plays the game on with Normal at every seat,
// itself included, until its next turn begins (or the game ends), and
// scores the outcome: Normal's worth of the position to it, or a win or a
// loss once the game is over. The candidate with the best sum over the
// deals is played; ties go to the better-ranked one. The same deals (and
// the same refills of the decks) serve every candidate.
//
// Deals are sampled until the work of the simulations (see work) reaches
// hardBudget — counted, never timed, so the choice is deterministic — at
// least hardMinWorlds of them. Outside its turn (a Mercenary), for a
// command's choices and for mission moves Hard plays as Normal. Against two
// Normal players at a 4-player table three candidates did better than two,
// four or six (TestLevels, 200 games each: 56%, 70%, 64% and 56% of the
// games won by a Hard seat), and Normal's worth better than an estimate of
// the race to the goal.

// hardBudget is the work Hard spends on one choice: at most about 35 ms
// on one core of the development machine (BenchmarkLevelHard).
const hardBudget = 18000

// hardCandidates is how many of Normal's best actions Hard compares.
const hardCandidates = 3

// hardMinWorlds is the fewest deals Hard samples for one choice.
const hardMinWorlds = 1

// hardWithin is Hard spending about budget units of work a choice.
func hardWithin(budget int) games.Seeded {
	return func(g games.Game, seat games.Seat, seed uint64) games.Move { return hardMove(g, seat, seed, budget) }
}

// hardMove is Hard's choice for seat, spending about budget units of work.
func hardMove(g games.Game, seat games.Seat, seed uint64, budget int) games.Move {
	legal := g.Legal(seat)
	if len(legal) <= 1 {
		return Choose(g, seat)
	}
	v, ok := g.View(seat).(View)
	if !ok || v.Viewer != seat || v.Pending != nil || len(v.ToAct) == 0 || v.ToAct[0] != seat ||
		v.Turn != seat || v.ActionsLeft == 0 {
		return Choose(g, seat)
	}
	cands := candidates(v, legal, hardCandidates)
	if len(cands) == 1 {
		return cands[0]
	}
	r := moveRand(v, seat, seed)
	sum := make([]float64, len(cands))
	spent := 0
	for w := 0; w < hardMinWorlds || spent < budget; w++ {
		world, refill := sampleWorld(v, r), r.Uint64()
		for i, m := range cands {
			c := world.branch(refill)
			c.exec(seat, m.(Move))
			c.moves++
			c.noteGoal(c.turn)
			n, val := c.rollout(seat)
			spent += n + 1
			sum[i] += val
		}
	}
	best := 0
	for i := range cands {
		if sum[i] > sum[best] {
			best = i
		}
	}
	return cands[best]
}

// isAction reports whether m is one of a turn's actions (a Mercenary play
// included), not a free mission move or the end of the turn.
func isAction(m Move) bool {
	switch m.Kind {
	case MovePlay, MoveUse, MoveBuyAgent, MoveBuyMission, MoveDraw, MoveTrade:
		return true
	}
	return false
}

// candidates returns Normal's choice alone when it is a free mission move
// or the end of the turn; else the k actions Normal judges best, best
// first.
func candidates(v View, legal []games.Move, k int) []games.Move {
	mind := newMind(v)
	type scored struct {
		m   games.Move
		val float64
	}
	var all []scored
	for _, lm := range legal {
		if m, ok := lm.(Move); ok {
			all = append(all, scored{lm, mind.judge(m)})
		}
	}
	if len(all) == 0 {
		return legal[:1]
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].val > all[j].val })
	if !isAction(all[0].m.(Move)) {
		return []games.Move{all[0].m}
	}
	var out []games.Move
	for _, s := range all {
		if len(out) < k && isAction(s.m.(Move)) {
			out = append(out, s.m)
		}
	}
	return out
}

// rollout plays g on with Normal at every seat until seat's next turn
// begins or the game ends, and returns its work (see work) and the
// outcome's value to seat.
func (g *Game) rollout(seat games.Seat) (int, float64) {
	start := g.turns
	n := 0
	for moves := 0; !g.over && !(g.turn == seat && g.turns > start) && moves < MaxMoves; moves++ {
		act := g.ToAct()
		who := act[0]
		var m games.Move
		var k int
		for _, s := range act[1:] {
			m, k = g.chooseOn(s)
			n += g.work(k)
			if m != nil {
				who = s
				break
			}
		}
		if m == nil {
			m, k = g.chooseOn(who)
			n += g.work(k)
			if m == nil {
				break
			}
		}
		if g.Apply(who, m) != nil {
			panic("theagents: the search made an illegal move")
		}
		n++
	}
	return n, g.outcome(seat)
}

// outcome is what the position is worth to seat: once the game is over,
// ±hardWin (a tie's win shared) plus a little for the lead in IP; before,
// Normal's worth of the position to seat.
func (g *Game) outcome(seat games.Seat) float64 {
	if !g.over {
		return newMind(g.view(seat)).base.worth(seat)
	}
	w := g.Winners()
	val := -hardWin
	if slices.Contains(w, seat) {
		val = hardWin / float64(len(w))
	}
	lead := 0
	for s, ip := range g.ip {
		if games.Seat(s) != seat {
			lead = max(lead, ip)
		}
	}
	return val + float64(g.ip[seat]-lead)/10
}

// work is the cost of a call of Normal that judged k legal moves: its view
// and legal moves, and each judgement, which costs more as the factions
// grow (a copy of the board, every target of a command tried).
func (g *Game) work(k int) int {
	cards := 0
	for i := range g.board {
		cards += len(g.board[i].Cards)
	}
	return (k + 8) * (cards + 4) / 8
}

// hardWin is the value of a won game to Hard, against Normal's worths.
const hardWin = 100.0

// branch returns a copy of g that may be played on without changing g,
// refilling its decks with the random source of seed.
func (g *Game) branch(seed uint64) *Game {
	c := *g
	c.rng = cards.NewRand(seed)
	c.hands = cloneAll(g.hands)
	c.missions = cloneAll(g.missions)
	c.ip = slices.Clone(g.ip)
	c.board = cloneBoard(g.board)
	c.agentDeck = slices.Clone(g.agentDeck)
	c.missionDeck = slices.Clone(g.missionDeck)
	c.agentRetired = slices.Clone(g.agentRetired)
	c.missionRetired = slices.Clone(g.missionRetired)
	c.pend = nil
	if g.pend != nil {
		p := *g.pend
		c.pend = &p
	}
	return &c
}

func cloneAll(h [][]int) [][]int {
	out := make([][]int, len(h))
	for i := range h {
		out[i] = slices.Clone(h[i])
	}
	return out
}

// sampleWorld deals the cards view v does not show at random, consistently
// with it, and returns the whole position as a game (with no command
// waiting: Hard searches only then).
func sampleWorld(v View, r *rand.Rand) *Game {
	g := &Game{
		deal: v.Deal, n: v.Players, moves: v.Moves, goal: cmp.Or(v.Goal, Goal),
		first: v.First, turn: v.Turn, turns: v.Turns, actions: v.ActionsLeft,
		shifts: ShiftsPerTurn - v.MissionMovesLeft, ip: slices.Clone(v.IP), ending: v.Ending,
	}
	seenA := make([]bool, len(agentOf))
	seenM := make([]bool, len(missionOf))
	for _, f := range v.Factions {
		g.board = append(g.board, f.Faction.clone())
		for _, c := range f.Cards {
			if !c.SafeHouse {
				seenA[c.ID] = true
			}
		}
		for _, a := range f.Missions {
			seenM[a.ID] = true
		}
	}
	for _, c := range v.AgentRetired {
		seenA[c.ID] = true
		g.agentRetired = append(g.agentRetired, c.ID)
	}
	for _, c := range v.MissionRetired {
		seenM[c.ID] = true
		g.missionRetired = append(g.missionRetired, c.ID)
	}
	g.hands = make([][]int, v.Players)
	g.missions = make([][]int, v.Players)
	for _, c := range v.Hand {
		seenA[c.ID] = true
		g.hands[v.Viewer] = append(g.hands[v.Viewer], c.ID)
	}
	for _, c := range v.Missions {
		seenM[c.ID] = true
		g.missions[v.Viewer] = append(g.missions[v.Viewer], c.ID)
	}
	g.agentDeck = dealHidden(r, seenA, g.hands, v.HandSizes, v.Viewer)
	g.missionDeck = dealHidden(r, seenM, g.missions, v.MissionCounts, v.Viewer)
	return g
}

// dealHidden shuffles the cards not seen, deals each seat but the viewer
// its count of them into hands (sorted), and returns the rest: the deck.
func dealHidden(r *rand.Rand, seen []bool, hands [][]int, counts []int, viewer games.Seat) []int {
	var rest []int
	for id, s := range seen {
		if !s {
			rest = append(rest, id)
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for s := range hands {
		if games.Seat(s) == viewer {
			continue
		}
		k := min(counts[s], len(rest))
		hands[s] = append(hands[s], rest[:k]...)
		slices.Sort(hands[s])
		rest = rest[k:]
	}
	return rest
}
