package secretagent

import (
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/gamestest"
	game "github.com/dealer/dealer/games/secretagent"
)

var testNames = []string{"Ann", "Bartholomew the Magnificent", "Carol", "Dev"}

// playedGame is Secret Agent deal n after moves moves by the computer players.
func playedGame(tb testing.TB, n uint64, moves int) *game.Game {
	tb.Helper()
	g := game.New(n)
	gamestest.Play(tb, g, moves, game.Choose)
	return g
}

// view is seat's view (games.Spectator for the channel's) of deal n after
// moves moves.
func view(tb testing.TB, n uint64, moves int, seat games.Seat) game.View {
	tb.Helper()
	return playedGame(tb, n, moves).View(seat).(game.View)
}

// legalCards is the cards seat may play now.
func legalCards(g *game.Game, seat games.Seat) []cards.Card {
	var out []cards.Card
	for _, m := range g.Legal(seat) {
		if mv, ok := m.(game.Move); ok && mv.Kind == game.KindPlay {
			out = append(out, mv.Card)
		}
	}
	return out
}

// midTrick is a game in its first deal's play with two cards in the
// trick: the moves before are 3 forbids, the trump, and 4k+2 plays.
const midTrick = 4 + 4*3 + 2

// afterDeal is the first move of deal 2: deal 1 just scored.
const afterDeal = 4 + 52
