// Package secretagent presents Secret Agent: the channel's table, a
// player's own picture (hand, assignment, trump, trick), the terminal's
// text, the card and trump-making buttons, and the line of private facts
// in a player's messages.
package secretagent

import (
	"strings"

	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
)

// Game is Secret Agent as the dealer presents it.
var Game = render.Present(game.Info, render.Presenter[game.View]{
	Table: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Table(r, v, p.Names, p.Lang)
	},
	Hand: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Hand(r, v, p.Names, Playable(p.Legal), p.Lang)
	},
	Text:     Text,
	Describe: func(v game.View, p render.Params) string { return render.Describe(text(v, p.Names, false, p.Lang), p) },
	Controls: Controls,
	Private:  Private,
	Spectate: Spectate,
	Words:    words,
})

// Spectate writes a move as the channel may read it: as it is. Every move
// of Secret Agent is seen by the channel as it is made: the suits
// forbidden, the trump chosen and each card played to the trick.
func Spectate(move string, _ render.Params) string {
	m, err := game.Parse(move)
	if err != nil {
		return "?" // not a move of the game: nothing of it is said
	}
	return m.String()
}

// Playable are the cards the legal moves play ("play QH"): the ones the
// hand picture leaves lit.
func Playable(legal []string) []cards.Card {
	var out []cards.Card
	for _, m := range legal {
		if code, ok := strings.CutPrefix(m, "play "); ok {
			if c, err := cards.Parse(code); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}
