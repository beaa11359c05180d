package secretagent

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// The computer player.
//
// It sees only its View and its legal moves, and is deterministic. It plays
// for its own product score, own value × agent's value:
//
//   - Hand strength is an estimate of the tricks the hand would take if it
//     tried: cards that are top of their suit (counting the cards already
//     played) or guarded near the top, length in trumps and long side suits,
//     and short side suits it can ruff in.
//   - Plan: with no trick yet, it plays for misère (value 10) when its
//     estimate is at most 8 tricks with Self as agent (misère scores 100, more
//     than any but 10 or more tricks) or at most 5 with another agent (10
//     against a typical 3 or 4). These limits were set by playing variants
//     against each other over thousands of deals: misère pays so well that
//     trying it with all but strong hands scores best. The plan is re-judged
//     every trick from the remaining cards; once it has a trick, it plays for
//     more.
//   - Each trick it compares the outcomes it cares about — it wins, its agent
//     wins, someone else wins — by the product they lead to (an agent still
//     without a trick counts as more likely to stay so as the deal goes on), and
//     tries to win only when its own win is best. So it lets its agent take a
//     trick when that is worth more, and ducks while on a misère plan.
//   - Trying to win: lead a card that is top of its suit (trumps first while
//     others hold trumps and it has two or more); else a singleton to ruff
//     later, or low from its longest side suit. Following: the lowest card
//     likely to win (the cheapest sure winner, or the last player's lowest
//     winner), ruff with the lowest trump that wins, else follow low or
//     discard its least useful card.
//   - Trying to lose: lead the card most likely to be beaten, play the highest
//     card that still loses, shed its most dangerous high cards when void.
//   - Forbidding: on a trick plan it forbids the suit that would be worst for
//     it as trump; on a misère plan the one that would be best for it (the
//     most dangerous to hold). The dealer picks trump or No Trump the same way.
//
// Trumps and every other card are counted from the tricks of the deal, and a
// player who did not follow suit is remembered as void in it.

// tactics are the computer player's settings: the estimates at or below
// which it plays for misère, with Self as agent and with another.
type tactics struct {
	misereSelf, misereOther float64
}

var standard = tactics{misereSelf: 8, misereOther: 5}

// Choose picks the move of the computer player at seat.
func Choose(g games.Game, seat games.Seat) games.Move { return standard.choose(g, seat) }

func (tc tactics) choose(g games.Game, seat games.Seat) games.Move {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	v, ok := g.View(seat).(View)
	if !ok || len(legal) == 1 || v.Assignment == nil || v.Viewer != seat {
		return legal[0]
	}
	k := newMind(v)
	k.tactics = tc
	var want Move
	switch v.Phase {
	case PhaseForbid:
		want = k.chooseForbid(legal)
	case PhaseTrump:
		want = k.chooseTrump()
	case PhasePlay:
		var hand []cards.Card
		for _, m := range legal {
			if mv, ok := m.(Move); ok && mv.Kind == KindPlay {
				hand = append(hand, mv.Card)
			}
		}
		if len(hand) == 0 {
			return legal[0]
		}
		want = PlayCard(k.choosePlay(hand))
	}
	for _, m := range legal {
		if m.String() == want.String() {
			return m
		}
	}
	return legal[0]
}

// mind is what the computer player knows and works out from its view.
type mind struct {
	tactics
	v     View
	seat  games.Seat
	agent games.Seat
	trump *Trump
	mine  [4][15]bool // cards in hand, by suit and strength (2–14)
	gone  [4][15]bool // cards played this deal, the current trick included
	void  [Seats][4]bool
	hand  []cards.Card
}

func newMind(v View) *mind {
	k := &mind{v: v, seat: v.Viewer, agent: *v.Agent, trump: v.Trump, hand: v.Hand}
	for _, c := range v.Hand {
		k.mine[c.Suit][high(c.Rank)] = true
	}
	note := func(plays []Play) {
		for i, p := range plays {
			k.gone[p.Card.Suit][high(p.Card.Rank)] = true
			if i > 0 && p.Card.Suit != plays[0].Card.Suit {
				k.void[p.Seat][plays[0].Card.Suit] = true
			}
		}
	}
	for _, t := range v.Tricks {
		note(t.Plays)
	}
	note(v.Trick.Plays)
	return k
}

