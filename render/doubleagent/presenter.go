package doubleagent

import (
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
)

// Game is Double Agent as the dealer presents it.
var Game = render.Present(game.Info, render.Presenter[game.View]{
	Table: func(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
		return Table(r, withoutDeal(v, p), p)
	},
	Text: func(v game.View, _ []string, color bool) string { return Text(v, color) },
	Describe: func(v game.View, p render.Params) string {
		return render.Describe(text(withoutDeal(v, p), false, p.Lang), p)
	},
	Controls: Controls,
	Words:    words,
})

// withoutDeal is v with its deal's number kept out when p says so.
func withoutDeal(v game.View, p render.Params) game.View {
	if p.HideDeal {
		v.Deal = 0
	}
	return v
}
