package secretagent

import (
	"fmt"
	"sort"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Seats is the size of the table.
const Seats = 4

// DealsPerGame is the number of deals in a standard game before any
// tie-break; the deals house rule chooses 1–8.
const DealsPerGame = 4

// TricksPerDeal is the number of tricks in a deal.
const TricksPerDeal = 13

// Misere is a player's value after taking no trick.
const Misere = 10

// Info registers Secret Agent.
var Info = games.Info{
	Name:     "secretagent",
	Title:    "Secret Agent",
	MinSeats: Seats,
	MaxSeats: Seats,
	Summary: "Four players, 13 cards each, and a secret assignment card (Left, Opposite, Right or Self) " +
		"naming your agent. From the dealer's left, three players each forbid a different suit as trump; " +
		"the dealer makes the last suit trump or plays No Trump. Follow suit if you can; the highest trump, " +
		"else the highest card of the suit led, wins the trick. Your value is your tricks, or 10 if you took " +
		"none; you score your value × your agent's value. Four deals, each player dealing once; the highest " +
		"total wins, ties are broken by further deals.",
	New: func(deal uint64, seats int) (games.Game, error) {
		if seats != Seats {
			//lint:ignore ST1005 it starts with a name
			return nil, fmt.Errorf("Secret Agent is for %d players, not %d", Seats, seats)
		}
		return New(deal), nil
	},
	Options: []games.Option{{Name: "deals", Text: "deals", Default: DealsPerGame, Values: []int{1, 2, 3, 4, 5, 6, 7, 8}}},
	NewWith: func(deal uint64, seats int, o games.Options) (games.Game, error) {
		if seats != Seats {
			//lint:ignore ST1005 it starts with a name
			return nil, fmt.Errorf("Secret Agent is for %d players, not %d", Seats, seats)
		}
		return NewDeals(deal, o.Get("deals", DealsPerGame)), nil
	},
	Computer:       Choose,
	ComputerSeeded: ComputerSeeded,
}

var (
	_ games.Game       = (*Game)(nil)
	_ games.Stater     = (*Game)(nil)
	_ games.Summarizer = (*Game)(nil)
	_ games.Rounder    = (*Game)(nil)
)

// Game is a game of Secret Agent in progress.
type Game struct {
	deal        uint64
	rng         *cards.Rand
	firstDealer games.Seat
	moves       int
	deals       int // deals in the game before any tie-break

	dealNo    int // deal in the game, from 1
	dealer    games.Seat
	phase     Phase
	turn      games.Seat // -1 when over
	hands     [Seats][]cards.Card
	assign    [Seats]Assignment
	forbidden []Forbidden
	trump     *Trump
	trick     Trick   // the trick in progress
	tricks    []Trick // completed tricks of this deal
	lastTrick *Trick  // the last completed trick, of this deal or the one before
	taken     [Seats]int

	totals  [Seats]int
	results []DealResult
}

// Play is one card played to a trick, and who played it.
type Play struct {
	Seat games.Seat `json:"seat"`
	Card cards.Card `json:"card"`
}

// Trick is a trick, in progress or complete.
type Trick struct {
	// DealNo is the deal of the game the trick belongs to; Number counts the
	// tricks of that deal from 1.
	DealNo int `json:"deal_no"`
	Number int `json:"number"`
	// Leader is the seat that leads (or led) the trick.
	Leader games.Seat `json:"leader"`
	// Plays are the cards in the order played.
	Plays []Play `json:"plays"`
	// Winner is the seat that took the trick, or -1 while it is in progress.
	Winner games.Seat `json:"winner"`
}

func (t Trick) clone() Trick {
	t.Plays = append([]Play(nil), t.Plays...)
	return t
}

// New deals game deal number deal, of DealsPerGame deals.
func New(deal uint64) *Game { return NewDeals(deal, DealsPerGame) }

// NewDeals deals game deal number deal, of deals deals before any
// tie-break (the deals house rule). The first deal is New's.
func NewDeals(deal uint64, deals int) *Game {
	g := &Game{deal: deal, rng: cards.NewRand(deal), deals: max(deals, 1)}
	g.firstDealer = games.Seat(g.rng.Below(Seats))
	g.dealer = g.firstDealer
	g.startDeal()
	return g
}

// startDeal deals the next deal by the current dealer.
func (g *Game) startDeal() {
	g.dealNo++
	deck := cards.NewDeck()
	g.rng.Shuffle(deck)
	as := []Assignment{Left, Opposite, Right, Self}
	for i := len(as) - 1; i > 0; i-- {
		j := g.rng.Below(i + 1)
		as[i], as[j] = as[j], as[i]
	}
	for s := range g.hands {
		g.hands[s] = make([]cards.Card, 0, TricksPerDeal)
	}
	for i, c := range deck {
		s := (g.dealer + 1 + games.Seat(i)) % Seats
		g.hands[s] = append(g.hands[s], c)
	}
	for i, a := range as {
		g.assign[(g.dealer+1+games.Seat(i))%Seats] = a
	}
	for s := range g.hands {
		SortHand(g.hands[s])
	}
	g.phase = PhaseForbid
	g.turn = g.left(g.dealer)
	g.forbidden = nil
	g.trump = nil
	g.tricks = nil
	g.taken = [Seats]int{}
	g.trick = Trick{DealNo: g.dealNo, Number: 1, Leader: g.left(g.dealer), Winner: -1}
}

func (g *Game) left(s games.Seat) games.Seat { return (s + 1) % Seats }

// displayOrder places the suits alternately black and red: ♠ ♥ ♣ ♦.
var displayOrder = [4]int{cards.Spades: 0, cards.Hearts: 1, cards.Clubs: 2, cards.Diamonds: 3}

// SortHand sorts cards for display: by suit (♠ ♥ ♣ ♦), each from Ace down to 2.
func SortHand(h []cards.Card) {
	sort.Slice(h, func(i, j int) bool {
		if h[i].Suit != h[j].Suit {
			return displayOrder[h[i].Suit&3] < displayOrder[h[j].Suit&3]
		}
		return high(h[i].Rank) > high(h[j].Rank)
	})
}

// high is a rank's strength in play: Ace high (14), then King 13 … 2.
func high(r cards.Rank) int {
	if r == cards.Ace {
		return 14
	}
	return int(r)
}

// Value is a player's multiplier for tricks taken: the tricks, or 10 for none.
func Value(tricks int) int {
	if tricks == 0 {
		return Misere
	}
	return tricks
}

// Score returns, for the tricks taken by each seat and each seat's
// assignment, each seat's value and score (own value × agent's value).
func Score(tricks [Seats]int, assign [Seats]Assignment) (values, scores [Seats]int) {
	for s := range tricks {
		values[s] = Value(tricks[s])
	}
	for s := range tricks {
		scores[s] = values[s] * values[assign[s].Agent(games.Seat(s))]
	}
	return values, scores
}

// beats reports whether card a, played to a trick, beats card b, the card
// winning it so far (which is of the suit led, or a trump).
func beats(a, b cards.Card, trump *Trump) bool {
	if a.Suit == b.Suit {
		return high(a.Rank) > high(b.Rank)
	}
	return trump.Is(a.Suit) // a higher suit only by trumping
}

// winning returns the index of the play winning plays so far.
func winning(plays []Play, trump *Trump) int {
	if len(plays) == 0 {
		return -1
	}
	w := 0
	for i := 1; i < len(plays); i++ {
		if beats(plays[i].Card, plays[w].Card, trump) {
			w = i
		}
	}
	return w
}

// TrickWinner returns the seat that wins a trick of plays: the highest trump,
// else the highest card of the suit led. It is -1 for no plays.
func TrickWinner(plays []Play, trump *Trump) games.Seat {
	w := winning(plays, trump)
	if w < 0 {
		return -1
	}
	return plays[w].Seat
}

// Name is "secretagent".
func (g *Game) Name() string { return Info.Name }

// Deal is the deal number the game was created from.
func (g *Game) Deal() uint64 { return g.deal }

// Seats is 4.
func (g *Game) Seats() int { return Seats }

// ToAct is the one seat to act, or none when the game is over.
func (g *Game) ToAct() []games.Seat {
	if g.phase == PhaseOver {
		return nil
	}
	return []games.Seat{g.turn}
}

// Moves counts the moves applied so far.
func (g *Game) Moves() int { return g.moves }

// Status is Playing, then Over.
func (g *Game) Status() games.Status {
	if g.phase == PhaseOver {
		return games.Over
	}
	return games.Playing
}

// Scores holds each seat's cumulative total.
func (g *Game) Scores() []int { return append([]int(nil), g.totals[:]...) }

// Winners is the seat with the highest total once the game is over.
func (g *Game) Winners() []games.Seat {
	if g.phase != PhaseOver {
		return nil
	}
	return []games.Seat{leader(g.totals)}
}

// Rounds lists each finished deal's scores by seat, in order (none before
// the first deal ends): the scores the records keep deal by deal.
func (g *Game) Rounds() [][]int {
	var out [][]int
	for _, r := range g.results {
		scores := make([]int, Seats)
		for _, s := range r.Seats {
			scores[s.Seat] = s.Score
		}
		out = append(out, scores)
	}
	return out
}

// leader returns the seat with the highest total (the first such seat).
func leader(totals [Seats]int) games.Seat {
	best := 0
	for s := 1; s < Seats; s++ {
		if totals[s] > totals[best] {
			best = s
		}
	}
	return games.Seat(best)
}

// leadAlone reports whether exactly one seat has the highest total.
func leadAlone(totals [Seats]int) bool {
	top := totals[leader(totals)]
	n := 0
	for _, t := range totals {
		if t == top {
			n++
		}
	}
	return n == 1
}

// Legal lists the moves seat may make now: none unless it is seat's turn.
func (g *Game) Legal(seat games.Seat) []games.Move {
	if g.phase == PhaseOver || seat != g.turn {
		return nil
	}
	var out []games.Move
	switch g.phase {
	case PhaseForbid:
		for _, s := range cards.Suits {
			if !g.isForbidden(s) {
				out = append(out, Forbid(s))
			}
		}
	case PhaseTrump:
		out = append(out, MakeTrump, NoTrump)
	case PhasePlay:
		for _, c := range g.hands[seat] {
			if g.follows(seat, c) {
				out = append(out, PlayCard(c))
			}
		}
	}
	return out
}

func (g *Game) isForbidden(s cards.Suit) bool {
	for _, f := range g.forbidden {
		if f.Suit == s {
			return true
		}
	}
	return false
}

// remainingSuit is the one suit nobody forbade (after three forbids).
func (g *Game) remainingSuit() cards.Suit {
	for _, s := range cards.Suits {
		if !g.isForbidden(s) {
			return s
		}
	}
	return 0
}

// followError says why seat may not play c to the current trick, if so.
func (g *Game) followError(seat games.Seat, c cards.Card) error {
	if g.follows(seat, c) {
		return nil
	}
	led := g.trick.Plays[0].Card.Suit
	switch led {
	case cards.Clubs:
		return games.Refuse("you must follow suit: play a %s (clubs)", led.Symbol())
	case cards.Diamonds:
		return games.Refuse("you must follow suit: play a %s (diamonds)", led.Symbol())
	case cards.Hearts:
		return games.Refuse("you must follow suit: play a %s (hearts)", led.Symbol())
	}
	return games.Refuse("you must follow suit: play a %s (spades)", led.Symbol())
}

// follows reports whether seat may play c to the current trick: it leads,
// or c follows suit, or seat holds none of the suit led.
func (g *Game) follows(seat games.Seat, c cards.Card) bool {
	plays := g.trick.Plays
	if len(plays) == 0 {
		return true
	}
	led := plays[0].Card.Suit
	if c.Suit == led {
		return true
	}
	for _, h := range g.hands[seat] {
		if h.Suit == led {
			return false
		}
	}
	return true
}

// alreadyForbidden refuses to forbid suit s again.
func alreadyForbidden(s cards.Suit) error {
	switch s {
	case cards.Clubs:
		return games.Refuse("clubs are already forbidden: choose another suit")
	case cards.Diamonds:
		return games.Refuse("diamonds are already forbidden: choose another suit")
	case cards.Hearts:
		return games.Refuse("hearts are already forbidden: choose another suit")
	}
	return games.Refuse("spades are already forbidden: choose another suit")
}

// Apply makes move m for seat, or says why it cannot be made and changes
// nothing.
func (g *Game) Apply(seat games.Seat, m games.Move) error {
	mv, err := games.MoveOf[Move](m, "a Secret Agent move")
	if err != nil {
		return err
	}
	if g.phase == PhaseOver {
		return games.Refuse("the game is over")
	}
	if seat < 0 || seat >= Seats {
		return fmt.Errorf("seat %d is not at this table", seat)
	}
	if seat != g.turn {
		return games.Refuse("it is not your turn")
	}
	switch mv.Kind {
	case KindForbid:
		err = g.forbid(seat, mv.Suit)
	case KindTrump, KindNoTrump:
		err = g.chooseTrump(mv.Kind == KindTrump)
	case KindPlay:
		err = g.play(seat, mv.Card)
	default:
		err = games.Refuse("not a move: write forbid S (S is c, d, h or s), trump, notrump or play CARD (like play QH)")
	}
	if err != nil {
		return err
	}
	g.moves++
	return nil
}

// forbid is seat forbidding suit as trump, in its turn.
func (g *Game) forbid(seat games.Seat, suit cards.Suit) error {
	if g.phase != PhaseForbid {
		if g.phase == PhaseTrump {
			return games.Refuse("you cannot forbid a suit now: now the dealer chooses trump or notrump")
		}
		return games.Refuse("you cannot forbid a suit now: now the cards are played (play CARD)")
	}
	if suit > cards.Spades {
		return games.Refuse("no such suit: forbid c, d, h or s")
	}
	if g.isForbidden(suit) {
		return alreadyForbidden(suit)
	}
	g.forbidden = append(g.forbidden, Forbidden{Seat: seat, Suit: suit})
	if len(g.forbidden) == Seats-1 {
		g.phase = PhaseTrump
	}
	g.turn = g.left(seat)
	return nil
}

// chooseTrump is the dealer making the suit no one forbade trump (trump),
// or playing No Trump.
func (g *Game) chooseTrump(trump bool) error {
	if g.phase != PhaseTrump {
		if g.phase == PhaseForbid {
			return games.Refuse("only the dealer chooses, after three suits are forbidden: now each player forbids a suit (forbid c, d, h or s)")
		}
		return games.Refuse("trump is already chosen: now the cards are played (play CARD)")
	}
	t := Trump{NoTrump: true}
	if trump {
		t = Trump{Suit: g.remainingSuit()}
	}
	g.trump = &t
	g.phase = PhasePlay
	g.turn = g.trick.Leader
	return nil
}

// play is seat playing c to the trick, in its turn.
func (g *Game) play(seat games.Seat, c cards.Card) error {
	if g.phase != PhasePlay {
		if g.phase == PhaseTrump {
			return games.Refuse("you cannot play a card yet: now the dealer chooses trump or notrump")
		}
		return games.Refuse("you cannot play a card yet: now each player forbids a suit (forbid c, d, h or s)")
	}
	i := indexOf(g.hands[seat], c)
	if i < 0 {
		return games.Refuse("you do not hold %s", c)
	}
	if err := g.followError(seat, c); err != nil {
		return err
	}
	g.hands[seat] = append(g.hands[seat][:i:i], g.hands[seat][i+1:]...)
	g.trick.Plays = append(g.trick.Plays, Play{Seat: seat, Card: c})
	g.turn = g.left(seat)
	if len(g.trick.Plays) == Seats {
		g.endTrick()
	}
	return nil
}

func indexOf(h []cards.Card, c cards.Card) int {
	for i, x := range h {
		if x == c {
			return i
		}
	}
	return -1
}

// endTrick gives the full trick to its winner, who leads next.
func (g *Game) endTrick() {
	t := g.trick
	t.Winner = TrickWinner(t.Plays, g.trump)
	g.taken[t.Winner]++
	g.tricks = append(g.tricks, t)
	last := t.clone()
	g.lastTrick = &last
	if len(g.tricks) == TricksPerDeal {
		g.endDeal()
		return
	}
	g.trick = Trick{DealNo: g.dealNo, Number: t.Number + 1, Leader: t.Winner, Winner: -1}
	g.turn = t.Winner
}

// endDeal scores and reveals the deal, then deals again or ends the game.
func (g *Game) endDeal() {
	values, scores := Score(g.taken, g.assign)
	r := DealResult{
		DealNo:    g.dealNo,
		Dealer:    g.dealer,
		Forbidden: append([]Forbidden(nil), g.forbidden...),
		Trump:     *g.trump,
	}
	for s := 0; s < Seats; s++ {
		g.totals[s] += scores[s]
		seat := games.Seat(s)
		r.Seats = append(r.Seats, SeatResult{
			Seat:       seat,
			Tricks:     g.taken[s],
			Assignment: g.assign[s],
			Agent:      g.assign[s].Agent(seat),
			Value:      values[s],
			Score:      scores[s],
			Total:      g.totals[s],
		})
	}
	g.results = append(g.results, r)
	g.trick = Trick{DealNo: g.dealNo, Number: TricksPerDeal + 1, Leader: -1, Winner: -1}
	if g.dealNo >= g.deals && leadAlone(g.totals) {
		g.phase = PhaseOver
		g.turn = -1
		return
	}
	g.dealer = g.left(g.dealer)
	g.startDeal()
}
