package theagents

import (
	"slices"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/require"
)

// rig returns a game of players players with every card back in the decks:
// empty hands, bare factions, no IP, seat 0 to play its first turn.
func rig(t testing.TB, players int) *Game {
	t.Helper()
	g, err := New(1, players)
	require.NoError(t, err)
	for s := range players {
		g.agentDeck = append(g.agentDeck, g.hands[s]...)
		g.missionDeck = append(g.missionDeck, g.missions[s]...)
		g.hands[s], g.missions[s] = nil, nil
		g.ip[s] = 0
	}
	slices.Sort(g.agentDeck)
	slices.Sort(g.missionDeck)
	g.first, g.turn = 0, 0
	return g
}

// takeAgent removes a card of agent key from the deck and returns its id.
func takeAgent(t testing.TB, g *Game, key string) int {
	t.Helper()
	return take(t, &g.agentDeck, key, func(id int) string { return agentCard(id).Key }, "agent")
}

// takeMission removes a card of mission key from the deck and returns its
// id.
func takeMission(t testing.TB, g *Game, key string) int {
	t.Helper()
	return take(t, &g.missionDeck, key, func(id int) string { return missionCard(id).Key }, "mission")
}

// take removes the first card of deck whose key is key, and returns its id.
func take(t testing.TB, deck *[]int, key string, keyOf func(id int) string, what string) int {
	t.Helper()
	for i, id := range *deck {
		if keyOf(id) == key {
			*deck = slices.Delete(*deck, i, i+1)
			return id
		}
	}
	require.Failf(t, "no card left", "%s %s", what, key)
	return -1
}

// give puts agents (by key) into seat's hand.
func give(t testing.TB, g *Game, seat games.Seat, keys ...string) {
	t.Helper()
	for _, k := range keys {
		g.hands[seat] = addSorted(g.hands[seat], takeAgent(t, g, k))
	}
}

func giveMission(t testing.TB, g *Game, seat games.Seat, keys ...string) {
	t.Helper()
	for _, k := range keys {
		g.missions[seat] = addSorted(g.missions[seat], takeMission(t, g, k))
	}
}

// lay sets faction f's row from a spec: "SH" is its Safe-House; an agent is
// KEY>S (command toward seat S), with a trailing "x" when dead, like
// "sniper>1" or "mole>0x".
func lay(t testing.TB, g *Game, f int, spec string) {
	t.Helper()
	var row []Placed
	for _, w := range strings.Fields(spec) {
		if w == "SH" {
			row = append(row, Placed{ID: f, SafeHouse: true, Cmd: -1})
			continue
		}
		key, rest, ok := strings.Cut(w, ">")
		require.True(t, ok, w)
		dead := strings.HasSuffix(rest, "x")
		s := games.Seat(rest[0] - '0')
		id := takeAgent(t, g, key)
		a := agentCard(id)
		row = append(row, Placed{ID: id, Agent: key, Colour: a.Colour, Cmd: s, Dead: dead})
	}
	g.board[f].Cards = row
}

// row writes faction f back in lay's notation.
func row(g *Game, f int) string {
	var w []string
	for _, c := range g.board[f].Cards {
		if c.SafeHouse {
			w = append(w, "SH")
			continue
		}
		x := ""
		if c.Dead {
			x = "x"
		}
		w = append(w, c.Agent+">"+string(rune('0'+c.Cmd))+x)
	}
	return strings.Join(w, " ")
}

// handKeys lists seat's agents by key.
func handKeys(g *Game, seat games.Seat) string {
	var w []string
	for _, id := range g.hands[seat] {
		w = append(w, agentCard(id).Key)
	}
	return strings.Join(w, " ")
}

func play(t testing.TB, g *Game, seat games.Seat, text string) {
	t.Helper()
	require.NoError(t, games.Play(g, seat, text), "seat %d: %s", seat, text)
	checkCards(t, g)
}

// legalTexts lists seat's legal moves as text.
func legalTexts(g *Game, seat games.Seat) []string {
	var out []string
	for _, m := range g.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}
