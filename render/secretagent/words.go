package secretagent

import (
	"embed"

	"github.com/dealer/dealer/render/lang"
)

//go:embed locales/*.json
var localesFS embed.FS

// words are Secret Agent's texts in every language: the words of its
// pictures, buttons, descriptions and private facts, its house rules and
// its engine's refusals.
var words = lang.MustLoad("secretagent", localesFS, "locales")
