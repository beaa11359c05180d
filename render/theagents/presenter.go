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
	Spectate: Spectate,
	Words:    words,
})

// Spectate writes a move as the channel may read it, in p.Lang: its
// notation, save three moves whose card the channel never sees. A mission
// traded from a hand goes to the retired pile, which the table shows as a
// count ("trade a mission from hand"; one traded from a faction was public
// there). An agent taken from a hand looked at goes to
// another hand ("take an agent"). A Free Agent is drawn only while its
// command waits for a choice, so one performed at once is never seen ("play
// a Free Agent cmd 2 ip 0": where its command and its IP went is seen).
func Spectate(move string, p render.Params) string {
	m, err := game.Parse(move)
	if err != nil {
		return "?" // not a move of the game: nothing of it is said
	}
	switch {
	case m.Kind == game.MoveTrade && m.F == 0:
		return words.T(p.Lang, "trade a mission from hand")
	case m.Kind == game.MoveTake:
		return words.T(p.Lang, "take an agent")
	case m.Kind == game.MovePlay && m.F == 0:
		return words.T(p.Lang, "play a Free Agent cmd %d ip %d", int(m.Cmd), int(m.IP))
	}
	return m.String()
}

// Private states a player's private facts in words, in p.Lang: "Round 3.
// You have 12 IP, 4 agents and 1 mission."
func Private(v game.View, p render.Params) string {
	l := p.Lang
	return words.T(l, "Round %d. You have %d IP, %s and %s.", v.Turns/max(v.Players, 1)+1,
		valueAt(v.IP, int(v.Viewer)), words.N(l, len(v.Hand), "%d agent", "%d agents"), words.N(l, len(v.Missions), "%d mission", "%d missions"))
}

// Describe is a picture's words for a screen reader, in p.Lang: the
// terminal's text, with the viewer's own cards and moves before the board,
// which at five players may not all fit a description.
func Describe(v game.View, p render.Params) string {
	text := render.AltTextIn(p.Lang, text(v, p.Names, false, p.Lang))
	head, rest, _ := strings.Cut(text, "\n")
	mark := "\n" + words.T(p.Lang, "your agents:")
	board, mine, ok := strings.Cut(rest, mark)
	if !ok {
		return render.Describe(text, p)
	}
	return render.Describe(head+mark+mine, p) + "\n" + board
}
