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

// T is one of the bot's texts in l, formatted with args.
func T(l lang.Lang, key string, args ...any) string { return words.T(l, key, args...) }

// N is one of the bot's texts in l for a count n, the first argument.
func N(l lang.Lang, n int, one, other string, args ...any) string {
	return words.N(l, n, one, other, args...)
}
