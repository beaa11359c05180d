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

// T is one of the kit's texts in l, formatted with args.
func T(l lang.Lang, key string, args ...any) string { return words.T(l, key, args...) }

// N is one of the kit's texts in l for a count n (see lang.Catalog.N).
func N(l lang.Lang, n int, one, other string, args ...any) string {
	return words.N(l, n, one, other, args...)
}

// Words are the kit's texts, for tests.
func Words() *lang.Catalog { return words }
