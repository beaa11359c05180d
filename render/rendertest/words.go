package rendertest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Drawable checks that the words of keys (every key of words when none
// are given) can be drawn in a picture in every language: the glyph sets
// hold every character of them.
func Drawable(t testing.TB, words *lang.Catalog, keys ...string) {
	t.Helper()
	if len(keys) == 0 {
		keys = words.Keys(lang.English)
	}
	for _, l := range lang.All {
		for _, k := range keys {
			text, ok := words.Text(l, k)
			require.True(t, ok, "%s: %q", l, k)
			assert.Empty(t, render.Undrawable(text), "%s: %q cannot be drawn", l, text)
		}
	}
}
