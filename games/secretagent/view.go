package secretagent

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// View is what one viewer may see of the table. For a seat it holds that
// seat's own hand and assignment; for the spectator (or any seat not at the
// table) no hand and no assignment. Slices are copies: changing them changes
// nothing in the game.
type View struct {
	// Viewer is the seat the view is for, or games.Spectator.
	Viewer games.Seat `json:"viewer"`
	// Deal is the game's deal number; DealNo the deal within the game, from 1
	// (above 4 in a tie-break).
	Deal   uint64 `json:"deal"`
	DealNo int    `json:"deal_no"`
	// Deals is how many deals the game has before any tie-break: 4, or
	// the table's deals house rule.
	Deals  int        `json:"deals"`
	Dealer games.Seat `json:"dealer"`
	Phase  Phase      `json:"phase"`
	// Turn is the seat to act, -1 once the game is over.
	Turn   games.Seat   `json:"turn"`
	Status games.Status `json:"status"`
	Moves  int          `json:"moves"`

	// Hand is the viewer's own hand, sorted for display (♠ ♥ ♣ ♦, high to
	// low); Assignment and Agent the viewer's own assignment card and the
	// seat it names. All three are absent for the spectator.
	Hand       []cards.Card `json:"hand,omitempty"`
	Assignment *Assignment  `json:"assignment,omitempty"`
	Agent      *games.Seat  `json:"agent,omitempty"`

	// HandSizes counts the cards in each seat's hand.
	HandSizes []int `json:"hand_sizes"`
	// Forbidden are the suits forbidden so far this deal, in order.
	Forbidden []Forbidden `json:"forbidden"`
	// Trump is the dealer's choice, nil until it is made.
	Trump *Trump `json:"trump,omitempty"`
	// Trick is the trick in progress (no plays yet when a trick is to be led).
	Trick Trick `json:"trick"`
	// Tricks are the completed tricks of the current deal, in order.
	Tricks []Trick `json:"tricks"`
	// LastTrick is the last completed trick; after a deal's last trick it
	// stays (with its DealNo) until the next deal completes a trick.
	LastTrick *Trick `json:"last_trick,omitempty"`
	// Taken counts the tricks each seat has taken this deal.
	Taken []int `json:"taken"`
	// Totals are the cumulative scores of the game so far.
	Totals []int `json:"totals"`
	// Revealed holds every finished deal: assignments, values and scores,
	// revealed at the deal's end. Its last entry is the deal just finished.
	Revealed []DealResult `json:"revealed"`
	// Winners is the winning seat once the game is over.
	Winners []games.Seat `json:"winners,omitempty"`
}

// LastDeal returns the result of the last finished deal, or nil before the
// first deal ends.
func (v View) LastDeal() *DealResult {
	if len(v.Revealed) == 0 {
		return nil
	}
	return &v.Revealed[len(v.Revealed)-1]
}

// DealResult is one finished deal, with everything revealed.
type DealResult struct {
	DealNo    int          `json:"deal_no"`
	Dealer    games.Seat   `json:"dealer"`
	Forbidden []Forbidden  `json:"forbidden"`
	Trump     Trump        `json:"trump"`
	Seats     []SeatResult `json:"seats"`
}

// SeatResult is one seat's part of a finished deal.
type SeatResult struct {
	Seat       games.Seat `json:"seat"`
	Tricks     int        `json:"tricks"`
	Assignment Assignment `json:"assignment"`
	// Agent is the seat the assignment named.
	Agent games.Seat `json:"agent"`
	// Value is the tricks taken, or 10 for none; Score is Value × the agent's
	// Value; Total is the cumulative total after this deal.
	Value int `json:"value"`
	Score int `json:"score"`
	Total int `json:"total"`
}

func cloneResults(rs []DealResult) []DealResult {
	out := make([]DealResult, len(rs))
	for i, r := range rs {
		r.Forbidden = append([]Forbidden(nil), r.Forbidden...)
		r.Seats = append([]SeatResult(nil), r.Seats...)
		out[i] = r
	}
	return out
}

// View returns what viewer may see: a View.
func (g *Game) View(viewer games.Seat) any { return g.view(viewer) }

func (g *Game) view(viewer games.Seat) View {
	if viewer < 0 || viewer >= Seats {
		viewer = games.Spectator
	}
	v := View{
		Viewer:    viewer,
		Deal:      g.deal,
		DealNo:    g.dealNo,
		Deals:     g.deals,
		Dealer:    g.dealer,
		Phase:     g.phase,
		Turn:      g.turn,
		Status:    g.Status(),
		Moves:     g.moves,
		Forbidden: append([]Forbidden{}, g.forbidden...),
		Trick:     g.trick.clone(),
		Tricks:    make([]Trick, len(g.tricks)),
		Taken:     append([]int(nil), g.taken[:]...),
		Totals:    append([]int(nil), g.totals[:]...),
		Revealed:  cloneResults(g.results),
		Winners:   g.Winners(),
	}
	for s := range g.hands {
		v.HandSizes = append(v.HandSizes, len(g.hands[s]))
	}
	for i, t := range g.tricks {
		v.Tricks[i] = t.clone()
	}
	if g.trump != nil {
		t := *g.trump
		v.Trump = &t
	}
	if g.lastTrick != nil {
		t := g.lastTrick.clone()
		v.LastTrick = &t
	}
	if viewer != games.Spectator {
		v.Hand = append([]cards.Card{}, g.hands[viewer]...)
		a := g.assign[viewer]
		agent := a.Agent(viewer)
		v.Assignment, v.Agent = &a, &agent
	}
	return v
}

// State is the whole position, hidden parts included: the spectator's view
// plus every hand and every current assignment.
type State struct {
	View
	FirstDealer games.Seat     `json:"first_dealer"`
	Hands       [][]cards.Card `json:"hands"`
	Assignments []Assignment   `json:"assignments"`
	Agents      []games.Seat   `json:"agents"`
}

// State returns the complete position (games.Stater).
func (g *Game) State() any { return g.state() }

func (g *Game) state() State {
	st := State{View: g.view(games.Spectator), FirstDealer: g.firstDealer}
	for s := range g.hands {
		st.Hands = append(st.Hands, append([]cards.Card{}, g.hands[s]...))
		st.Assignments = append(st.Assignments, g.assign[s])
		st.Agents = append(st.Agents, g.assign[s].Agent(games.Seat(s)))
	}
	return st
}

// Summary is a game's record for the scripted mode: every finished deal,
// then the totals and the winner (nil until the game is over).
type Summary struct {
	Game   string       `json:"game"`
	Deal   uint64       `json:"deal"`
	Status games.Status `json:"status"`
	Moves  int          `json:"moves"`
	Deals  []DealResult `json:"deals"`
	Totals []int        `json:"totals"`
	Winner *games.Seat  `json:"winner"`
}

// GameSummary is Summary as a games.Summarizer.
func (g *Game) GameSummary() any { return g.Summary() }

// Summary reports the game so far.
func (g *Game) Summary() Summary {
	s := Summary{
		Game:   Info.Name,
		Deal:   g.deal,
		Status: g.Status(),
		Moves:  g.moves,
		Deals:  cloneResults(g.results),
		Totals: g.Scores(),
	}
	if w := g.Winners(); len(w) == 1 {
		s.Winner = &w[0]
	}
	return s
}
