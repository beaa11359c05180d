package cards

// NewDeck returns a standard 52-card deck in pack order: clubs, diamonds,
// hearts, spades, each from Ace to King.
func NewDeck() []Card { return NewPack(1, 0) }

// NewPack returns decks standard decks one after the other, followed by
// jokers jokers (alternating red and black, red first).
func NewPack(decks, jokers int) []Card {
	p := make([]Card, 0, 52*decks+jokers)
	for d := 0; d < decks; d++ {
		for _, s := range Suits {
			for r := Ace; r <= King; r++ {
				p = append(p, Card{Rank: r, Suit: s})
			}
		}
	}
	for j := 0; j < jokers; j++ {
		if j%2 == 0 {
			p = append(p, RedJoker)
		} else {
			p = append(p, BlackJoker)
		}
	}
	return p
}
