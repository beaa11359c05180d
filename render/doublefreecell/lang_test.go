package doublefreecell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// drawn are the keys whose words are drawn in the picture.
var drawn = []string{"Won in %d moves!", "%d free cells", "autoplay off", "%d/104 home"}

func TestWordsDrawable(t *testing.T) { rendertest.Drawable(t, words, drawn...) }

// cellsOff is a table of eight cells with autoplay off: the fullest status
// line.
func cellsOff(tb testing.TB) game.View {
	v := cellsView(tb, 8)
	v.Autoplay = false
	v.Undos = 12
	return v
}

func TestControlsLang(t *testing.T) {
	v := midView(t)
	v.Columns[4] = nil
	for _, c := range []struct {
		l                       lang.Lang
		auto, home, empty, undo string
	}{
		{lang.English, "Auto ⇡", "Foundation", "5 · empty", "Undo"},
		{lang.German, "Auto ⇡", "Ablage", "5 · leer", "Rückgängig"},
		{lang.Spanish, "Auto ⇡", "Fundación", "5 · vacía", "Deshacer"},
		{lang.Portuguese, "Auto ⇡", "Fundação", "5 · vazia", "Desfazer"},
	} {
		t.Run(string(c.l), func(t *testing.T) {
			b := Game.Controls(v, render.Params{Lang: c.l}).Board
			require.NotNil(t, b)
			assert.Equal(t, c.auto, b.Commands[0].Labels[0])
			assert.Equal(t, c.undo, b.Commands[1].Labels[0])
			assert.Equal(t, c.home, rendertest.Place(t, b, "h").Label)
			assert.Equal(t, c.empty, rendertest.Place(t, b, "5").Label)
			rendertest.AssertLabelsFit(t, b, 80)
		})
	}
}

func TestDescribeLang(t *testing.T) {
	v := cellsOff(t)
	en := Game.Describe(v, render.Params{Legal: []string{"3 h", "10 a"}})
	de := Game.Describe(v, render.Params{Legal: []string{"3 h", "10 a"}, Lang: lang.German})
	assert.Contains(t, en, "cells a")
	assert.Contains(t, en, "8 free cells, autoplay off")
	assert.Contains(t, de, "Zellen a")
	assert.Contains(t, de, "8 Zellen, Auto aus")
	assert.Contains(t, de, "Züge: 3 h, 10 a.")
	assert.NotContains(t, de, "home")
	// the terminal stays English
	assert.Equal(t, Text(v, false), Game.Text(v, nil, false))
	assert.True(t, strings.HasPrefix(Text(v, false), "Double FreeCell · deal "))
}

func TestRefusalLang(t *testing.T) {
	g, err := game.NewWith(1, 1, nil)
	require.NoError(t, err)
	for _, c := range []struct {
		move string
		de   string
	}{
		{"h 3", `"h 3": Karten auf den Ablagen kommen nie zurück`},
		{"3 3", `"3 3": ein Zug braucht zwei verschiedene Plätze`},
		{"undo", "es gibt nichts zurückzunehmen"},
		{"x y", `"x y" ist kein Zug: schreib VON NACH`},
	} {
		t.Run(c.move, func(t *testing.T) {
			m, err := g.Parse(c.move)
			if err == nil {
				err = g.Apply(0, m)
			}
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(Game.Refusal(lang.German, err), c.de), Game.Refusal(lang.German, err))
			assert.Equal(t, err.Error(), Game.Refusal(lang.English, err))
		})
	}
	// a foundation's refusal names its suit in words
	seen := 0
	for col := 1; col <= 10; col++ {
		m, err := g.Parse(fmt.Sprintf("%d h", col))
		require.NoError(t, err)
		if err := g.Apply(0, m); err != nil && strings.Contains(err.Error(), "foundation needs") {
			seen++
			assert.Contains(t, Game.Refusal(lang.Spanish, err), "no puede subir: la fundación de ")
			assert.Contains(t, Game.Refusal(lang.German, err), "-Ablage gehört als Nächstes")
		}
	}
	assert.NotZero(t, seen)
}

// TestLookLang writes the tables in every language, full size and phone
// size, for people to look at:
//
//	go test ./render/doublefreecell -run TestLookLang -look /tmp/look
func TestLookLang(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookLangs(t, func(l lang.Lang) map[string]*render.Scene {
		return map[string]*render.Scene{
			"dfc-cells8-off": layoutIn(t, cellsOff(t), "g", render.ClassicSteps, l),
			"dfc-won":        layoutIn(t, wonView(), "", render.ClassicSteps, l),
			"dfc-mid":        layoutIn(t, midView(t), "8", render.ClassicSteps, l),
		}
	})
}
