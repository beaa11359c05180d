package render

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doublefreecell"
)

// The Double FreeCell table, in pixels. Ten columns of cards fill the width;
// the six cells and four foundations sit in a row above them, the cells over
// columns 1–6 and the foundations over columns 7–10.
const (
	dfcW       = 1200
	dfcMargin  = 16 // left, right and under the longest column
	dfcGap     = (dfcW - 2*dfcMargin - 10*CardW) / 9
	dfcHeaderH = 46 // the status bar
	dfcTagY    = 54 // labels over the cells and foundations
	dfcTagH    = 32
	dfcTopY    = 94                   // cells and foundations
	dfcNumY    = dfcTopY + CardH + 10 // column numbers
	dfcNumH    = 32
	dfcColY    = dfcNumY + dfcNumH + 10 // the first card of each column
	dfcBaseH   = 900                    // the height while every column fits
	dfcMaxH    = 1500                   // the most it grows to for long columns
)

const (
	dfcColumns     = 10
	dfcCells       = 6
	dfcFoundations = 4
)

// dfcColX is the left edge of column (or top-row slot) i, from 0.
func dfcColX(i int) int { return dfcMargin + i*(CardW+dfcGap) }

// DoubleFreeCellLayout lays out a Double FreeCell table. selected names
// the source a player has picked, in the game's notation: a column "1"–"10"
// (its top card is ringed) or a cell "a"–"f"; "" for none.
func DoubleFreeCellLayout(v doublefreecell.View, selected string) (*Scene, error) {
	if len(v.Columns) != dfcColumns || len(v.Cells) != dfcCells || len(v.Foundations) != dfcFoundations {
		return nil, fmt.Errorf("render: a Double FreeCell view needs %d columns, %d cells and %d foundations, not %d, %d and %d",
			dfcColumns, dfcCells, dfcFoundations, len(v.Columns), len(v.Cells), len(v.Foundations))
	}
	selCol, selCell, err := dfcSelection(selected)
	if err != nil {
		return nil, err
	}

	// Grow the picture when a column is too long for the normal height at
	// the least overlap that keeps its index whole; squeeze it further only
	// past the largest height.
	longest := 0
	for i, col := range v.Columns {
		longest = max(longest, len(col))
		for j, c := range col {
			if ok := HasFace(c); !ok {
				return nil, fmt.Errorf("render: card %d of column %d is not a card (%v)", j+1, i+1, c)
			}
		}
	}
	h := dfcBaseH
	if need := dfcColY + stackHeight(longest, MinStackStep) + dfcMargin; need > h {
		h = min(need, dfcMaxH)
	}
	s := &Scene{W: dfcW, H: h, Background: Felt}
	dfcHeader(s, v)

	// free cells
	for i, c := range v.Cells {
		name := string(rune('a' + i))
		at := image.Rect(dfcColX(i), dfcTopY, dfcColX(i)+CardW, dfcTopY+CardH)
		s.Labels = append(s.Labels, tag(name, at.Min.X+CardW/2, 50, i == selCell))
		if c.IsNone() {
			s.Piles = append(s.Piles, Pile{Name: name, Rect: at, Selected: i == selCell})
			continue
		}
		if ok := HasFace(c); !ok {
			return nil, fmt.Errorf("render: cell %s holds %v, not a card", name, c)
		}
		s.Cards = append(s.Cards, Placed{Card: c, Pile: name, Rect: at, Visible: at, FaceUp: true, Selected: i == selCell})
	}

	// foundations, each tagged with its count; "R2" on the card from the
	// second round on
	for i, f := range v.Foundations {
		at := image.Rect(dfcColX(dfcCells+i), dfcTopY, dfcColX(dfcCells+i)+CardW, dfcTopY+CardH)
		s.Labels = append(s.Labels, tag(fmt.Sprintf("h %d/26", f.Count), at.Min.X+CardW/2, CardW, false))
		if f.Top.IsNone() || f.Count == 0 {
			s.Piles = append(s.Piles, Pile{Name: "h", Rect: at, Label: f.Suit.Symbol(), LabelInk: FeltLine})
			continue
		}
		if ok := HasFace(f.Top); !ok {
			return nil, fmt.Errorf("render: the %s foundation's top card %v is not a card", f.Suit.Name(), f.Top)
		}
		s.Cards = append(s.Cards, Placed{Card: f.Top, Pile: "h", Rect: at, Visible: at, FaceUp: true})
		if f.Round >= 2 { // a gold band across the foot of the card
			Band := image.Rect(at.Min.X, at.Max.Y-38, at.Max.X, at.Max.Y)
			s.Labels = append(s.Labels, Label{Text: "R2", Rect: Band, Size: Medium, Ink: Black, Boxed: true, Fill: Gold, Radius: cardRadius})
		}
	}

	// columns, bottom card first
	avail := h - dfcMargin - dfcColY
	for i, col := range v.Columns {
		name := strconv.Itoa(i + 1)
		x := dfcColX(i)
		s.Labels = append(s.Labels, tag(name, x+CardW/2, 56, i == selCol))
		if len(col) == 0 {
			s.Piles = append(s.Piles, Pile{Name: name, Rect: image.Rect(x, dfcColY, x+CardW, dfcColY+CardH), Selected: i == selCol})
			continue
		}
		step := StackStep
		if n := len(col); n > 1 && stackHeight(n, step) > avail {
			step = max((avail-CardH)/(n-1), 1)
		}
		for j, c := range col {
			at := image.Rect(x, dfcColY+j*step, x+CardW, dfcColY+j*step+CardH)
			vis := at
			top := j == len(col)-1
			if !top {
				vis.Max.Y = at.Min.Y + step
			}
			s.Cards = append(s.Cards, Placed{Card: c, Pile: name, Rect: at, Visible: vis, FaceUp: true, Selected: top && i == selCol})
		}
	}

	if v.Status == games.Won {
		w := 700
		s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("Won in %d moves!", v.Moves),
			Rect: image.Rect((dfcW-w)/2, dfcColY+110, (dfcW+w)/2, dfcColY+210), Size: Huge, Ink: Black, Boxed: true, Fill: Gold})
	}
	return s, nil
}

