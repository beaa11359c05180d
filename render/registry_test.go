package render

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/games"
)

// A game registered without a part it needs is refused at once, naming
// what is missing, rather than failing at a player's first click.
func TestRegistryRefusesAGameWithoutAPart(t *testing.T) {
	solo := games.Info{Name: "solo", Title: "Solo", MinSeats: 1, MaxSeats: 1,
		New: func(uint64, int) (games.Game, error) { return nil, nil }}
	duo := solo
	duo.Name, duo.MinSeats, duo.MaxSeats = "duo", 2, 2
	table := func(*Renderer, int, Params) ([]byte, error) { return nil, nil }
	text := func(int, []string, bool) string { return "" }
	controls := func(int, Params) Controls { return Controls{} }
	describe := func(int, Params) string { return "" }
	tests := []struct {
		game Game
		want []string
	}{
		{Game{Info: solo}, []string{"presentation"}},
		{Present(solo, Presenter[int]{}), []string{"table picture", "terminal text", "controls", "description", "solver"}},
		{Present(solo, Presenter[int]{Table: table, Text: text, Controls: controls, Describe: describe}), []string{"solver"}},
		{Present(duo, Presenter[int]{Table: table, Text: text, Controls: controls, Describe: describe}), []string{"private picture", "private facts", "computer player"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.game.Missing(), tt.game.Name)
		assert.Panics(t, func() { NewRegistry(tt.game) }, tt.game.Name)
	}
}

// The one cast from the contract's view: a view of another game's type is
// an error, not a panic.
func TestPresentRefusesAViewOfAnotherType(t *testing.T) {
	g := Present(games.Info{Name: "x"}, Presenter[int]{
		Table: func(*Renderer, int, Params) ([]byte, error) { return []byte("ok"), nil },
		Text:  func(v int, _ []string, _ bool) string { return "text" },
	})
	_, err := g.Table(nil, "a string", Params{})
	assert.Error(t, err)
	png, err := g.Table(nil, 7, Params{})
	assert.NoError(t, err)
	assert.Equal(t, "ok", string(png))
	assert.Contains(t, g.Text(1.5, nil, false), "expected a int view")
}
