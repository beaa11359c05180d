package render

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/doublets"
)

// The Doublets table, in pixels. The arch is a 3×3 grid with its middle
// left open: r1 r2 r3 across the top, r4 and r5 at the sides, r6, the
// foundation and r7 along the bottom; the middle shows the rank needed
// next. Stock and waste stand to the right, over the passes and the
// doubling cycle.
const (
	dblW       = 840
	dblH       = 670
	dblArchX   = 24  // the arch's left edge
	dblColGap  = 24  // between the arch's columns
	dblRowY    = 58  // the first row's tags
	dblRowH    = 202 // from one row's tags to the next's
	dblTagH    = 32
	dblCardDY  = 38  // from a row's tag to its cards
	dblSideX   = 510 // the stock; the waste is right of it
	dblSideGap = 30
)

// dblSlot is the top-left corner of the arch's slot in row, col.
func dblSlot(row, col int) image.Point {
	return image.Pt(dblArchX+col*(CardW+dblColGap), dblRowY+row*dblRowH+dblCardDY)
}

// dblArch places r1–r7 in the arch: row and column of each.
var dblArch = [7][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 2}}

// The doubling cycle from the Ace: each rank is twice the last, mod 13.
var dblCycle = []cards.Rank{1, 2, 4, 8, 3, 6, 12, 11, 9, 5, 10, 7}

// DoubletsLayout lays out a Doublets table. selected names the place a
// player has picked, as the moves name it: "r1"–"r7", "w" or "flip" (the
// stock); "" for none.
func DoubletsLayout(v doublets.View, selected string) (*Scene, error) {
	if len(v.Reserves) != len(dblArch) {
		return nil, fmt.Errorf("render: a Doublets view needs %d reserves, not %d", len(dblArch), len(v.Reserves))
	}
	sel, err := dblSelection(selected)
	if err != nil {
		return nil, err
	}
	check := func(c cards.Card, where string) error {
		if ok := HasFace(c); !ok && !c.IsNone() || c.IsJoker() {
			return fmt.Errorf("render: %s holds %v, not a card", where, c)
		}
		return nil
	}
	for i, r := range v.Reserves {
		if err := check(r.Card, fmt.Sprintf("reserve r%d", i+1)); err != nil {
			return nil, err
		}
	}
	if err := check(v.Foundation.Top, "the foundation"); err != nil {
		return nil, err
	}
	if err := check(v.Waste.Top, "the waste"); err != nil {
		return nil, err
	}

	s := &Scene{W: dblW, H: dblH, Background: Felt}
	dblHeader(s, v)

	// put adds a one-card place: its tag, and its card or outline.
	put := func(name, tagText string, at image.Point, c cards.Card, faceUp, selected bool) image.Rectangle {
		r := image.Rectangle{Min: at, Max: at.Add(image.Pt(CardW, CardH))}
		s.Labels = append(s.Labels, Pill(tagText, image.Rect(r.Min.X, r.Min.Y-dblCardDY, r.Max.X, r.Min.Y-dblCardDY+dblTagH), selected))
		if !faceUp || !c.IsNone() {
			s.Cards = append(s.Cards, Placed{Card: c, Pile: name, Rect: r, Visible: r, FaceUp: faceUp, Selected: selected})
		} else {
			s.Piles = append(s.Piles, Pile{Name: name, Rect: r, Selected: selected})
		}
		return r
	}

	for i, res := range v.Reserves {
		name := "r" + strconv.Itoa(i+1)
		at := dblSlot(dblArch[i][0], dblArch[i][1])
		r := put(name, name, at, res.Card, true, sel == name)
		if res.Frozen && !res.Card.IsNone() {
			s.Labels = append(s.Labels, Band(r, "frozen", BackBlue, Paper))
		}
	}

	// the foundation, its count over it and the rank it needs in the
	// arch's open middle
	put("f", fmt.Sprintf("%d/48", v.Foundation.Count), dblSlot(2, 1), v.Foundation.Top, true, false)
	mid := image.Rectangle{Min: dblSlot(1, 1), Max: dblSlot(1, 1).Add(image.Pt(CardW, CardH))}
	mid.Min.Y -= dblCardDY
	s.Boxes = append(s.Boxes, Box{Rect: mid, Fill: FeltDark, Radius: cardRadius})
	next := v.Foundation.NextName
	if next == "" && v.Foundation.Next != 0 {
		next = v.Foundation.Next.String()
	}
	if next == "" {
		next = "—"
	}
	s.Labels = append(s.Labels,
		Label{Text: "next", Rect: image.Rect(mid.Min.X, mid.Min.Y+12, mid.Max.X, mid.Min.Y+44), Size: Medium, Ink: Mist},
		Label{Text: next, Rect: image.Rect(mid.Min.X, mid.Min.Y+56, mid.Max.X, mid.Min.Y+136), Size: Huge, Ink: Gold},
		Label{Text: "↓", Rect: image.Rect(mid.Min.X, mid.Max.Y-40, mid.Max.X, mid.Max.Y-8), Size: Large, Ink: Mist})

	// stock and waste
	stockAt := image.Pt(dblSideX, dblSlot(0, 0).Y)
	wasteAt := stockAt.Add(image.Pt(CardW+dblSideGap, 0))
	caption := func(r image.Rectangle, text string) {
		s.Labels = append(s.Labels, Label{Text: text, Rect: image.Rect(r.Min.X-dblSideGap/2, r.Max.Y+6, r.Max.X+dblSideGap/2, r.Max.Y+34), Size: Small, Ink: Mist})
	}
	if v.Stock > 0 {
		r := put("stock", "flip", stockAt, cards.None, false, sel == "flip")
		s.Labels = append(s.Labels, BadgeLabel(strconv.Itoa(v.Stock), r.Min.X+CardW/2, r.Min.Y+CardH/2, Large))
		caption(r, "stock")
	} else {
		r := put("stock", "flip", stockAt, cards.None, true, sel == "flip")
		if v.PassesLeft > 0 {
			caption(r, "flip redeals")
		} else {
			caption(r, "stock empty")
		}
	}
	r := put("w", "w", wasteAt, v.Waste.Top, true, sel == "w")
	if v.Waste.Blocked && !v.Waste.Top.IsNone() {
		s.Labels = append(s.Labels, Band(r, "blocked", LostRed, Cream))
	}
	caption(r, fmt.Sprintf("waste %d", v.Waste.Size))

	// the passes
	px := image.Rect(dblSideX-24, dblSlot(0, 0).Y+CardH+48, dblW-24, dblSlot(0, 0).Y+CardH+168)
	s.Boxes = append(s.Boxes, Box{Rect: px, Fill: FeltDark, Radius: 12})
	pass := fmt.Sprintf("pass %d of %d", max(v.Pass, 1), v.Pass+v.PassesLeft)
	left := Plural(v.PassesLeft, "redeal") + " left"
	if v.PassesLeft == 0 {
		left = "last pass"
	}
	s.Labels = append(s.Labels,
		Label{Text: pass, Rect: image.Rect(px.Min.X, px.Min.Y+12, px.Max.X, px.Min.Y+56), Size: Large, Ink: Cream},
		Label{Text: left, Rect: image.Rect(px.Min.X, px.Min.Y+64, px.Max.X, px.Min.Y+98), Size: Medium, Ink: Mist})

	// the doubling cycle, the rank needed next in gold
	cy := dblSlot(2, 0).Y - dblCardDY
	s.Labels = append(s.Labels, Label{Text: "doubling, mod 13", Rect: image.Rect(px.Min.X, cy, px.Max.X, cy+32), Size: Medium, Ink: Mist})
	const cw, ch, cg = 48, 40, 8
	for i, rk := range dblCycle {
		x := px.Min.X + (px.Dx()-6*cw-5*cg)/2 + i%6*(cw+cg)
		y := cy + 48 + i/6*(ch+cg)
		l := Label{Text: rk.String(), Rect: image.Rect(x, y, x+cw, y+ch), Size: Medium, Ink: Cream, Boxed: true, Fill: FeltDark, Radius: 8}
		if rk == v.Foundation.Next {
			l.Ink, l.Fill = Black, Gold
		}
		s.Labels = append(s.Labels, l)
	}
	s.Labels = append(s.Labels, Label{Text: "then A again", Rect: image.Rect(px.Min.X, cy+48+2*(ch+cg), px.Max.X, cy+48+2*(ch+cg)+28), Size: Small, Ink: Mist})

	if v.Status == games.Won {
		w := 640
		s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("Won in %d moves!", v.Moves),
			Rect: image.Rect((dblW-w)/2, 300, (dblW+w)/2, 400), Size: Huge, Ink: Black, Boxed: true, Fill: Gold})
	}
	return s, nil
}