// stackHeight is how tall a column of n cards is at a step.
func stackHeight(n, step int) int {
	if n == 0 {
		return CardH
	}
	return (n-1)*step + CardH
}

// tag is a pill w wide centred on x over the top row or, for a column
// number, over the columns; gold when selected.
func tag(name string, x, w int, selected bool) Label {
	y := dfcTagY
	if _, err := strconv.Atoi(name); err == nil {
		y = dfcNumY
	}
	l := Label{Text: name, Rect: image.Rect(x-w/2, y, x+w/2, y+dfcTagH), Size: Medium, Ink: Cream, Boxed: true, Fill: FeltDark}
	if selected {
		l.Ink, l.Fill = Black, Gold
	}
	return l
}

// dfcHeader adds the status bar: the deal on the left, the moves and the
// cards home on the right; gold when won, red when lost.
func dfcHeader(s *Scene, v doublefreecell.View) {
	bar, in := FeltDark, Cream
	status := ""
	switch v.Status {
	case games.Won:
		bar, in, status = Gold, Black, "WON  •  "
	case games.Lost:
		bar, status = LostRed, "LOST  •  "
	case games.Over:
		status = "OVER  •  "
	}
	deal := fmt.Sprintf("deal %d", v.Deal)
	moves, home := fmt.Sprintf("move %d", v.Moves), fmt.Sprintf("%d/104 home", v.Score)
	full := []string{moves}
	if v.Undos > 0 {
		full = append(full, Plural(v.Undos, "undo"))
	}
	full = append(full, home)
	if !v.Autoplay && !v.Status.Finished() {
		full = append(full, "autoplay off")
	}
	// the fullest line that fits, dropping the game's name, then the extras
	row := image.Rect(dfcMargin+4, 0, dfcW-dfcMargin-4, dfcHeaderH)
	join := func(parts ...string) string { return strings.Join(parts, "  •  ") }
	tries := [][2]string{
		{status + join("Double FreeCell", deal), join(full...)},
		{status + deal, join(full...)},
		{status + deal, join(moves, home)},
	}
	size := Large
	left, right := tries[len(tries)-1][0], tries[len(tries)-1][1]
	for _, t := range tries {
		if TextWidth(t[0], size)+TextWidth(t[1], size)+24 <= row.Dx() {
			left, right = t[0], t[1]
			break
		}
	}
	if TextWidth(left, size)+TextWidth(right, size)+24 > row.Dx() {
		size = Small
	}
	s.Boxes = append(s.Boxes, Box{Rect: image.Rect(0, 0, dfcW, dfcHeaderH), Fill: bar})
	s.Labels = append(s.Labels,
		Label{Text: left, Rect: row, Size: size, Ink: in, Align: Left},
		Label{Text: right, Rect: row, Size: size, Ink: in, Align: Right})
}

// dfcSelection reads a selected source: the column or cell index, -1 for
// the other.
func dfcSelection(sel string) (col, cell int, err error) {
	sel = strings.ToLower(strings.TrimSpace(sel))
	switch {
	case sel == "":
		return -1, -1, nil
	case len(sel) == 1 && sel[0] >= 'a' && sel[0] < 'a'+dfcCells:
		return -1, int(sel[0] - 'a'), nil
	}
	if n, err := strconv.Atoi(sel); err == nil && n >= 1 && n <= dfcColumns {
		return n - 1, -1, nil
	}
	return -1, -1, fmt.Errorf("render: %q is not a Double FreeCell source (a column 1–10 or a cell a–f)", sel)
}

// DoubleFreeCell draws a Double FreeCell table as a PNG, with the selected
// source ("1"–"10", "a"–"f", or "" for none) ringed.
func (r *Renderer) DoubleFreeCell(v doublefreecell.View, selected string) ([]byte, error) {
	s, err := DoubleFreeCellLayout(v, selected)
	if err != nil {
		return nil, err
	}
	return r.PNG(s)
}
