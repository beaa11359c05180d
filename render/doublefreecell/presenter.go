package doublefreecell

import (
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
)

// Game is Double FreeCell as the dealer presents it.
var Game = render.Present(game.Info, render.Presenter[game.View]{
	Table:    Table,
	Text:     func(v game.View, _ []string, color bool) string { return Text(v, color) },
	Describe: func(v game.View, p render.Params) string { return render.Describe(text(v, false, p.Lang), p) },
	Controls: Controls,
	Words:    words,
})