// dblHeader adds the status bar.
func dblHeader(s *Scene, v doublets.View) {
	bar, in, status := StatusLook(v.Status)
	deal := fmt.Sprintf("deal %d", v.Deal)
	moves, home := fmt.Sprintf("move %d", v.Moves), fmt.Sprintf("%d/48 home", v.Score)
	undos := ""
	if v.Undos > 0 {
		undos = Plural(v.Undos, "undo")
	}
	StatusBar(s, dblW, bar, in, [][2]string{
		{status + Dot("Doublets", deal), Dot(moves, undos, home)},
		{status + deal, Dot(moves, undos, home)},
		{status + deal, Dot(moves, home)},
	})
}

// dblSelection reads a selected place.
func dblSelection(sel string) (string, error) {
	sel = strings.ToLower(strings.TrimSpace(sel))
	switch sel {
	case "", "w", "flip":
		return sel, nil
	}
	if len(sel) == 2 && sel[0] == 'r' && sel[1] >= '1' && sel[1] <= '7' {
		return sel, nil
	}
	return "", fmt.Errorf("render: %q is not a Doublets place (r1–r7, w or flip)", sel)
}

// Doublets draws a Doublets table as a PNG, with the selected place
// ("r1"–"r7", "w", "flip" or "" for none) ringed.
func (r *Renderer) Doublets(v doublets.View, selected string) ([]byte, error) {
	s, err := DoubletsLayout(v, selected)
	if err != nil {
		return nil, err
	}
	return r.PNG(s)
}
