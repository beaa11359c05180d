package doubleagent

import (
	"github.com/dealer/dealer/games/cards"
)

// The typed position: small, fixed-size and comparable, for the game and for
// a solver. A Pos is a plain value: assigning it clones it, and it can be a
// map key as it is (unused slots are kept zero).

// card is a card in one byte: 0 is no card, 1–52 are suit*13 + rank
// (clubs, diamonds, hearts, spades; Ace 1 … King 13), 53 and 54 the agents.
type card uint8

const (
	redAgent   card = 53
	blackAgent card = 54
	numCards        = 54
)

func fromCard(c cards.Card) card {
	switch {
	case c.IsNone():
		return 0
	case c == cards.RedJoker:
		return redAgent
	case c == cards.BlackJoker:
		return blackAgent
	}
	return card(int(c.Suit)*13 + int(c.Rank))
}

// Card returns c as a cards.Card.
func (c card) Card() cards.Card {
	switch {
	case c == 0:
		return cards.None
	case c == redAgent:
		return cards.RedJoker
	case c == blackAgent:
		return cards.BlackJoker
	}
	return cards.Card{Rank: cards.Rank((c-1)%13 + 1), Suit: cards.Suit((c - 1) / 13)}
}

func (c card) isAgent() bool { return c >= redAgent }

// rank is 1–13 for a card of the deck, 0 for an agent (and for no card).
func (c card) rank() int {
	if c == 0 || c.isAgent() {
		return 0
	}
	return int(c-1)%13 + 1
}

func (c card) suit() cards.Suit { return cards.Suit((c - 1) / 13) }

func (c card) isRed() bool {
	if c.isAgent() {
		return c == redAgent
	}
	s := c.suit()
	return s == cards.Diamonds || s == cards.Hearts
}

// String writes the card as cards.Card does.
func (c card) String() string { return c.Card().String() }

// maxPile bounds a tableau: at most 4 face-down cards under a face-up run
// of at most 13 (a run's ranks are distinct, agents included): 17, and
// one spare byte.
const maxPile = 18

// pile is one tableau: c[0:down] face down, c[down:n] the face-up run, which
// is always a correctly built run of its row (every move keeps it so).
type pile struct {
	n, down uint8
	c       [maxPile]card
}

func (t *pile) up() int             { return int(t.n - t.down) }
func (t *pile) run() []card         { return t.c[t.down:t.n] }
func (t *pile) top() card           { return t.c[t.n-1] }
func (t *pile) exposed() bool       { return t.n > 0 && t.n == t.down }
func (t *pile) topRun(n int) []card { return t.c[int(t.n)-n : t.n] }

// cell is one prison cell: empty (top 0), a prisoner, or a foundation whose
// top card says its suit and its count (the top's rank).
type cell struct {
	top   card
	found bool
}

// Pos is a complete Double Agent position: ten tableaus (T1–T5, B1–B5), the
// four prison cells and the two command slots.
type Pos struct {
	tab  [10]pile
	cell [4]cell
	cmd  [2]card
}

// Deal returns the opening position of deal number deal, made exactly as the
// rules say, with one cards.Rand from cards.NewRand(deal):
//
//  1. shuffle the 52-card deck (cards.NewDeck order); index 0 is the top;
//  2. the top four cards (indexes 0–3) go face up into p1–p4 as prisoners;
//  3. the other 48, followed by the red and the black agent, are shuffled
//     again with the same Rand;
//  4. those 50 are dealt from the top in five rounds of one card to each
//     tableau in the order t1–t5, b1–b5: card i goes to tableau i mod 10 at
//     height i div 10, so each tableau gets cards i, i+10, …, i+40 from the
//     bottom up; the four lower ones are face down, the fifth face up.
func Deal(deal uint64) Pos {
	r := cards.NewRand(deal)
	d := cards.NewDeck()
	r.Shuffle(d)
	var p Pos
	for i := range p.cell {
		p.cell[i] = cell{top: fromCard(d[i])}
	}
	rest := make([]cards.Card, 0, 50)
	rest = append(rest, d[4:]...)
	rest = append(rest, cards.RedJoker, cards.BlackJoker)
	r.Shuffle(rest)
	for i, c := range rest {
		p.tab[i%10].c[i/10] = fromCard(c)
	}
	for i := range p.tab {
		p.tab[i].n, p.tab[i].down = 5, 4
	}
	return p
}

