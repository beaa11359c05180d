package rendertest

import (
	"testing"

	"github.com/dealer/dealer/games/cards"
)

// Card reads a card's code ("QH", "10♠", "RJ"); t fails when it is not one.
func Card(t testing.TB, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