// unseen reports whether a card of suit s and strength r is in another hand.
func (k *mind) unseen(s cards.Suit, r int) bool { return !k.mine[s][r] && !k.gone[s][r] }

// higher counts the unseen cards of c's suit that beat c.
func (k *mind) higher(c cards.Card) int {
	n := 0
	for r := high(c.Rank) + 1; r <= 14; r++ {
		if k.unseen(c.Suit, r) {
			n++
		}
	}
	return n
}

// outstanding counts the unseen cards of suit s.
func (k *mind) outstanding(s cards.Suit) int {
	n := 0
	for r := 2; r <= 14; r++ {
		if k.unseen(s, r) {
			n++
		}
	}
	return n
}

func (k *mind) suitCards(s cards.Suit) []cards.Card {
	var out []cards.Card
	for _, c := range k.hand {
		if c.Suit == s {
			out = append(out, c)
		}
	}
	return out // high to low, as hands are sorted
}

func (k *mind) isTrump(c cards.Card) bool { return k.trump.Is(c.Suit) }

// estimate is the tricks the hand would take if it tried, with trump t (nil
// for No Trump).
func (k *mind) estimate(t *Trump) float64 {
	var total, ruff float64
	trumps := 0
	if t != nil && !t.NoTrump {
		trumps = len(k.suitCards(t.Suit))
	}
	for _, s := range cards.Suits {
		mine := k.suitCards(s)
		sort.Slice(mine, func(i, j int) bool { return high(mine[i].Rank) > high(mine[j].Rank) })
		n := len(mine)
		var top float64
		for i, c := range mine {
			h, guards := k.higher(c), n-1-i
			if h < 3 && guards >= h {
				top += [...]float64{1, 0.6, 0.3}[h]
			}
		}
		out := float64(k.outstanding(s))
		long := math.Max(0, float64(n)-(out/3+1))
		switch {
		case t.Is(s):
			long *= 0.8
		case t != nil && !t.NoTrump:
			long *= 0.3
			if trumps > 0 && n <= 2 {
				ruff += [...]float64{1, 0.5, 0.2}[n]
			}
		default:
			long *= 0.6
		}
		total += math.Min(float64(n), top+long)
	}
	return total + math.Min(ruff, 0.7*float64(trumps))
}

// threshold is the estimate at or below which a misère is worth trying.
func (k *mind) threshold() float64 {
	if k.agent == k.seat {
		return k.misereSelf
	}
	return k.misereOther
}

// misere reports whether the player, with no trick yet, plays for none.
func (k *mind) misere() bool {
	return k.v.Taken[k.seat] == 0 && k.estimate(k.trump) <= k.threshold()
}

// options lists the contracts still possible: unforbidden suits and No Trump.
func (k *mind) options() []*Trump {
	var out []*Trump
	for _, s := range cards.Suits {
		forbidden := false
		for _, f := range k.v.Forbidden {
			forbidden = forbidden || f.Suit == s
		}
		if !forbidden {
			out = append(out, &Trump{Suit: s})
		}
	}
	return append(out, &Trump{NoTrump: true})
}

func (k *mind) chooseForbid(legal []games.Move) Move {
	opts := k.options()
	var sum float64
	for _, t := range opts {
		sum += k.estimate(t)
	}
	misere := sum/float64(len(opts)) <= k.threshold()
	best, bestE := Move{}, 0.0
	for _, m := range legal {
		mv := m.(Move)
		e := k.estimate(&Trump{Suit: mv.Suit})
		// On a trick plan forbid the suit worst as trump; on a misère plan the
		// one that would give the most tricks.
		if !misere {
			e = -e
		}
		if best.Kind == 0 || e > bestE {
			best, bestE = mv, e
		}
	}
	return best
}

func (k *mind) chooseTrump() Move {
	var suit cards.Suit
	for _, t := range k.options() {
		if !t.NoTrump {
			suit = t.Suit
		}
	}
	et, ent := k.estimate(&Trump{Suit: suit}), k.estimate(&Trump{NoTrump: true})
	if math.Min(et, ent) <= k.threshold() {
		if et < ent {
			return MakeTrump
		}
		return NoTrump
	}
	if et >= ent {
		return MakeTrump
	}
	return NoTrump
}