// Clone returns a copy of p (a Pos is a value; this only names the idea).
func (p *Pos) Clone() Pos { return *p }

// dir is the building direction of tableau t: +1 up (top row), -1 down.
func dir(t Place) int {
	if t.TopRow() {
		return 1
	}
	return -1
}

func inRange(r int) bool { return r >= 1 && r <= 13 }

// rankAt returns the rank that position i of the correctly built run s
// stands for in a row building in direction d, or 0 while s holds only
// agents that nothing fixes yet. Any card of the deck in s fixes every
// position, agents included.
func rankAt(s []card, i, d int) int {
	for j := len(s) - 1; j >= 0; j-- {
		if r := s[j].rank(); r != 0 {
			return r + (i-j)*d
		}
	}
	return 0
}

// commands reports whether the agent of the colour (red or not) is in command.
func (p *Pos) commands(red bool) bool {
	a := blackAgent
	if red {
		a = redAgent
	}
	return p.cmd[0] == a || p.cmd[1] == a
}

// reason is why a move is refused; ok when it is not.
type reason uint8

const (
	ok reason = iota
	rKind
	rBadPlace
	rSame
	rEmpty
	rFaceDown
	rTooMany
	rRows
	rSingle
	rColour
	rRank
	rNotAgent
	rSlotTaken
	rCellTaken
	rAgentFound
	rFoundNext
	rFrozen
	rCmdOut
	rPrisonerToCell
	rNoExposed
)

// fits tells whether run may go on a tableau of direction d whose face-up
// run is dst (empty for an empty space or an exposed face-down card, which
// accept anything: the moving run is itself correctly built).
func fits(dst, run []card, d int) reason {
	m := len(dst)
	if m == 0 {
		return ok
	}
	if dst[m-1].isRed() == run[0].isRed() {
		return rColour
	}
	dr := rankAt(dst, m-1, d) // what the destination's top stands for
	rr := rankAt(run, 0, d)   // what the run's base stands for
	switch {
	case dr != 0 && rr != 0:
		if rr != dr+d {
			return rRank
		}
	case dr != 0: // only agents move: they continue from dr
		if !inRange(dr + len(run)*d) {
			return rRank
		}
	case rr != 0: // the run fixes the agents it lands on
		if !inRange(rr - m*d) {
			return rRank
		}
	}
	return ok
}

// accepts tells whether the single card c, leaving a tableau or a prisoner's
// cell, may go to the prison cell or command slot t.
func (p *Pos) accepts(t Place, c card) reason {
	if t.IsCommand() {
		if !c.isAgent() {
			return rNotAgent
		}
		if p.cmd[t-C1] != 0 {
			return rSlotTaken
		}
		return ok
	}
	cl := p.cell[t-P1]
	switch {
	case cl.top == 0:
		return ok
	case !cl.found:
		return rCellTaken
	case c.isAgent():
		return rAgentFound
	case c.suit() != cl.top.suit() || c.rank() != cl.top.rank()+1:
		return rFoundNext
	case !p.commands(c.isRed()):
		return rFrozen
	}
	return ok
}

