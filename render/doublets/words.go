package doublets

import (
	"embed"

	"github.com/dealer/dealer/render/lang"
)

//go:embed locales/*.json
var localesFS embed.FS

// words are the game's texts in every language: the words of its picture,
// controls and description, its house rules' names and its refusals (the
// formats of games.Refuse in package games/doublets).
var words = lang.MustLoad("doublets", localesFS, "locales")
