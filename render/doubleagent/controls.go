package doubleagent

import (
	"strconv"

	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// places are the place buttons' rows: the tableaus, the prison, the
// command slots.
var places = [][]string{
	{"t1", "t2", "t3", "t4", "t5"},
	{"b1", "b2", "b3", "b4", "b5"},
	{"p1", "p2", "p3", "p4"},
	{"c1", "c2"},
}

// Controls are a board of the tableaus, prison cells and command slots,
// each labelled with its top card ("up t3" is a click on t3), and the
// commands Undo, Hint and Resign.
func Controls(v game.View, ps render.Params) render.Controls {
	b := &render.Board{
		Verbs:    []string{"up"},
		Commands: []render.Command{render.UndoCommand(ps.Lang), render.HintCommand(ps.Lang), render.ResignCommand(ps.Lang)},
	}
	b.Places = render.Places(places, func(p string) string { return placeLabel(v, p, ps.Lang) })
	return render.Controls{Board: b}
}

// placeLabel labels a place's button: "t2 · 9♠", "t4 · face down",
// "b5 · empty", "c2 · red agent", "p4".
func placeLabel(v game.View, place string, l lang.Lang) string {
	n, _ := strconv.Atoi(place[1:])
	switch place[0] {
	case 't', 'b':
		row := v.Top
		if place[0] == 'b' {
			row = v.Bottom
		}
		tab := row[n-1]
		switch {
		case len(tab.Up) > 0:
			return render.PlaceLabel(l, place, tab.Up[len(tab.Up)-1].Card)
		case tab.Exposed:
			return words.T(l, "%s · face down", place)
		}
		return words.T(l, "%s · empty", place)
	case 'p':
		return render.PlaceLabel(l, place, v.Prison[n-1].Card)
	}
	return render.PlaceLabel(l, place, v.Command[n-1])
}