// worth is how much a seat's tricks t count as a factor of the score, seen
// from this player: its own value under its plan, or its agent's.
func (k *mind) worth(s games.Seat, t int, misere bool) float64 {
	if t > 0 {
		return float64(t)
	}
	if s == k.seat {
		if misere {
			return Misere
		}
		return 0
	}
	// Another player without a trick: the later in the deal, the likelier
	// the misère.
	return 1 + 9*float64(len(k.v.Tricks))/TricksPerDeal
}

// wantWin tells whether taking the current trick is the best outcome.
func (k *mind) wantWin() bool {
	mis := k.misere()
	me, ag := k.v.Taken[k.seat], k.v.Taken[k.agent]
	product := func(meT, agT int) float64 {
		if k.agent == k.seat {
			w := k.worth(k.seat, meT, mis)
			return w * w
		}
		return k.worth(k.seat, meT, mis) * k.worth(k.agent, agT, mis)
	}
	win := product(me+1, ag)
	if k.agent == k.seat {
		return win > product(me, ag)
	}
	other := product(me, ag)
	if plays := k.v.Trick.Plays; len(plays) > 0 && plays[winning(plays, k.trump)].Seat == k.agent {
		other = product(me, ag+1)
	}
	return win > other
}

// later lists the seats still to play to the current trick after this one.
func (k *mind) later() []games.Seat {
	var out []games.Seat
	for i := len(k.v.Trick.Plays) + 1; i < Seats; i++ {
		out = append(out, (k.v.Trick.Leader+games.Seat(i))%Seats)
	}
	return out
}

// mayBeVoid is how likely seat s is to hold no card of suit su.
func (k *mind) mayBeVoid(s games.Seat, su cards.Suit) float64 {
	switch out := k.outstanding(su); {
	case k.void[s][su] || out == 0:
		return 1
	case out <= 2:
		return 0.5
	case out <= 4:
		return 0.2
	}
	return 0.05
}

// winChance estimates the chance that c, if it is winning the trick now,
// stays the winner after the later players.
func (k *mind) winChance(c cards.Card, led cards.Suit) float64 {
	p := 1.0
	hasTrumps := k.trump != nil && !k.trump.NoTrump && k.outstanding(k.trump.Suit) > 0
	h := float64(k.higher(c))
	for _, s := range k.later() {
		if k.isTrump(c) && c.Suit != led {
			// A ruff: only a player void in the suit led can overruff.
			if !k.void[s][c.Suit] {
				p *= 1 - k.mayBeVoid(s, led)*(1-math.Pow(2.0/3, h))
			}
			continue
		}
		if !k.void[s][c.Suit] {
			p *= math.Pow(2.0/3, h)
		}
		if hasTrumps && !k.isTrump(c) && !k.void[s][k.trump.Suit] {
			p *= 1 - 0.8*k.mayBeVoid(s, c.Suit)
		}
	}
	return p
}

// strength orders cards for "lowest winning card": trumps above the rest.
func (k *mind) strength(c cards.Card) int {
	if k.isTrump(c) {
		return 100 + high(c.Rank)
	}
	return high(c.Rank)
}

func (k *mind) choosePlay(legal []cards.Card) cards.Card {
	sort.SliceStable(legal, func(i, j int) bool { return k.strength(legal[i]) < k.strength(legal[j]) })
	plays := k.v.Trick.Plays
	if len(plays) == 0 {
		if k.wantWin() {
			return k.leadToWin(legal)
		}
		return k.leadToLose(legal)
	}
	led := plays[0].Card.Suit
	best := plays[winning(plays, k.trump)].Card
	follows := legal[0].Suit == led
	var winners, losers []cards.Card // low to high
	for _, c := range legal {
		if beats(c, best, k.trump) {
			winners = append(winners, c)
		} else {
			losers = append(losers, c)
		}
	}
	last := len(plays) == Seats-1
	if k.wantWin() {
		if len(winners) > 0 {
			if last {
				return winners[0]
			}
			for _, c := range winners {
				if k.winChance(c, led) >= 0.5 {
					return c
				}
			}
		}
		if follows {
			return legal[0]
		}
		return k.discardLow(losers, legal)
	}
	// Trying to lose.
	if len(losers) > 0 {
		if follows {
			return losers[len(losers)-1] // the highest card that still loses
		}
		return k.discardDanger(losers)
	}
	return winners[0] // every card wins: the lowest, hoping to be overtaken
}

