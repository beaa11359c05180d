package secretagent

import (
	"cmp"
	"math"
	"math/rand/v2"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Hard: determinized Monte Carlo search.
//
// Before each choice with more than one legal move, Hard deals the cards it
// cannot see (the other hands and assignment cards) at random in a number of
// ways consistent with its view: every hand its size, no card of a suit in
// the hand of a player known to be void in it, its own assignment card out
// of the others'. In each such deal it tries every legal move and plays the
// deal out with Normal (Choose's tactics) at every seat, itself included,
// then scores the outcome: when the game ends there, 1 for a win and 0
// otherwise; before, an estimate of its chance to win from the totals (a
// logistic of its lead over each other player, flatter with more deals to
// come). The move with the best sum over the deals is played; ties go to
// Normal's move, then to the first legal one.
//
// The number of deals sampled is fixed by counting, never by the clock, so
// the choice is deterministic: hardBudget units of work a choice, between
// hardMinWorlds and hardMaxWorlds deals. A simulated move costs about the
// cards left in hand, so playing out a deal with n moves left costs about
// n×(n+12) units (rolloutCost).

// hardBudget is the work Hard spends on one choice: at most about 25 ms on
// one core of the development machine.
const hardBudget = 720000

// The bounds on the deals Hard samples for one choice.
const (
	hardMinWorlds = 12
	hardMaxWorlds = 64
)

// rolloutCost is the work of playing out a deal with left moves left.
func rolloutCost(left int) int { return left * (left + 12) }

// hardWithin is Hard spending about budget units of work a choice.
func hardWithin(budget int) games.Seeded {
	return func(g games.Game, seat games.Seat, seed uint64) games.Move { return hardMove(g, seat, seed, budget) }
}

// hardMove is Hard's choice for seat, spending about budget units of work.
func hardMove(g games.Game, seat games.Seat, seed uint64, budget int) games.Move {
	legal := g.Legal(seat)
	if len(legal) <= 1 {
		if len(legal) == 0 {
			return nil
		}
		return legal[0]
	}
	v, ok := g.View(seat).(View)
	if !ok || v.Viewer != seat || v.Assignment == nil || v.Agent == nil {
		return Choose(g, seat)
	}
	normal := Choose(g, seat)
	r := rand.New(rand.NewPCG(seed^v.Deal*0x9e3779b97f4a7c15, uint64(v.Moves)<<8|uint64(seat&0xff)))
	left := movesLeft(v)
	least := max(hardMinWorlds*budget/hardBudget, 1) // a smaller budget (tests) samples fewer
	worlds := min(max(budget/(len(legal)*rolloutCost(left)), least), hardMaxWorlds)
	sum := make([]float64, len(legal))
	for range worlds {
		w := sampleWorld(v, r)
		for i, m := range legal {
			c := w.branch()
			if c.Apply(seat, m) != nil {
				sum[i] = math.Inf(-1)
				continue
			}
			c.playOutDeal(v.DealNo)
			sum[i] += winChance(c, seat)
		}
	}
	best := -1
	for i, m := range legal {
		if best < 0 || sum[i] > sum[best] || (sum[i] == sum[best] && m.String() == normal.String()) {
			best = i
		}
	}
	return legal[best]
}

// movesLeft counts the moves left in the deal: forbids, the trump choice
// and the cards in hand.
func movesLeft(v View) int {
	n := 0
	for _, h := range v.HandSizes {
		n += h
	}
	switch v.Phase {
	case PhaseForbid:
		n += Seats - len(v.Forbidden)
	case PhaseTrump:
		n++
	}
	return max(n, 1)
}

// winChance is seat's chance to win the game after the deal just played
// out in g: 1 or 0 once the game is over, else a logistic estimate from
// the totals.
func winChance(g *Game, seat games.Seat) float64 {
	if g.phase == PhaseOver {
		if leader(g.totals) == seat {
			return 1
		}
		return 0
	}
	deals := max(g.deals-len(g.results), 1)
	scale := 20 * math.Sqrt(float64(deals))
	p := 1.0
	for s := range g.totals {
		if games.Seat(s) != seat {
			p /= 1 + math.Exp(-float64(g.totals[seat]-g.totals[s])/scale)
		}
	}
	return p
}

// sampleWorld deals the cards the view does not show at random, consistent
// with it, and returns the whole position as a game.
func sampleWorld(v View, r *rand.Rand) *Game {
	me := v.Viewer
	g := &Game{
		deal:      v.Deal,
		rng:       cards.NewRand(r.Uint64()),
		dealNo:    v.DealNo,
		deals:     cmp.Or(v.Deals, DealsPerGame),
		dealer:    v.Dealer,
		phase:     v.Phase,
		turn:      v.Turn,
		forbidden: append([]Forbidden(nil), v.Forbidden...),
		trick:     v.Trick.clone(),
		tricks:    append([]Trick(nil), v.Tricks...),
		results:   make([]DealResult, len(v.Revealed)),
	}
	if v.Trump != nil {
		t := *v.Trump
		g.trump = &t
	}
	copy(g.taken[:], v.Taken)
	copy(g.totals[:], v.Totals)
	g.hands = dealUnseen(v, r)
	g.hands[me] = append([]cards.Card(nil), v.Hand...)
	rest := make([]Assignment, 0, 3)
	for _, a := range []Assignment{Left, Opposite, Right, Self} {
		if a != *v.Assignment {
			rest = append(rest, a)
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for s := range games.Seat(Seats) {
		if s == me {
			g.assign[s] = *v.Assignment
			continue
		}
		g.assign[s], rest = rest[0], rest[1:]
	}
	return g
}

// voids lists, per seat, the suits it has shown it holds none of this deal.
func voids(v View) [Seats][4]bool {
	var out [Seats][4]bool
	note := func(plays []Play) {
		for i, p := range plays {
			if i > 0 && p.Card.Suit != plays[0].Card.Suit {
				out[p.Seat][plays[0].Card.Suit] = true
			}
		}
	}
	for _, t := range v.Tricks {
		note(t.Plays)
	}
	note(v.Trick.Plays)
	return out
}

// dealUnseen deals the cards neither in the viewer's hand nor played this
// deal to the other seats, each its hand size, none to a seat void in the
// card's suit when that can be kept (the most constrained cards first).
func dealUnseen(v View, r *rand.Rand) [Seats][]cards.Card {
	seen := map[cards.Card]bool{}
	for _, c := range v.Hand {
		seen[c] = true
	}
	for _, t := range v.Tricks {
		for _, p := range t.Plays {
			seen[p.Card] = true
		}
	}
	for _, p := range v.Trick.Plays {
		seen[p.Card] = true
	}
	var unseen []cards.Card
	for _, c := range cards.NewDeck() {
		if !seen[c] {
			unseen = append(unseen, c)
		}
	}
	void := voids(v)
	for try := 0; ; try++ {
		hands, ok := tryDeal(v, unseen, void, r, try < 20)
		if ok {
			return hands
		}
	}
}

// tryDeal deals unseen once: false when the voids could not be kept (with
// strict); without strict every card goes somewhere.
func tryDeal(v View, unseen []cards.Card, void [Seats][4]bool, r *rand.Rand, strict bool) ([Seats][]cards.Card, bool) {
	var hands [Seats][]cards.Card
	room := [Seats]int{}
	for s := range games.Seat(Seats) {
		if s != v.Viewer {
			room[s] = v.HandSizes[s]
		}
	}
	order := append([]cards.Card(nil), unseen...)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	open := func(c cards.Card) int {
		n := 0
		for s := range room {
			if room[s] > 0 && !void[s][c.Suit] {
				n++
			}
		}
		return n
	}
	for len(order) > 0 {
		// The card with the fewest seats that may hold it goes first.
		bi := 0
		for i := range order {
			if open(order[i]) < open(order[bi]) {
				bi = i
			}
		}
		c := order[bi]
		order = append(order[:bi], order[bi+1:]...)
		var cand []int
		for s := range room {
			for range room[s] {
				if !void[s][c.Suit] || !strict {
					cand = append(cand, s)
				}
			}
		}
		if len(cand) == 0 {
			return hands, false
		}
		s := cand[r.IntN(len(cand))]
		hands[s] = append(hands[s], c)
		room[s]--
	}
	for s := range hands {
		SortHand(hands[s])
	}
	return hands, true
}

// branch returns a copy of g that may be played on without changing g.
func (g *Game) branch() *Game {
	c := *g
	c.trick = g.trick.clone()
	c.tricks = g.tricks[:len(g.tricks):len(g.tricks)]
	c.forbidden = g.forbidden[:len(g.forbidden):len(g.forbidden)]
	c.results = g.results[:len(g.results):len(g.results)]
	return &c
}

// playOutDeal plays deal number dealNo to its end with Normal at every seat.
func (g *Game) playOutDeal(dealNo int) {
	for g.phase != PhaseOver && g.dealNo == dealNo {
		seat := g.turn
		if g.Apply(seat, g.quickChoice(seat)) != nil {
			panic("secretagent: the search made an illegal move")
		}
	}
}

// quickChoice is Normal's choice for seat, made on the game itself without
// copying a view.
func (g *Game) quickChoice(seat games.Seat) Move {
	a := g.assign[seat]
	agent := a.Agent(seat)
	taken := g.taken
	v := View{Viewer: seat, Phase: g.phase, Hand: g.hands[seat], Assignment: &a, Agent: &agent,
		Trump: g.trump, Trick: g.trick, Tricks: g.tricks, Taken: taken[:], Forbidden: g.forbidden}
	switch g.phase {
	case PhaseForbid:
		var legal []games.Move
		for _, s := range cards.Suits {
			if !g.isForbidden(s) {
				legal = append(legal, Forbid(s))
			}
		}
		k := newMind(v)
		k.tactics = standard
		return k.chooseForbid(legal)
	case PhaseTrump:
		k := newMind(v)
		k.tactics = standard
		return k.chooseTrump()
	}
	var hand []cards.Card
	for _, c := range g.hands[seat] {
		if g.follows(seat, c) {
			hand = append(hand, c)
		}
	}
	if len(hand) == 1 {
		return PlayCard(hand[0])
	}
	k := newMind(v)
	k.tactics = standard
	return PlayCard(k.choosePlay(hand))
}
