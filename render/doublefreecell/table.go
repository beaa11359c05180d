// Package doublefreecell presents Double FreeCell: its picture, its
// terminal text and its controls, registered as Game.
package doublefreecell

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Double FreeCell table, in pixels. Ten columns of cards fill the width;
// the cells and four foundations sit in a row above them, the foundations
// over columns 7–10 and the cells to their left: six over columns 1–6,
// four or five over the first columns, seven or eight overlapping a little
// to fit the same room (see cellStep).
const (
	pictureW = 1200
	margin   = 16 // left, right and under the longest column
	gap      = (pictureW - 2*margin - 10*render.CardW) / 9
	tagY     = 54 // labels over the cells and foundations
	tagH     = 32
	topY     = 94                       // cells and foundations
	numY     = topY + render.CardH + 10 // column numbers
	numH     = 32
	colY     = numY + numH + 10 // the first card of each column
	baseH    = 900              // the height while every column fits (at the classic steps)
	maxH     = 1500             // the most it grows to for long columns (at the classic steps)
)

const (
	columns     = 10
	cellCols    = 6 // the columns the cells have room over: the foundations start over the 7th
	foundations = 4
)

// colX is the left edge of column (or foundation slot) i, from 0.
func colX(i int) int { return margin + i*(render.CardW+gap) }

// cellStep is how far apart n cells stand: a column's pitch when they fit
// over the first six columns, else less, the cards overlapping (by 22 px
// for eight) with their corner index in sight.
func cellStep(n int) int {
	room := colX(cellCols) - gap - margin // up to the gap before the foundations
	if n < 2 {
		return render.CardW + gap
	}
	return min(render.CardW+gap, (room-render.CardW)/(n-1))
}

// Layout lays out a Double FreeCell table. selected names the source a
// player has picked, in the game's notation: a column "1"–"10"
// (its top card is ringed) or one of the table's cells ("a"–"f" in the
// standard game); "" for none.
func Layout(v game.View, selected string) (*render.Scene, error) {
	return LayoutAt(v, selected, render.ClassicSteps)
}

// LayoutAt is Layout for cards that overlap at steps st (a renderer's
// Steps: the large deck's are longer).
func LayoutAt(v game.View, selected string, st render.Steps) (*render.Scene, error) {
	return LayoutIn(v, selected, st, lang.English)
}

// LayoutIn is LayoutAt with its words in l.
func LayoutIn(v game.View, selected string, st render.Steps, l lang.Lang) (*render.Scene, error) {
	if len(v.Columns) != columns || len(v.Cells) < game.MinCells || len(v.Cells) > game.MaxCells || len(v.Foundations) != foundations {
		return nil, fmt.Errorf("render: a Double FreeCell view needs %d columns, %d–%d cells and %d foundations, not %d, %d and %d",
			columns, game.MinCells, game.MaxCells, foundations, len(v.Columns), len(v.Cells), len(v.Foundations))
	}
	selCol, selCell, err := selection(selected, len(v.Cells))
	if err != nil {
		return nil, err
	}

	// Grow the picture when a column is too long for the normal height at
	// the least overlap that keeps its index whole; squeeze it further only
	// past the largest height.
	longest, cards := 0, len(v.Cells)+len(v.Foundations)
	for i, col := range v.Columns {
		longest, cards = max(longest, len(col)), cards+len(col)
		for j, c := range col {
			if ok := render.HasFace(c); !ok {
				return nil, fmt.Errorf("render: card %d of column %d is not a card (%v)", j+1, i+1, c)
			}
		}
	}
	// The normal height holds columns of eleven cards at the full step,
	// at the classic steps or longer ones.
	h := baseH + 10*(st.Stack-render.StackStep)
	if need := colY + stackHeight(longest, st.MinStack) + margin; need > h {
		h = min(need, maxH*st.MinStack/render.MinStackStep)
	}
	s := &render.Scene{W: pictureW, H: h, Background: render.Felt, Cards: make([]render.Placed, 0, cards)}
	status(v, l).Bar(s, pictureW)
	if err := cellRow(s, v, selCell); err != nil {
		return nil, err
	}
	if err := foundationRow(s, v); err != nil {
		return nil, err
	}
	columnsOf(s, v, selCol, st.Stack)
	if v.Status == games.Won {
		render.WonBanner(s, words.T(l, "Won in %d moves!", v.Moves), pictureW, 700, colY+110)
	}
	return s, nil
}

