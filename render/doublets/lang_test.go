package doublets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// drawn are the keys whose words are drawn in the picture.
var drawn = []string{"Won in %d moves!", "frozen", "next", "stock", "flip redeals", "stock empty", "blocked",
	"waste %d", "pass %d of %d", "%d redeal left", "%d redeals left", "last pass", "doubling, mod 13",
	"then A again", "%d/48 home"}

func TestWordsDrawable(t *testing.T) { rendertest.Drawable(t, words, drawn...) }

// TestWordsFit checks that the words drawn in a place of fixed size fit
// it in every language: the captions under the stock and waste, the bands
// across a card, the word over the rank needed next, the passes' box.
func TestWordsFit(t *testing.T) {
	for _, l := range lang.All {
		for _, c := range []struct {
			key  string
			args []any
			size render.TextSize
			w    int
		}{
			{"stock", nil, render.Small, render.CardW + sideGap},
			{"flip redeals", nil, render.Small, render.CardW + sideGap},
			{"stock empty", nil, render.Small, render.CardW + sideGap},
			{"waste %d", []any{104}, render.Small, render.CardW + sideGap},
			{"next", nil, render.Medium, render.CardW},
			{"pass %d of %d", []any{3, 3}, render.Large, pictureW - sideX},
			{"%d redeals left", []any{2}, render.Medium, pictureW - sideX},
			{"doubling, mod 13", nil, render.Medium, pictureW - sideX},
		} {
			text := words.T(l, c.key, c.args...)
			assert.LessOrEqual(t, render.TextWidth(text, c.size), c.w, "%s: %q", l, text)
		}
	}
}

func TestControlsLang(t *testing.T) {
	for _, c := range []struct {
		l                 lang.Lang
		flip, waste, undo string
	}{
		{lang.English, "Flip", "waste · K♥", "Undo"},
		{lang.German, "Aufdecken", "Abwurf · K♥", "Rückgängig"},
		{lang.Spanish, "Voltear", "descarte · K♥", "Deshacer"},
		{lang.Portuguese, "Virar", "descarte · K♥", "Desfazer"},
	} {
		t.Run(string(c.l), func(t *testing.T) {
			b := Game.Controls(midView(t), render.Params{Lang: c.l}).Board
			require.NotNil(t, b)
			assert.Equal(t, c.flip, b.Commands[0].Labels[0])
			assert.Equal(t, c.undo, b.Commands[1].Labels[0])
			assert.Equal(t, c.waste, rendertest.Labels(b)["w"])
			rendertest.AssertLabelsFit(t, b, 80)
		})
	}
}

func TestDescribeLang(t *testing.T) {
	v := midView(t)
	en := Game.Describe(v, render.Params{Selected: "w", Legal: []string{"flip", "r4"}})
	de := Game.Describe(v, render.Params{Selected: "w", Legal: []string{"flip", "r4"}, Lang: lang.German})
	assert.Contains(t, en, "next 3")
	assert.Contains(t, en, "pass 2 of 3, 1 redeal left")
	assert.Contains(t, de, "nächste 3")
	assert.Contains(t, de, "w K♥ blockiert (11 Karten) · Talon 23 · Durchgang 2 von 3, noch 1 Durchgang")
	assert.Contains(t, de, "* gesperrt:")
	assert.Contains(t, de, "Ausgewählt: w.")
	assert.Contains(t, de, "\nZüge: flip")
	// the terminal stays English
	assert.Equal(t, Text(v, false), Game.Text(v, nil, false))
	assert.True(t, strings.HasPrefix(Text(v, false), "Doublets · deal 4242 · move 57 · 2 undos · 14/48 home\n"))
}

func TestRefusalLang(t *testing.T) {
	g := game.New(1)
	_, err := g.Parse("r9")
	require.Error(t, err)
	assert.Equal(t, `"r9" ist kein Zug in Doublets: schreib flip, w (Abwurf), r1–r7 (Reserven), undo oder resign`, Game.Refusal(lang.German, err))
	assert.Equal(t, err.Error(), Game.Refusal(lang.English, err))

	err = g.Apply(0, game.Undo)
	require.Error(t, err)
	assert.Equal(t, "no hay nada que deshacer", Game.Refusal(lang.Spanish, err))

	// a card that does not fit says what the foundation needs, in words
	seen := 0
	for i := range 7 {
		if err := g.Apply(0, game.PlayReserve(i)); err != nil && strings.Contains(err.Error(), "does not fit") {
			seen++
			assert.Contains(t, Game.Refusal(lang.German, err), "passt nicht: die Ablage zeigt")
			assert.Contains(t, Game.Refusal(lang.Portuguese, err), "não serve: a fundação mostra")
		}
	}
	assert.NotZero(t, seen)
}

// TestLookLang writes the tables in every language, full size and phone
// size, for people to look at:
//
//	go test ./render/doublets -run TestLookLang -look /tmp/look
func TestLookLang(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookLangs(t, func(l lang.Lang) map[string]*render.Scene {
		return map[string]*render.Scene{
			"dbl-mid":   layoutIn(t, midView(t), "w", l),
			"dbl-end":   layoutIn(t, end(t), "", l),
			"dbl-won":   layoutIn(t, wonView(), "", l),
			"dbl-dealt": layoutIn(t, dealtView(1), "flip", l),
		}
	})
}
