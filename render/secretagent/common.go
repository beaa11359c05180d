package secretagent

// What the table, the hand and the text share: the seats' names, the checks
// of a view, and the words for the deal and who is to act.

import (
	"fmt"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// seatNames returns the four seats' names: names given, "Seat N" (in l) for
// the rest.
func seatNames(names []string, l lang.Lang) [4]string {
	var out [4]string
	for i := range out {
		if i < len(names) && names[i] != "" {
			out[i] = names[i]
		} else {
			out[i] = words.T(l, "Seat %d", i+1)
		}
	}
	return out
}

// at returns xs[i], or 0 when xs is too short.
func at(xs []int, i int) int {
	if i >= 0 && i < len(xs) {
		return xs[i]
	}
	return 0
}

// checkView checks a view's cards and seats.
func checkView(v game.View) error {
	check := func(c cards.Card, what string) error {
		if ok := render.HasFace(c); !ok || c.IsJoker() {
			return fmt.Errorf("render: %s is %v, not a card", what, c)
		}
		return nil
	}
	tricks := []game.Trick{v.Trick}
	if v.LastTrick != nil {
		tricks = append(tricks, *v.LastTrick)
	}
	for _, t := range tricks {
		if len(t.Plays) > game.Seats {
			return fmt.Errorf("render: a trick of %d cards", len(t.Plays))
		}
		for _, p := range t.Plays {
			if p.Seat < 0 || p.Seat >= game.Seats {
				return fmt.Errorf("render: a card played by seat %d", p.Seat)
			}
			if err := check(p.Card, "a card in the trick"); err != nil {
				return err
			}
		}
	}
	for _, c := range v.Hand {
		if err := check(c, "a card in the hand"); err != nil {
			return err
		}
	}
	return nil
}

// revealing tells whether the table shows the deal just finished: until
// the next deal's play starts, and once the game is over.
func revealing(v game.View) *game.DealResult {
	last := v.LastDeal()
	if last == nil {
		return nil
	}
	if v.Phase == game.PhaseOver || (v.Phase != game.PhasePlay && last.DealNo == v.DealNo-1) {
		return last
	}
	return nil
}

// dealText is "deal 2 of 4", or "deal 5, tie-break", for v's deal, in l.
func dealText(v game.View, l lang.Lang) string {
	deals := v.Deals
	if deals == 0 { // a view built by hand, as in tests
		deals = game.DealsPerGame
	}
	if v.DealNo > deals {
		return words.T(l, "deal %d, tie-break", v.DealNo)
	}
	return words.T(l, "deal %d of %d", max(v.DealNo, 1), deals)
}

// doingLine says who is to do what in l: "Bob to play".
func doingLine(v game.View, names [4]string, l lang.Lang) string { return doingIn(v, names, 200, l) }

// doingIn is doingLine with names cut to w pixels at Large.
func doingIn(v game.View, names [4]string, w int, l lang.Lang) string {
	if v.Phase == game.PhaseOver || v.Turn < 0 || v.Turn >= game.Seats {
		if len(v.Winners) == 1 && v.Winners[0] >= 0 && v.Winners[0] < game.Seats {
			return words.T(l, "%s wins", render.Fit(names[v.Winners[0]], render.Large, w))
		}
		return words.T(l, "game over")
	}
	who := render.Fit(names[v.Turn], render.Large, w)
	switch v.Phase {
	case game.PhaseForbid:
		return words.T(l, "%s to forbid a suit", who)
	case game.PhaseTrump:
		return words.T(l, "%s to choose trump", who)
	}
	if len(v.Trick.Plays) == 0 {
		return words.T(l, "%s to lead", who)
	}
	return words.T(l, "%s to play", who)
}

// nameFor names a seat for the player at seat me: "you" (in l) for their
// own.
func nameFor(seat games.Seat, me int, names [4]string, l lang.Lang) string {
	switch {
	case int(seat) == me:
		return words.T(l, "you")
	case seat >= 0 && seat < game.Seats:
		return names[seat]
	}
	return "?"
}

// fittingSize is the first of sizes at which text fits w pixels, else the last:
// the longer words of some languages step down a size rather than be cut.
func fittingSize(text string, w int, sizes ...render.TextSize) render.TextSize {
	for _, size := range sizes {
		if render.TextWidth(text, size) <= w {
			return size
		}
	}
	return sizes[len(sizes)-1]
}
