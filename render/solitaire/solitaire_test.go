package solitaire_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/doublets"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

// TestPresent: a solitaire presented from its parts (Doublets here) writes
// its terminal text in English, describes its picture in the language
// asked, and leaves its deal's number out of both picture and
// description when the table hides it, and only then.
func TestPresent(t *testing.T) {
	g := doublets.Game
	v := game.New(4242).View(0).(game.View)
	assert.Equal(t, doublets.Text(v, true), g.Text(v, nil, true))
	assert.Contains(t, g.Describe(v, render.Params{}), "4242")
	assert.NotContains(t, g.Describe(v, render.Params{HideDeal: true}), "4242")
	assert.Contains(t, g.Describe(v, render.Params{Lang: lang.German}), "Doublets · Spiel 4242")

	r := rendertest.Renderer(t)
	hidden, err := g.Table(r, v, render.Params{HideDeal: true})
	require.NoError(t, err)
	shown, err := g.Table(r, v, render.Params{})
	require.NoError(t, err)
	v.Deal = 0
	want, err := doublets.Table(r, v, render.Params{})
	require.NoError(t, err)
	assert.Equal(t, want, hidden)
	assert.NotEqual(t, want, shown)
}