// check tells whether the transfer of n cards (n ≥ 1) from f to t is legal.
func (p *Pos) check(f, t Place, n int) reason {
	if f >= numPlaces || t >= numPlaces {
		return rBadPlace
	}
	if f == t {
		return rSame
	}
	if n < 1 {
		return rTooMany
	}
	var c card // the single card that moves, when only one may
	switch {
	case f.IsTableau():
		src := &p.tab[f]
		switch {
		case src.n == 0:
			return rEmpty
		case src.up() == 0:
			return rFaceDown
		case n > src.up():
			return rTooMany
		}
		if t.IsTableau() {
			if n > 1 && f.TopRow() != t.TopRow() {
				return rRows
			}
			return fits(p.tab[t].run(), src.topRun(n), dir(t))
		}
		if n > 1 {
			return rSingle
		}
		return p.accepts(t, src.top())
	case f.IsCell():
		cl := p.cell[f-P1]
		if cl.top == 0 {
			return rEmpty
		}
		c = cl.top
		switch {
		case n > 1:
			return rSingle
		case t.IsTableau():
			// Prisoners and foundations' top cards (frozen or not) go out
			// to the tableaus.
			return fits(p.tab[t].run(), []card{c}, dir(t))
		case t.IsCell() && p.cell[t-P1].top == 0:
			// Rules: "Any card may be moved into an empty prison cell as a
			// prisoner" — a foundation's top card too. A prisoner moving
			// to another empty cell would change nothing.
			if cl.found {
				return ok
			}
			return rPrisonerToCell
		}
		return p.accepts(t, c)
	default: // command
		c = p.cmd[f-C1]
		switch {
		case c == 0:
			return rEmpty
		case n > 1:
			return rSingle
		case t.IsCell() && p.cell[t-P1].top == 0:
			// Rules: "Any card may be moved into an empty prison cell as a
			// prisoner" — an agent in command too.
			return ok
		case t.IsCell():
			return p.accepts(t, c)
		case !t.IsTableau():
			return rCmdOut
		}
		return fits(p.tab[t].run(), []card{c}, dir(t))
	}
}

// Resolve returns m with its count settled: for a transfer written without
// one (N = 0), the single top card when it may go, otherwise the longest run
// that may; N = 1 for every transfer that does not leave a tableau for a
// tableau of the same row. The move is not checked further.
func (p *Pos) Resolve(m Move) Move {
	if m.Kind != Transfer || m.N != 0 {
		return m
	}
	m.N = 1
	if m.From.IsTableau() && m.To.IsTableau() && m.From.TopRow() == m.To.TopRow() &&
		p.check(m.From, m.To, 1) != ok {
		for n := p.tab[m.From].up(); n > 1; n-- {
			if p.check(m.From, m.To, n) == ok {
				m.N = uint8(n)
				break
			}
		}
	}
	return m
}

// why returns why m (resolved) is illegal, or ok.
func (p *Pos) why(m Move) reason {
	switch m.Kind {
	case Transfer:
		return p.check(m.From, m.To, int(m.N))
	case Uncover:
		if !m.From.IsTableau() {
			return rBadPlace
		}
		if !p.tab[m.From].exposed() {
			return rNoExposed
		}
		return ok
	}
	return rKind
}

// Check returns nil when m is legal now, else why it is not, in words.
func (p *Pos) Check(m Move) error {
	m = p.Resolve(m)
	if r := p.why(m); r != ok {
		return p.explain(m, r)
	}
	return nil
}

// Step is what Undo needs to take a move back.
type Step struct {
	m    Move
	cell [4]cell
	cmd  [2]card
}

// Move returns the move the step made, its count resolved.
func (s Step) Move() Move { return s.m }

// Do makes move m (a Transfer or an Uncover) if it is legal, and returns
// what Undo needs to take it back. An illegal move changes nothing.
func (p *Pos) Do(m Move) (Step, error) {
	m = p.Resolve(m)
	if r := p.why(m); r != ok {
		return Step{}, p.explain(m, r)
	}
	return p.do(m), nil
}

// do makes the legal, resolved move m.
func (p *Pos) do(m Move) Step {
	s := Step{m: m, cell: p.cell, cmd: p.cmd}
	if m.Kind == Uncover {
		p.tab[m.From].down--
		return s
	}
	var buf [maxPile]card
	k := p.take(m.From, int(m.N), &buf)
	p.put(m.To, buf[:k])
	p.promote()
	return s
}