// leadToWin picks a lead when trying to take the trick.
func (k *mind) leadToWin(legal []cards.Card) cards.Card {
	var trumpBoss, sideBoss []cards.Card
	for _, c := range legal {
		if k.higher(c) > 0 {
			continue
		}
		if k.isTrump(c) {
			trumpBoss = append(trumpBoss, c)
		} else if k.winChance(c, c.Suit) >= 0.6 {
			sideBoss = append(sideBoss, c)
		}
	}
	if len(trumpBoss) > 0 && k.outstanding(k.trump.Suit) > 0 && len(k.suitCards(k.trump.Suit)) >= 2 {
		return trumpBoss[len(trumpBoss)-1]
	}
	if len(sideBoss) > 0 {
		// The top card of the longest suit, to run it.
		sort.SliceStable(sideBoss, func(i, j int) bool {
			return len(k.suitCards(sideBoss[i].Suit)) > len(k.suitCards(sideBoss[j].Suit))
		})
		return sideBoss[0]
	}
	if len(trumpBoss) > 0 {
		return trumpBoss[len(trumpBoss)-1]
	}
	var side []cards.Card
	for _, c := range legal {
		if !k.isTrump(c) {
			side = append(side, c)
		}
	}
	if len(side) == 0 {
		return legal[0]
	}
	if k.trump != nil && !k.trump.NoTrump && len(k.suitCards(k.trump.Suit)) > 0 {
		for _, c := range side {
			if len(k.suitCards(c.Suit)) == 1 {
				return c // a singleton, to ruff that suit later
			}
		}
	}
	// Low from the longest side suit.
	best := side[0]
	for _, c := range side {
		lc, lb := len(k.suitCards(c.Suit)), len(k.suitCards(best.Suit))
		if lc > lb || (lc == lb && high(c.Rank) < high(best.Rank)) {
			best = c
		}
	}
	return best
}

// leadToLose leads the card most likely to be beaten.
func (k *mind) leadToLose(legal []cards.Card) cards.Card {
	best, bestScore := legal[0], math.Inf(-1)
	for _, c := range legal {
		score := float64(k.higher(c)) - float64(high(c.Rank))/20
		if k.isTrump(c) {
			score -= 2
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// discardLow throws the least useful card when trying to win but unable to.
func (k *mind) discardLow(cands, legal []cards.Card) cards.Card {
	if len(cands) == 0 {
		cands = legal
	}
	best, bestScore := cands[0], math.Inf(1)
	for _, c := range cands {
		// Low cards first; among equals, from short suits (to make voids);
		// keep trumps and top cards.
		score := float64(high(c.Rank)) + 0.1*float64(len(k.suitCards(c.Suit)))
		if k.isTrump(c) {
			score += 20
		}
		if k.higher(c) == 0 {
			score += 10
		}
		if score < bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// discardDanger throws the card most likely to win a trick later.
func (k *mind) discardDanger(cands []cards.Card) cards.Card {
	best, bestScore := cands[0], math.Inf(-1)
	for _, c := range cands {
		score := -float64(k.higher(c))*3 + float64(high(c.Rank))/5
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// PlayOut plays g to its end. players[i] plays seat i; a missing or nil
// player is the computer player Choose. It stops with an error if a player
// picks no move or an illegal one, or if the game runs past a sane length.
func PlayOut(g *Game, players ...games.Computer) error {
	if len(players) > Seats {
		return fmt.Errorf("%d players for %d seats", len(players), Seats)
	}
	const limit = 100 * (TricksPerDeal*Seats + Seats)
	for n := 0; !g.Status().Finished(); n++ {
		if n == limit {
			return errors.New("the game did not finish")
		}
		seat := g.ToAct()[0]
		choose := Choose
		if int(seat) < len(players) && players[seat] != nil {
			choose = players[seat]
		}
		m := choose(g, seat)
		if m == nil {
			return fmt.Errorf("seat %d found no move", seat)
		}
		if err := g.Apply(seat, m); err != nil {
			return fmt.Errorf("seat %d: %s: %w", seat, m, err)
		}
	}
	return nil
}
