package theagents

import (
	"fmt"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
)

// Game is The Agents as the dealer presents it: the channel's table, each
// player's hand, the terminal's text, moves chosen word by word from a
// menu, and the line of private facts in a player's messages. The Agents is
// not played in rounds that are scored apart, so it has no Rounds.
var Game = render.Present(game.Info, render.Presenter[game.View]{
	Table: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Table(r, v, p.Names)
	},
	Hand: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Hand(r, v, p.Names)
	},
	Text:     Text,
	Controls: Controls,
	Private:  Private,
})

// Private states a player's private facts in words: "Round 3. You have 12
// IP, 4 agents and 1 mission."
func Private(v game.View, _ []string) string {
	return fmt.Sprintf("Round %d. You have %d IP, %s and %s.", v.Turns/max(v.Players, 1)+1,
		taAt(v.IP, int(v.Viewer)), render.Plural(len(v.Hand), "agent"), render.Plural(len(v.Missions), "mission"))
}
