package theagents

import (
	"strings"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
)

// Game is The Agents as the dealer presents it: the channel's table, each
// player's hand, the terminal's text, moves chosen word by word from a
// menu, and the line of private facts in a player's messages. The Agents is
// not played in rounds that are scored apart, so it has no Rounds.
var Game = render.Present(game.Info, render.Presenter[game.View]{
	Table: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Table(r, v, p.Names, p.Lang)
	},
	Hand: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Hand(r, v, p.Names, p.Lang)
	},
	Text:     Text,
	Describe: Describe,
	Controls: Controls,
	Private:  Private,
	Words:    words,
})

// Private states a player's private facts in words, in p.Lang: "Round 3.
// You have 12 IP, 4 agents and 1 mission."
func Private(v game.View, p render.Params) string {
	l := p.Lang
	return T(l, "Round %d. You have %d IP, %s and %s.", v.Turns/max(v.Players, 1)+1,
		taAt(v.IP, int(v.Viewer)), N(l, len(v.Hand), "%d agent", "%d agents"), N(l, len(v.Missions), "%d mission", "%d missions"))
}

// Describe is a picture's words for a screen reader, in p.Lang: the
// terminal's text, with the viewer's own cards and moves before the board,
// which at five players may not all fit a description.
func Describe(v game.View, p render.Params) string {
	text := render.AltTextIn(p.Lang, text(v, p.Names, false, p.Lang))
	head, rest, _ := strings.Cut(text, "\n")
	mark := "\n" + T(p.Lang, "your agents:")
	board, mine, ok := strings.Cut(rest, mark)
	if !ok {
		return render.Describe(text, p)
	}
	return render.Describe(head+mark+mine, p) + "\n" + board
}
