package doublets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

func TestControlsLabels(t *testing.T) {
	dealt := game.New(1).View(0).(game.View)
	for _, c := range []struct {
		name  string
		v     game.View
		place string
		want  string
	}{
		{"dealt r1", dealt, "r1", "r1 · " + dealt.Reserves[0].Card.String()},
		{"dealt r7", dealt, "r7", "r7 · " + dealt.Reserves[6].Card.String()},
		{"reserve", midView(t), "r3", "r3 · K♠"},
		{"waste", midView(t), "w", "waste · K♥"},
		{"empty reserve", end(t), "r6", "r6"},
		{"empty waste", end(t), "w", "waste"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := Controls(c.v, render.Params{}).Board
			require.NotNil(t, b)
			assert.Equal(t, c.want, rendertest.Labels(b)[c.place])
		})
	}
}

func TestControlsRows(t *testing.T) {
	ctl := Controls(midView(t), render.Params{})
	require.NotNil(t, ctl.Board)
	assert.Equal(t, [][]string{{"r1", "r2", "r3", "r4"}, {"r5", "r6", "r7", "w"}}, rendertest.PlaceNames(ctl.Board))
	for i, want := range []render.Command{
		{Moves: []string{"flip"}, Labels: []string{"Flip"}, Style: render.Primary, Steady: true},
		{Moves: []string{"undo"}, Labels: []string{"Undo"}, Style: render.Secondary, Steady: true},
		{Labels: []string{"Hint 💡"}, Style: render.Secondary, Hint: true},
		{Moves: []string{"resign"}, Labels: []string{"Resign"}, Style: render.Danger, Confirm: true},
	} {
		require.Greater(t, len(ctl.Board.Commands), i)
		assert.Equal(t, want, ctl.Board.Commands[i])
	}
	assert.Len(t, ctl.Board.Commands, 4)
	assert.Empty(t, ctl.Board.Verbs)
	assert.Nil(t, ctl.Board.Better)
}

func TestGame(t *testing.T) {
	assert.Empty(t, Game.Missing())
	assert.Equal(t, game.Info.Name, Game.Name)
	v := midView(t)
	assert.Equal(t, Text(v, true), Game.Text(v, nil, true))
	assert.Equal(t, "waste · K♥", rendertest.Labels(Game.Controls(v, render.Params{}).Board)["w"])
	r := rendertest.Renderer(t)
	want, err := Table(r, v, render.Params{Selected: "w"})
	require.NoError(t, err)
	got, err := Game.Table(r, v, render.Params{Selected: "w"})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
