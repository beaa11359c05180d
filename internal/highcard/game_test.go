// Package highcard_test is a sixth game that exists only in tests: High
// Card, two players, three cards each, the higher card takes the trick. It
// shows what adding a game takes (its engine, its presentation, one
// registration) and proves it by playing it through the fake Discord and
// the terminal's scripted mode, with no file of bot, render's kit, cmd or
// store touched.
package highcard_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// handSize is how many cards each player gets, and so how many tricks.
const handSize = 3

// game is High Card: seat 0 leads each trick, seat 1 answers; the higher
// rank wins a point (a tie wins nothing).
type game struct {
	deal   uint64
	hands  [2][]cards.Card
	played [2]cards.Card // the trick in progress
	last   [2]cards.Card // the trick before
	score  [2]int
	moves  int
}

// move is "play QH".
type move struct{ card cards.Card }

func (m move) String() string { return "play " + m.card.Code() }

// view is what one seat sees: its own hand only.
type view struct {
	Viewer    games.Seat    `json:"viewer"`
	Hand      []cards.Card  `json:"hand,omitempty"`
	HandSizes [2]int        `json:"hand_sizes"`
	Played    [2]cards.Card `json:"played"`
	Last      [2]cards.Card `json:"last"`
	Scores    [2]int        `json:"scores"`
	Status    games.Status  `json:"status"`
	Moves     int           `json:"moves"`
}

var info = games.Info{
	Name: "highcard", Title: "High Card", MinSeats: 2, MaxSeats: 2,
	Summary: "Two players, three cards each. Seat 1 leads, seat 2 answers; the higher card wins the trick.",
	New: func(deal uint64, seats int) (games.Game, error) {
		d := cards.Shuffled(cards.NewDeck(), deal)
		return &game{deal: deal, hands: [2][]cards.Card{d[:handSize:handSize], d[handSize : 2*handSize : 2*handSize]}}, nil
	},
	Computer: func(g games.Game, seat games.Seat) games.Move { return g.Legal(seat)[0] },
}

func (g *game) Name() string  { return info.Name }
func (g *game) Deal() uint64  { return g.deal }
func (g *game) Seats() int    { return 2 }
func (g *game) Moves() int    { return g.moves }
func (g *game) Scores() []int { return g.score[:] }
func (g *game) toAct() games.Seat {
	if g.played[0].IsNone() {
		return 0
	}
	return 1
}

func (g *game) ToAct() []games.Seat {
	if g.Status().Finished() {
		return nil
	}
	return []games.Seat{g.toAct()}
}

func (g *game) Legal(seat games.Seat) []games.Move {
	if g.Status().Finished() || seat != g.toAct() {
		return nil
	}
	var out []games.Move
	for _, c := range g.hands[seat] {
		out = append(out, move{c})
	}
	return out
}

func (g *game) Parse(text string) (games.Move, error) {
	code, ok := strings.CutPrefix(strings.TrimSpace(text), "play ")
	if !ok {
		return nil, errors.New(`a move is "play" and a card, such as "play QH"`)
	}
	c, err := cards.Parse(code)
	if err != nil {
		return nil, err
	}
	return move{c}, nil
}

func (g *game) Apply(seat games.Seat, m games.Move) error {
	mv, ok := m.(move)
	if !ok || !games.IsLegal(g, seat, m.String()) {
		return fmt.Errorf("%s is not a legal move now", m)
	}
	for i, c := range g.hands[seat] {
		if c == mv.card {
			g.hands[seat] = append(g.hands[seat][:i:i], g.hands[seat][i+1:]...)
			break
		}
	}
	g.played[seat] = mv.card
	g.moves++
	if seat == 1 {
		switch a, b := g.played[0].Rank, g.played[1].Rank; {
		case a > b:
			g.score[0]++
		case b > a:
			g.score[1]++
		}
		g.last, g.played = g.played, [2]cards.Card{}
	}
	return nil
}

func (g *game) Status() games.Status {
	if len(g.hands[0])+len(g.hands[1]) == 0 {
		return games.Over
	}
	return games.Playing
}

func (g *game) Winners() []games.Seat {
	if !g.Status().Finished() {
		return nil
	}
	switch {
	case g.score[0] > g.score[1]:
		return []games.Seat{0}
	case g.score[1] > g.score[0]:
		return []games.Seat{1}
	}
	return []games.Seat{0, 1}
}

func (g *game) View(viewer games.Seat) any {
	v := view{Viewer: viewer, Played: g.played, Last: g.last, Scores: g.score, Status: g.Status(), Moves: g.moves,
		HandSizes: [2]int{len(g.hands[0]), len(g.hands[1])}}
	if viewer == 0 || viewer == 1 {
		v.Hand = append([]cards.Card(nil), g.hands[viewer]...)
	}
	return v
}