// cellRow adds the free cells, the selected one (-1 for none) ringed,
// each with its letter over the part of it in sight. Seven or eight cells
// overlap, each over the one before: a card is cut where the next cell's
// card covers it, and an empty cell is drawn as solid boxes rather than
// the kit's see-through outline, so the next one's outline hides its edge
// instead of crossing it.
func cellRow(s *render.Scene, v game.View, selCell int) error {
	n := len(v.Cells)
	step := cellStep(n)
	overlap := step < render.CardW
	for i, c := range v.Cells {
		name := game.Cell(i).String()
		x := margin + i*step
		at := image.Rect(x, topY, x+render.CardW, topY+render.CardH)
		shown := render.CardW // how much of it is in sight, from the left
		if overlap && i < n-1 {
			shown = step
		}
		s.Labels = append(s.Labels, tag(name, x+shown/2, 50, i == selCell))
		switch {
		case c.IsNone() && overlap:
			s.Boxes = append(s.Boxes, emptySlot(at, i == selCell)...)
		case c.IsNone():
			s.Piles = append(s.Piles, render.Pile{Name: name, Rect: at, Selected: i == selCell})
		case !render.HasFace(c):
			return fmt.Errorf("render: cell %s holds %v, not a card", name, c)
		default:
			vis := at
			if overlap && i < n-1 && !v.Cells[i+1].IsNone() {
				vis.Max.X = x + step // the next card covers the rest
			}
			s.Cards = append(s.Cards, render.Placed{Card: c, Pile: name, Rect: at, Visible: vis, FaceUp: true, Selected: i == selCell})
		}
	}
	return nil
}

// emptySlot draws an empty pile at card rectangle at as solid boxes, as the
// kit's outline looks (a 3 px FeltLine edge inset 1 px) but hiding what is
// under it; ringed in gold when selected.
func emptySlot(at image.Rectangle, selected bool) []render.Box {
	var b []render.Box
	if selected {
		b = append(b, render.Box{Rect: at.Inset(-render.RingPad), Fill: render.Gold, Radius: render.CardRadius + render.RingPad})
	}
	return append(b,
		render.Box{Rect: at.Inset(1), Fill: render.FeltLine, Radius: render.CardRadius},
		render.Box{Rect: at.Inset(4), Fill: render.Felt, Radius: render.CardRadius - 3})
}

// foundationRow adds the foundations, each tagged with its count; "R2"
// on the card from the second round on.
func foundationRow(s *render.Scene, v game.View) error {
	for i, f := range v.Foundations {
		x := colX(cellCols + i)
		at := image.Rect(x, topY, x+render.CardW, topY+render.CardH)
		s.Labels = append(s.Labels, tag(fmt.Sprintf("h %d/26", f.Count), at.Min.X+render.CardW/2, render.CardW, false))
		if f.Top.IsNone() || f.Count == 0 {
			s.Piles = append(s.Piles, render.Pile{Name: "h", Rect: at, Label: f.Suit.Symbol(), LabelInk: render.FeltLine})
			continue
		}
		if ok := render.HasFace(f.Top); !ok {
			return fmt.Errorf("render: the %s foundation's top card %v is not a card", f.Suit.Name(), f.Top)
		}
		s.Cards = append(s.Cards, render.Placed{Card: f.Top, Pile: "h", Rect: at, Visible: at, FaceUp: true})
		if f.Round >= 2 { // a gold band across the foot of the card
			s.Labels = append(s.Labels, render.Band(at, "R2", render.Gold, render.Black))
		}
	}
	return nil
}

