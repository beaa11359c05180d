package doubleagent

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// drawn are the keys whose words are drawn in the picture.
var drawn = []string{"Won in %d moves!", "agent", "frozen", "home", "score %d/54"}

func TestWordsDrawable(t *testing.T) {
	rendertest.Drawable(t, words, drawn...)
	// the words in an empty command slot and across a card fit it
	for _, l := range lang.All {
		for _, k := range []string{"agent", "frozen", "home"} {
			assert.LessOrEqual(t, render.TextWidth(words.T(l, k), render.Small), render.CardW-8, "%s: %q", l, k)
		}
	}
}

func TestControlsLang(t *testing.T) {
	for _, c := range []struct {
		l                       lang.Lang
		down, empty, c2, resign string
	}{
		{lang.English, "t4 · face down", "b5 · empty", "c2 · red agent", "Resign"},
		{lang.German, "t4 · verdeckt", "b5 · leer", "c2 · roter Agent", "Aufgeben"},
		{lang.Spanish, "t4 · boca abajo", "b5 · vacía", "c2 · agente rojo", "Rendirse"},
		{lang.Portuguese, "t4 · para baixo", "b5 · vazia", "c2 · agente vermelho", "Desistir"},
	} {
		t.Run(string(c.l), func(t *testing.T) {
			b := Game.Controls(mid(t), render.Params{Lang: c.l}).Board
			require.NotNil(t, b)
			got := rendertest.Labels(b)
			assert.Equal(t, c.down, got["t4"])
			assert.Equal(t, c.empty, got["b5"])
			assert.Equal(t, c.c2, got["c2"])
			assert.Equal(t, c.resign, b.Commands[2].Labels[0])
			rendertest.AssertLabelsFit(t, b, 80)
		})
	}
}

func TestDescribeLang(t *testing.T) {
	v := mid(t)
	en := Game.Describe(v, render.Params{Selected: "b4", Legal: []string{"up t4", "t3 b2"}})
	de := Game.Describe(v, render.Params{Selected: "b4", Legal: []string{"up t4", "t3 b2"}, Lang: lang.German})
	assert.Contains(t, en, "p1 5♥ home")
	assert.Contains(t, en, "t4 ## ## ## | (up t4 turns it over)")
	assert.Contains(t, de, "Double Agent · Spiel 777 · Zug 64")
	assert.Contains(t, de, "p1 5♥ abgelegt")
	assert.Contains(t, de, "p3 4♣ abgelegt, gesperrt")
	assert.Contains(t, de, "t4 ## ## ## | (up t4 deckt sie auf)")
	assert.Contains(t, de, "b5 leer")
	assert.Contains(t, de, "Ausgewählt: b4.")
	// the terminal stays English
	assert.Equal(t, Text(v, false), Game.Text(v, nil, false))
	assert.True(t, strings.HasPrefix(Text(v, false), "Double Agent · deal 777 · move 64 · 5 undos · score 10/54\n"))
}

func TestRefusalLang(t *testing.T) {
	g := game.New(1)
	_, err := g.Parse("t1 t1")
	require.Error(t, err)
	assert.Equal(t, "t1 t1: eine Karte kann nicht dorthin, wo sie schon liegt", Game.Refusal(lang.German, err))
	assert.Equal(t, err.Error(), Game.Refusal(lang.English, err))

	// the rank refusals say the row, the way it builds and the colour in words
	seen := 0
	places := []string{"t1", "t2", "t3", "t4", "t5", "b1", "b2", "b3", "b4", "b5"}
	for _, from := range places {
		for _, to := range places {
			m, err := g.Parse(from + " " + to)
			if err != nil {
				continue
			}
			err = g.Apply(0, m)
			if err == nil {
				require.NoError(t, g.Apply(0, game.Move{Kind: game.Undo}))
				continue
			}
			msg := err.Error()
			if !strings.Contains(msg, " row builds ") {
				continue
			}
			seen++
			de, es := Game.Refusal(lang.German, err), Game.Refusal(lang.Spanish, err)
			assert.Contains(t, de, " Reihe baut ", msg)
			assert.Contains(t, es, "la fila de ", msg)
			assert.NotContains(t, de, " row ", msg)
		}
	}
	assert.NotZero(t, seen)
}

// TestLookLang writes the tables in every language, full size and phone
// size, for people to look at:
//
//	go test ./render/doubleagent -run TestLookLang -look /tmp/look
func TestLookLang(t *testing.T) {
	rendertest.SkipUnlessLooking(t)
	rendertest.LookLangs(t, func(l lang.Lang) map[string]*render.Scene {
		return map[string]*render.Scene{
			"da-mid": layoutIn(t, mid(t), "b4", render.ClassicSteps, l),
			"da-won": layoutIn(t, wonView(), "", render.ClassicSteps, l),
		}
	})
}
