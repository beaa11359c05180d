package doublets

import (
	"strconv"

	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// places are the place buttons' rows: the reserves and the waste.
var places = [][]string{
	{"r1", "r2", "r3", "r4"},
	{"r5", "r6", "r7", "w"},
}

// Controls are a board of the reserves and the waste, each labelled with
// its card, and the commands Flip, Undo, Hint and Resign.
func Controls(v game.View, ps render.Params) render.Controls {
	b := &render.Board{Commands: []render.Command{
		{Moves: []string{"flip"}, Labels: []string{words.T(ps.Lang, "Flip")}, Style: render.Primary, Steady: true},
		render.UndoCommand(ps.Lang),
		render.HintCommand(ps.Lang),
		render.ResignCommand(ps.Lang),
	}}
	b.Places = render.Places(places, func(p string) string { return placeLabel(v, p, ps.Lang) })
	return render.Controls{Board: b}
}

// placeLabel labels a place's button: "r3 · K♠", "waste · K♥", "r6".
func placeLabel(v game.View, place string, l lang.Lang) string {
	if place == "w" {
		return render.PlaceLabel(l, words.T(l, "waste"), v.Waste.Top)
	}
	n, _ := strconv.Atoi(place[1:])
	return render.PlaceLabel(l, place, v.Reserves[n-1].Card)
}
