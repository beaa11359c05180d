package bot

import (
	"embed"

	"github.com/dealer/dealer/render/lang"
)

// The bot's own words — replies, captions, buttons, menus and its slash
// commands' names and descriptions — in every language, from
// locales/<lang>.json. A game's words are the game's (render.Game.T).

//go:embed locales/*.json
var localesFS embed.FS

var words = lang.MustLoad("bot", localesFS, "locales")