// promote makes a foundation of every Ace held as a prisoner while an agent
// of its colour commands (so one placed in an empty cell then starts one).
func (p *Pos) promote() {
	for i := range p.cell {
		c := &p.cell[i]
		if !c.found && c.top.rank() == 1 && p.commands(c.top.isRed()) {
			c.found = true
		}
	}
}

// take removes n cards from place f into buf and returns how many.
func (p *Pos) take(f Place, n int, buf *[maxPile]card) int {
	switch {
	case f.IsTableau():
		t := &p.tab[f]
		r := t.topRun(n)
		copy(buf[:], r)
		clear(r)
		t.n -= uint8(n)
		return n
	case f.IsCell():
		c := &p.cell[f-P1]
		buf[0] = c.top
		if c.found && c.top.rank() > 1 {
			c.top-- // the card under it: same suit, one rank lower
		} else {
			*c = cell{}
		}
	default:
		buf[0] = p.cmd[f-C1]
		p.cmd[f-C1] = 0
	}
	return 1
}

// put lays cards on place t.
func (p *Pos) put(t Place, cs []card) {
	switch {
	case t.IsTableau():
		d := &p.tab[t]
		copy(d.c[d.n:], cs)
		d.n += uint8(len(cs))
	case t.IsCell():
		p.cell[t-P1].top = cs[0] // a new prisoner, or a foundation's new top
	default:
		p.cmd[t-C1] = cs[0]
	}
}

// Undo takes back the move s made, which must be the last one made on p.
// It takes back uncovers too, which the game itself never does: a solver
// may search past them.
func (p *Pos) Undo(s Step) {
	m := s.m
	if m.Kind == Uncover {
		p.tab[m.From].down++
		return
	}
	var buf [maxPile]card
	k := 1
	switch {
	case m.To.IsTableau():
		k = p.take(m.To, int(m.N), &buf)
	case m.To.IsCell():
		buf[0] = p.cell[m.To-P1].top
	default:
		buf[0] = p.cmd[m.To-C1]
	}
	if m.From.IsTableau() {
		p.put(m.From, buf[:k])
	}
	p.cell, p.cmd = s.cell, s.cmd
}

// moves yields every legal move, resolved, in a fixed order: transfers by
// source place, then destination, then count; then the uncovers.
func (p *Pos) moves(yield func(Move) bool) {
	for f := Place(0); f < numPlaces; f++ {
		up := 1
		if f.IsTableau() {
			if up = p.tab[f].up(); up == 0 {
				continue
			}
		}
		for t := Place(0); t < numPlaces; t++ {
			if t == f {
				continue
			}
			hi := 1
			if f.IsTableau() && t.IsTableau() && f.TopRow() == t.TopRow() {
				hi = up
			}
			for n := 1; n <= hi; n++ {
				if p.check(f, t, n) == ok && !yield(MoveCards(f, t, n)) {
					return
				}
			}
		}
	}
	for t := T1; t <= B5; t++ {
		if p.tab[t].exposed() && !yield(UncoverMove(t)) {
			return
		}
	}
}

// Legal appends every legal move to buf and returns it.
func (p *Pos) Legal(buf []Move) []Move {
	for m := range p.moves {
		buf = append(buf, m)
	}
	return buf
}

// Stuck reports whether no move is legal: the game is lost.
func (p *Pos) Stuck() bool {
	for range p.moves {
		return false
	}
	return true
}

// Won reports whether both agents command and all 52 cards are on the four
// foundations.
func (p *Pos) Won() bool {
	if p.cmd[0] == 0 || p.cmd[1] == 0 {
		return false
	}
	for _, c := range p.cell {
		if !c.found || c.top.rank() != 13 {
			return false
		}
	}
	return true
}

// Score is the cards on the foundations plus one per agent in command.
func (p *Pos) Score() int {
	s := 0
	for _, c := range p.cell {
		if c.found {
			s += c.top.rank()
		}
	}
	for _, c := range p.cmd {
		if c != 0 {
			s++
		}
	}
	return s
}
