package doublets

import (
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render/solitaire"
)

// Game is Doublets as the dealer presents it.
var Game = solitaire.Present(game.Info, solitaire.Parts[game.View]{
	Table: Table, Scene: Scene, Text: text, Controls: Controls, Words: words,
	WithoutDeal: func(v game.View) game.View { v.Deal = 0; return v },
})
