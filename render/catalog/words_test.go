package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/lang/langtest"
)

// TestEveryGameHasItsWords: every game on offer speaks every language: its
// catalog has one key set with the keys' arguments, holds every key its
// presentation asks for and every refusal its engine makes, and names its
// house rules.
func TestEveryGameHasItsWords(t *testing.T) {
	for _, g := range Registry().All() {
		t.Run(g.Name, func(t *testing.T) {
			w := g.Words()
			require.NotNil(t, w, "render/%s: Presenter.Words", g.Name)
			langtest.Complete(t, w)
			langtest.Used(t, w, "../"+g.Name)
			langtest.Refusals(t, w, "../../games/"+g.Name)
			for _, o := range g.Options {
				_, ok := w.Text(lang.English, o.Text)
				assert.True(t, ok, "the option %s's text %q has no words", o.Name, o.Text)
				assert.NotEqual(t, o.Text, g.T(lang.German, o.Text), "the option %s is said in German", o.Name)
			}
		})
	}
}
