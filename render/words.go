package render

import (
	"embed"

	"github.com/dealer/dealer/render/lang"
)

//go:embed locales/*.json
var localesFS embed.FS

// words are the kit's own texts: the solitaires' status bar and
// commands, the descriptions' frame, and the refusals of package games.
var words = lang.MustLoad("render", localesFS, "locales")

// Words are the kit's texts, for tests.
func Words() *lang.Catalog { return words }