// columnsOf adds the columns, bottom card first, at most stackStep
// apart and squeezed to the picture's height; the selected one's (-1 for
// none) top card ringed.
func columnsOf(s *render.Scene, v game.View, selCol, stackStep int) {
	avail := s.H - margin - colY
	for i, col := range v.Columns {
		name := strconv.Itoa(i + 1)
		x := colX(i)
		s.Labels = append(s.Labels, tag(name, x+render.CardW/2, 56, i == selCol))
		if len(col) == 0 {
			s.Piles = append(s.Piles, render.Pile{Name: name, Rect: image.Rect(x, colY, x+render.CardW, colY+render.CardH), Selected: i == selCol})
			continue
		}
		step := stackStep
		if n := len(col); n > 1 && stackHeight(n, step) > avail {
			step = max((avail-render.CardH)/(n-1), 1)
		}
		for j, c := range col {
			at := image.Rect(x, colY+j*step, x+render.CardW, colY+j*step+render.CardH)
			vis := at
			top := j == len(col)-1
			if !top {
				vis.Max.Y = at.Min.Y + step
			}
			s.Cards = append(s.Cards, render.Placed{Card: c, Pile: name, Rect: at, Visible: vis, FaceUp: true, Selected: top && i == selCol})
		}
	}
}

// stackHeight is how tall a column of n cards is at a step.
func stackHeight(n, step int) int {
	if n == 0 {
		return render.CardH
	}
	return (n-1)*step + render.CardH
}

// tag is a pill w wide centred on x over the top row or, for a column
// number, over the columns; gold when selected.
func tag(name string, x, w int, selected bool) render.Label {
	y := tagY
	if _, err := strconv.Atoi(name); err == nil {
		y = numY
	}
	return render.Pill(name, image.Rect(x-w/2, y, x+w/2, y+tagH), selected)
}

// status is what the status line says, in l: in the picture's bar and at the
// head of the terminal text. The note tells a house rule of cells ("8 free
// cells") and autoplay off while the game is played.
func status(v game.View, l lang.Lang) render.SolitaireStatus {
	var notes []string
	if len(v.Cells) != game.NumCells {
		notes = append(notes, words.T(l, "%d free cells", len(v.Cells)))
	}
	if !v.Autoplay && !v.Status.Finished() {
		notes = append(notes, words.T(l, "autoplay off"))
	}
	note := strings.Join(notes, ", ")
	return render.SolitaireStatus{Title: "Double FreeCell", Deal: v.Deal, Moves: v.Moves, Undos: v.Undos,
		Score: words.T(l, "%d/104 home", v.Score), Note: note, Status: v.Status, Lang: l}
}

// selection reads a selected source at a table of cells free cells: the
// column or cell index, -1 for the other.
func selection(sel string, cells int) (col, cell int, err error) {
	sel = strings.ToLower(strings.TrimSpace(sel))
	if sel == "" {
		return -1, -1, nil
	}
	if i := cellIndex(sel, cells); i >= 0 {
		return -1, i, nil
	}
	if n, err := strconv.Atoi(sel); err == nil && n >= 1 && n <= columns {
		return n - 1, -1, nil
	}
	return -1, -1, fmt.Errorf("render: %q is not a Double FreeCell source (a column 1–10 or a cell %s)", sel, game.CellNames(cells))
}

// cellIndex is the index of the cell named name at a table of cells free
// cells; -1 when there is none of that name.
func cellIndex(name string, cells int) int {
	for i := range cells {
		if game.Cell(i).String() == name {
			return i
		}
	}
	return -1
}

// Table draws a Double FreeCell table as a PNG, with p.Selected (a column
// "1"–"10", one of the table's cells, or "" for none) ringed, its columns
// at r's steps.
func Table(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
	at := func(v game.View, sel string) (*render.Scene, error) { return LayoutIn(v, sel, r.Steps(), p.Lang) }
	return render.LayoutPNG(r, at, v, p.Selected)
}

// Scene lays out the table as Table draws it, for its places.
func Scene(r *render.Renderer, v game.View, p render.Params) (*render.Scene, error) {
	return LayoutIn(v, p.Selected, r.Steps(), p.Lang)
}
