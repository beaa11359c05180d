// Package cards holds playing cards, packs and numbered deals: the pieces
// every game in the dealer is built from.
package cards

import (
	"fmt"
	"strings"
)

// Suit is one of the four French suits.
type Suit uint8

// The suits, in the order packs are built.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Suits lists the four suits in pack order.
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

// Symbol returns the suit's Unicode symbol.
func (s Suit) Symbol() string { return [...]string{"♣", "♦", "♥", "♠"}[s&3] }

// Letter returns the suit's one-letter ASCII code: C, D, H or S.
func (s Suit) Letter() string { return [...]string{"C", "D", "H", "S"}[s&3] }

// Name returns the suit's English name.
func (s Suit) Name() string { return [...]string{"clubs", "diamonds", "hearts", "spades"}[s&3] }

// String returns the suit's symbol.
func (s Suit) String() string { return s.Symbol() }

// Color returns the suit's colour.
func (s Suit) Color() Color {
	if s == Diamonds || s == Hearts {
		return Red
	}
	return Black
}

// Color is red or black.
type Color uint8

// The two colours.
const (
	Black Color = iota
	Red
)

// String returns "black" or "red".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Rank is a card's rank: Ace (1) to King (13), or Joker.
type Rank uint8

// The ranks. The zero Rank means "no card".
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Joker Rank = 14
)

// Letter returns the rank's one-character code: A 2–9 T J Q K, or * for a joker.
func (r Rank) Letter() string {
	if r > Joker {
		return "?"
	}
	return string("?A23456789TJQK*"[r])
}

// String returns the rank as players write it: A, 2–10, J, Q, K, Joker.
func (r Rank) String() string {
	switch r {
	case 10:
		return "10"
	case Joker:
		return "Joker"
	}
	return r.Letter()
}

// Card is a playing card. The zero Card is "no card" (an empty slot).
// A joker has Rank Joker and the suit Hearts (red) or Spades (black): its
// suit carries only its colour.
type Card struct {
	Rank Rank
	Suit Suit
}

// The two jokers.
var (
	RedJoker   = Card{Rank: Joker, Suit: Hearts}
	BlackJoker = Card{Rank: Joker, Suit: Spades}
)

// None is the zero Card: no card.
var None = Card{}

// IsNone reports whether c is the zero Card.
func (c Card) IsNone() bool { return c.Rank == 0 }

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c.Rank == Joker }

// Color returns the card's colour (a joker's too).
func (c Card) Color() Color { return c.Suit.Color() }

// String returns the card for people: "A♠", "10♥", "red joker"; "--" for none.
func (c Card) String() string {
	switch {
	case c.IsNone():
		return "--"
	case c.IsJoker():
		return c.Color().String() + " joker"
	}
	return c.Rank.String() + c.Suit.Symbol()
}

// Code returns the card's two-character ASCII code: "AS", "TH", "2C";
// "RJ" and "BJ" for the jokers; "--" for none.
func (c Card) Code() string {
	switch {
	case c.IsNone():
		return "--"
	case c == RedJoker:
		return "RJ"
	case c == BlackJoker:
		return "BJ"
	}
	return c.Rank.Letter() + c.Suit.Letter()
}

// Parse reads a card code as written by Code, also accepting "10" for T,
// lower case and the suit symbols: "AS", "10h", "q♥", "RJ".
func Parse(s string) (Card, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	switch t {
	case "RJ":
		return RedJoker, nil
	case "BJ":
		return BlackJoker, nil
	case "--", "":
		return None, nil
	}
	for i, sym := range []string{"♣", "♦", "♥", "♠"} {
		t = strings.ReplaceAll(t, sym, Suit(i).Letter())
	}
	t = strings.Replace(t, "10", "T", 1)
	if len(t) != 2 {
		return None, fmt.Errorf("%q is not a card (write it like AS, TH or 7C)", s)
	}
	r := strings.Index("?A23456789TJQK", t[:1])
	su := strings.Index("CDHS", t[1:])
	if r < 1 || su < 0 {
		return None, fmt.Errorf("%q is not a card (write it like AS, TH or 7C)", s)
	}
	return Card{Rank: Rank(r), Suit: Suit(su)}, nil
}

// MarshalText writes the card's Code, so JSON shows "QH" rather than numbers.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.Code()), nil }

// UnmarshalText reads a card code.
func (c *Card) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}
