package secretagent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// Kind is what a move does.
type Kind uint8

// The kinds of move.
const (
	KindForbid  Kind = iota + 1 // forbid a suit as trump
	KindTrump                   // the dealer makes the remaining suit trump
	KindNoTrump                 // the dealer declares No Trump
	KindPlay                    // play a card to the trick
)

// Move is one move of Secret Agent. Suit is set for KindForbid, Card for
// KindPlay.
type Move struct {
	Kind Kind
	Suit cards.Suit
	Card cards.Card
}

// Forbid returns the move that forbids suit s.
func Forbid(s cards.Suit) Move { return Move{Kind: KindForbid, Suit: s} }

// PlayCard returns the move that plays card c.
func PlayCard(c cards.Card) Move { return Move{Kind: KindPlay, Card: c} }

// The dealer's two choices.
var (
	MakeTrump = Move{Kind: KindTrump}
	NoTrump   = Move{Kind: KindNoTrump}
)

// String writes the move in its canonical notation: "forbid h", "trump",
// "notrump", "play QH".
func (m Move) String() string {
	switch m.Kind {
	case KindForbid:
		return "forbid " + strings.ToLower(m.Suit.Letter())
	case KindTrump:
		return "trump"
	case KindNoTrump:
		return "notrump"
	case KindPlay:
		return "play " + m.Card.Code()
	}
	return "?"
}

// The refusals of a move not understood say how moves are written:
// "write forbid S (S is c, d, h or s), trump, notrump or play CARD (like
// play QH)". Each is written out whole, so that it can be translated.

// Parse reads a move in the notation described in the package documentation.
// It checks the form only, not whether the move is legal now.
func Parse(text string) (Move, error) {
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	switch t {
	case "":
		return Move{}, games.Refuse("no move: write forbid S (S is c, d, h or s), trump, notrump or play CARD (like play QH)")
	case "trump":
		return MakeTrump, nil
	case "notrump", "no trump", "no-trump", "nt", "notrumps", "no trumps":
		return NoTrump, nil
	}
	word, rest, _ := strings.Cut(t, " ")
	switch word {
	case "forbid":
		if rest == "" {
			return Move{}, games.Refuse("forbid which suit? forbid c, d, h or s")
		}
		s, ok := parseSuit(rest)
		if !ok {
			return Move{}, games.Refuse("%q is not a suit: forbid c, d, h or s", rest)
		}
		return Forbid(s), nil
	case "play":
		if rest == "" {
			return Move{}, games.Refuse("play which card? write it like play QH")
		}
		c, err := parseCard(rest)
		if err != nil {
			return Move{}, err
		}
		return PlayCard(c), nil
	}
	if c, err := parseCard(t); err == nil {
		return PlayCard(c), nil
	}
	return Move{}, games.Refuse("%q is not a move: write forbid S (S is c, d, h or s), trump, notrump or play CARD (like play QH)", strings.TrimSpace(text))
}

// parseCard reads one of the 52 cards (no jokers, no "no card").
func parseCard(s string) (cards.Card, error) {
	c, err := cards.Parse(s)
	if err != nil || c.IsNone() || c.IsJoker() {
		return cards.None, games.Refuse("%q is not a card (write it like AS, TH or 7C)", s)
	}
	return c, nil
}

// parseSuit reads a suit as a letter, a symbol or a name.
func parseSuit(s string) (cards.Suit, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	for _, su := range cards.Suits {
		name := su.Name()
		if s == strings.ToLower(su.Letter()) || s == su.Symbol() || s == name || s == strings.TrimSuffix(name, "s") {
			return su, true
		}
	}
	return 0, false
}

// Parse reads a move; see the package function Parse.
func (g *Game) Parse(text string) (games.Move, error) {
	m, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Assignment is a secret assignment card: whose tricks multiply the
// holder's, relative to the holder's seat.
type Assignment uint8

// The four assignment cards, in the order they are shuffled.
const (
	Left Assignment = iota
	Opposite
	Right
	Self
)

var assignmentNames = [...]string{"Left", "Opposite", "Right", "Self"}

// String returns "Left", "Opposite", "Right" or "Self".
func (a Assignment) String() string { return assignmentNames[a&3] }

// Agent returns the seat whose agent a names for the holder at seat s.
func (a Assignment) Agent(s games.Seat) games.Seat {
	return (s + games.Seat([...]int{1, 2, 3, 0}[a&3])) % Seats
}

// MarshalText writes "left", "opposite", "right" or "self".
func (a Assignment) MarshalText() ([]byte, error) { return []byte(strings.ToLower(a.String())), nil }

// UnmarshalText reads an assignment's name.
func (a *Assignment) UnmarshalText(b []byte) error {
	i := slices.IndexFunc(assignmentNames[:], func(n string) bool { return strings.EqualFold(n, string(b)) })
	if i < 0 {
		return fmt.Errorf("unknown assignment %q", b)
	}
	*a = Assignment(i)
	return nil
}

// Phase is the stage of the current deal.
type Phase uint8

// The phases.
const (
	PhaseForbid Phase = iota // the first three players forbid suits
	PhaseTrump               // the dealer chooses trump or No Trump
	PhasePlay                // the tricks
	PhaseOver                // the game has ended
)

var phaseNames = [...]string{"forbidding", "trump", "play", "over"}

// String returns "forbidding", "trump", "play" or "over".
func (p Phase) String() string {
	if int(p) >= len(phaseNames) {
		return fmt.Sprintf("phase(%d)", int(p))
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	return games.UnmarshalName(p, phaseNames[:], b, "phase")
}

// Trump is the dealer's decision: a trump suit, or No Trump.
type Trump struct {
	NoTrump bool
	Suit    cards.Suit // the trump suit unless NoTrump
}

// Is reports whether suit s is trump.
func (t *Trump) Is(s cards.Suit) bool { return t != nil && !t.NoTrump && t.Suit == s }

// String returns the trump suit's symbol, or "no trump".
func (t Trump) String() string {
	if t.NoTrump {
		return "no trump"
	}
	return t.Suit.Symbol()
}

// MarshalText writes the suit's name ("hearts") or "notrump".
func (t Trump) MarshalText() ([]byte, error) {
	if t.NoTrump {
		return []byte("notrump"), nil
	}
	return []byte(t.Suit.Name()), nil
}

// UnmarshalText reads "notrump" or a suit.
func (t *Trump) UnmarshalText(b []byte) error {
	if string(b) == "notrump" {
		*t = Trump{NoTrump: true}
		return nil
	}
	s, ok := parseSuit(string(b))
	if !ok {
		return fmt.Errorf("unknown trump %q", b)
	}
	*t = Trump{Suit: s}
	return nil
}

// Forbidden records that a seat forbade a suit.
type Forbidden struct {
	Seat games.Seat
	Suit cards.Suit
}

type forbiddenJSON struct {
	Seat games.Seat `json:"seat"`
	Suit string     `json:"suit"`
}

// MarshalJSON writes {"seat":1,"suit":"hearts"}.
func (f Forbidden) MarshalJSON() ([]byte, error) {
	return json.Marshal(forbiddenJSON{f.Seat, f.Suit.Name()})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (f *Forbidden) UnmarshalJSON(b []byte) error {
	var j forbiddenJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	s, ok := parseSuit(j.Suit)
	if !ok {
		return fmt.Errorf("unknown suit %q", j.Suit)
	}
	*f = Forbidden{Seat: j.Seat, Suit: s}
	return nil
}
