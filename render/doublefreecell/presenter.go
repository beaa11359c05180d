package doublefreecell

import (
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render/solitaire"
)

// Game is Double FreeCell as the dealer presents it.
var Game = solitaire.Present(game.Info, solitaire.Parts[game.View]{
	Table: Table, Scene: Scene, Text: text, Controls: Controls, Words: words,
	WithoutDeal: func(v game.View) game.View { v.Deal = 0; return v },
})
