package render_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/lang/langtest"
)

func TestKitWords(t *testing.T) {
	langtest.Complete(t, render.Words())
	langtest.Used(t, render.Words(), ".")
}

// TestKitSpeaksEachLanguage checks the solitaires' shared words follow
// the language asked for and stay English by default.
func TestKitSpeaksEachLanguage(t *testing.T) {
	st := render.SolitaireStatus{Title: "Doublets", Deal: 7, Moves: 3, Undos: 1, Status: games.Won}
	assert.Equal(t, "Doublets · deal 7 · move 3 · 1 undo · WON in 3 moves", st.Line())
	st.Lang = lang.German
	assert.Equal(t, "Doublets · Spiel 7 · Zug 3 · 1 Rücknahme · GEWONNEN in 3 Zügen", st.Line())
	assert.Equal(t, "Deshacer", render.UndoCommand(lang.Spanish).Labels[0])
	assert.Equal(t, "Moves: a, b.", render.MovesInShort([]string{"a", "b"}, 100))
	assert.Equal(t, "Jogadas: a, b.", render.MovesInShortIn(lang.Portuguese, []string{"a", "b"}, 100))
	assert.Contains(t, render.Describe("1 -- 2", render.Params{Lang: lang.Spanish, Selected: "3"}), "1 vacío 2\nSeleccionado: 3.")
}

// TestPictureLetters checks the letters of the four languages are drawn,
// and shows what is not.
func TestPictureLetters(t *testing.T) {
	assert.Empty(t, render.Undrawable("Ñandú ¿Über? Ação, Straße: 10♣"))
	assert.Equal(t, []rune{'💡'}, render.Undrawable("Tipp 💡"))
	assert.Greater(t, render.TextWidth("Zügé", render.Small), render.TextWidth("Z", render.Small)*3)
}

// The contract's own refusals (options, seats, levels) are said in every
// language.
func TestContractRefusals(t *testing.T) {
	langtest.Refusals(t, render.Words(), "../games")
	g := render.Game{}
	_, err := games.ParseLevel("expert")
	assert.Equal(t, `"expert" ist keine Stufe: easy, normal oder hard`, g.Refusal(lang.German, err))
	assert.Equal(t, `"expert" is not a level: easy, normal or hard`, g.Refusal(lang.English, err))
}

// A refusal given as another's argument is translated too: an engine may
// build a sentence from translatable parts.
func TestNestedRefusal(t *testing.T) {
	g := render.Game{}
	err := games.Refuse("%s: %s=%d is outside %s", "Doublets", "passes", 9, games.Refuse("%s has no options", "X"))
	assert.Equal(t, "Doublets: passes=9 liegt außerhalb von X hat keine Optionen", g.Refusal(lang.German, err))
}
