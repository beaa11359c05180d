package doublefreecell

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/rendertest"
)

func TestControlsLabels(t *testing.T) {
	dealt := game.New(1).View(0).(game.View)
	mid := midView(t)
	top := func(v game.View, col int) string { c := v.Columns[col-1]; return c[len(c)-1].String() }
	for _, c := range []struct {
		name  string
		v     game.View
		place string
		want  string
	}{
		{"dealt column 1", dealt, "1", "1 · " + top(dealt, 1)},
		{"dealt column 10", dealt, "10", "10 · " + top(dealt, 10)},
		{"dealt empty cell", dealt, "a", "a"},
		{"foundation", dealt, "h", "Foundation"},
		{"empty column", mid, "3", "3 · empty"},
		{"column", mid, "1", "1 · 6♥"},
		{"cell", mid, "b", "b · Q♥"},
		{"last cell", mid, "f", "f"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := Controls(c.v, render.Params{}).Board
			require.NotNil(t, b)
			assert.Equal(t, c.want, rendertest.Place(t, b, c.place).Label)
		})
	}
}

func TestControlsRows(t *testing.T) {
	ctl := Controls(midView(t), render.Params{})
	require.NotNil(t, ctl.Board)
	assert.Nil(t, ctl.Buttons)
	assert.Nil(t, ctl.Menu)
	assert.Equal(t, [][]string{{"1", "2", "3", "4", "5"}, {"6", "7", "8", "9", "10"}, {"a", "b", "c", "d", "e"}, {"f", "h"}}, rendertest.PlaceNames(ctl.Board))
	var labels []string
	for _, c := range ctl.Board.Commands {
		labels = append(labels, c.Labels[0])
	}
	assert.Equal(t, []string{"Auto ⇡", "Undo", "Hint 💡", "Autoplay: on", "Resign"}, labels)
	cmds := ctl.Board.Commands
	assert.True(t, cmds[0].Steady && cmds[1].Steady, "Auto and Undo stay put")
	assert.Equal(t, render.Primary, cmds[0].Style)
	assert.True(t, cmds[2].Hint)
	assert.Equal(t, []string{"autoplay off", "autoplay on"}, cmds[3].Moves)
	assert.True(t, cmds[4].Confirm)
	assert.Equal(t, render.Danger, cmds[4].Style)
	assert.Empty(t, ctl.Board.Verbs)
}

func TestControlsPreferLongerRuns(t *testing.T) {
	better := Controls(midView(t), render.Params{}).Board.Better
	require.NotNil(t, better)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"2 7 3", "2 7", true},
		{"2 7", "2 7 3", false},
		{"2 7 3", "2 7 2", true},
		{"2 7 12", "2 7 9", true},
		{"2 7", "2 7", false},
	} {
		assert.Equal(t, c.want, better(c.a, c.b), "%q over %q", c.a, c.b)
	}
}

func TestGame(t *testing.T) {
	assert.Empty(t, Game.Missing())
	assert.Equal(t, game.Info.Name, Game.Name)
	v := midView(t)
	assert.Equal(t, Text(v, false), Game.Text(v, nil, false))
	assert.Equal(t, "1 · 6♥", rendertest.Place(t, Game.Controls(v, render.Params{}).Board, "1").Label)
	r := rendertest.Renderer(t)
	want, err := Table(r, v, sel("8"))
	require.NoError(t, err)
	got, err := Game.Table(r, v, sel("8"))
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
