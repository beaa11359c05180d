package gamestest

import (
	"testing"

	"github.com/dealer/dealer/games/cards"
	"github.com/stretchr/testify/require"
)

// ReadsBack parses text with parse and, when it is a move, checks that the
// move's notation reads back as the same move (t fails otherwise). It
// returns the move, and false when text is not one: a parser's fuzz test
// starts with it.
func ReadsBack[M interface{ String() string }](t testing.TB, parse func(string) (M, error), text string) (M, bool) {
	t.Helper()
	m, err := parse(text)
	if err != nil {
		return m, false
	}
	back, err := parse(m.String())
	require.NoError(t, err, "%q → %q", text, m)
	require.Equal(t, m, back, "%q → %q", text, m)
	return m, true
}

// Card reads a card's code ("QH", "10♠", "RJ"); t stops when it is not
// one.
func Card(t testing.TB, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
