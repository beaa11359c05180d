package doubleagent

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

func TestControlsLabels(t *testing.T) {
	dealt := dealtView(1)
	top := func(tab game.Tableau) string { return tab.Up[len(tab.Up)-1].Card.String() }
	for _, c := range []struct {
		name  string
		v     game.View
		place string
		want  string
	}{
		{"dealt t1", dealt, "t1", "t1 · " + top(dealt.Top[0])},
		{"dealt b5", dealt, "b5", "b5 · " + top(dealt.Bottom[4])},
		{"tableau", mid(t), "t2", "t2 · 9♠"},
		{"agent on top", mid(t), "b4", "b4 · black agent"},
		{"face down", mid(t), "t4", "t4 · face down"},
		{"empty tableau", mid(t), "b5", "b5 · empty"},
		{"foundation", mid(t), "p1", "p1 · 5♥"},
		{"empty cell", mid(t), "p4", "p4"},
		{"empty command slot", mid(t), "c1", "c1"},
		{"agent in command", mid(t), "c2", "c2 · red agent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := Controls(c.v, render.Params{}).Board
			require.NotNil(t, b)
			assert.Equal(t, c.want, rendertest.Labels(b)[c.place])
		})
	}
}

func TestControlsRows(t *testing.T) {
	ctl := Controls(mid(t), render.Params{})
	require.NotNil(t, ctl.Board)
	assert.Equal(t, [][]string{{"t1", "t2", "t3", "t4", "t5"}, {"b1", "b2", "b3", "b4", "b5"}, {"p1", "p2", "p3", "p4"}, {"c1", "c2"}}, rendertest.PlaceNames(ctl.Board))
	assert.Equal(t, []string{"up"}, ctl.Board.Verbs)
	assert.Equal(t, []render.Command{
		{Moves: []string{"undo"}, Labels: []string{"Undo"}, Style: render.Secondary, Steady: true},
		{Labels: []string{"Hint 💡"}, Style: render.Secondary, Hint: true},
		{Moves: []string{"resign"}, Labels: []string{"Resign"}, Style: render.Danger, Confirm: true},
	}, ctl.Board.Commands)
	assert.Nil(t, ctl.Board.Better)
}

func TestGame(t *testing.T) {
	assert.Empty(t, Game.Missing())
	assert.Equal(t, game.Info.Name, Game.Name)
	v := mid(t)
	assert.Equal(t, Text(v, true), Game.Text(v, nil, true))
	assert.Equal(t, "t4 · face down", rendertest.Labels(Game.Controls(v, render.Params{}).Board)["t4"])
	r := rendertest.Renderer(t)
	want, err := Table(r, v, render.Params{Selected: "b4"})
	require.NoError(t, err)
	got, err := Game.Table(r, v, render.Params{Selected: "b4"})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
