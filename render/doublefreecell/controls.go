package doublefreecell

import (
	"strconv"
	"strings"

	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// places are the place buttons' rows for a table of cells free cells: the
// columns, then the cells and the foundation, five to a row (Discord's
// most): "a"–"e", "f h" in the standard game, "f g i h" with eight cells.
func places(cells int) [][]string {
	rows := [][]string{
		{"1", "2", "3", "4", "5"},
		{"6", "7", "8", "9", "10"},
	}
	var rest []string
	for i := range cells {
		rest = append(rest, game.Cell(i).String())
	}
	rest = append(rest, game.Home.String())
	for len(rest) > 0 {
		n := min(len(rest), 5)
		rows = append(rows, rest[:n])
		rest = rest[n:]
	}
	return rows
}

// Controls are a board of the columns, cells and foundation, each labelled
// with its top card, and the commands Auto, Undo, Hint, Autoplay and
// Resign.
func Controls(v game.View, ps render.Params) render.Controls {
	b := &render.Board{
		Commands: []render.Command{
			{Moves: []string{"auto"}, Labels: []string{words.T(ps.Lang, "Auto ⇡")}, Style: render.Primary, Steady: true},
			render.UndoCommand(ps.Lang),
			render.HintCommand(ps.Lang),
			{Moves: []string{"autoplay off", "autoplay on"}, Labels: []string{words.T(ps.Lang, "Autoplay: on"), words.T(ps.Lang, "Autoplay: off")}, Style: render.Secondary},
			render.ResignCommand(ps.Lang),
		},
		Better: longerRun,
	}
	b.Places = render.Places(places(len(v.Cells)), func(p string) string { return placeLabel(v, p, ps.Lang) })
	return render.Controls{Board: b}
}

// placeLabel labels a place's button: "3 · 7♥", "5 · empty", "a",
// "Foundation".
func placeLabel(v game.View, place string, l lang.Lang) string {
	if place == "h" {
		return words.T(l, "Foundation")
	}
	if n, err := strconv.Atoi(place); err == nil {
		col := v.Columns[n-1]
		if len(col) == 0 {
			return words.T(l, "%s · empty", place)
		}
		return render.PlaceLabel(l, place, col[len(col)-1])
	}
	if i := cellIndex(place, len(v.Cells)); i >= 0 {
		return render.PlaceLabel(l, place, v.Cells[i])
	}
	return place
}

// longerRun prefers, of two moves between the same places, the one that
// moves more cards: "2 7 3" over "2 7".
func longerRun(a, b string) bool { return runLength(a) > runLength(b) }

// runLength is how many cards a move moves: its third field, else 1.
func runLength(move string) int {
	f := strings.Fields(move)
	if len(f) < 3 {
		return 1
	}
	n := 0
	for _, c := range f[2] {
		if c < '0' || c > '9' {
			return 1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
