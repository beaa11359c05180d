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

// T is one of Secret Agent's texts in l, formatted with args.
func T(l lang.Lang, key string, args ...any) string { return words.T(l, key, args...) }

// N is one of Secret Agent's texts in l for a count n (see lang.Catalog.N).
func N(l lang.Lang, n int, one, other string, args ...any) string {
	return words.N(l, n, one, other, args...)
}
