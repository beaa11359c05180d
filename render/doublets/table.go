// Package doublets presents Doublets: its picture, its terminal text and
// its controls, registered as Game.
package doublets

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Doublets table, in pixels. The arch is a 3×3 grid with its middle
// left open: r1 r2 r3 across the top, r4 and r5 at the sides, r6, the
// foundation and r7 along the bottom; the middle shows the rank needed
// next. Stock and waste stand to the right, over the passes and the
// doubling cycle.
const (
	pictureW = 840
	pictureH = 670
	archX    = 24  // the arch's left edge
	colGap   = 24  // between the arch's columns
	rowY     = 58  // the first row's tags
	rowH     = 202 // from one row's tags to the next's
	tagH     = 32
	cardDY   = 38  // from a row's tag to its cards
	sideX    = 510 // the stock; the waste is right of it
	sideGap  = 30
)

// slot is the top-left corner of the arch's slot in row, col.
func slot(row, col int) image.Point {
	return image.Pt(archX+col*(render.CardW+colGap), rowY+row*rowH+cardDY)
}

// arch places r1–r7 in the arch: row and column of each.
var arch = [7][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 2}}

// cycle is the doubling cycle from the Ace: each rank is twice the last,
// mod 13.
var cycle = []cards.Rank{1, 2, 4, 8, 3, 6, 12, 11, 9, 5, 10, 7}

// Layout lays out a Doublets table. selected names the place a player
// has picked, as the moves name it: "r1"–"r7", "w" or "flip" (the
// stock); "" for none.
func Layout(v game.View, selected string) (*render.Scene, error) {
	return LayoutIn(v, selected, lang.English)
}

// LayoutIn is Layout with its words in l.
func LayoutIn(v game.View, selected string, l lang.Lang) (*render.Scene, error) {
	if len(v.Reserves) != len(arch) {
		return nil, fmt.Errorf("render: a Doublets view needs %d reserves, not %d", len(arch), len(v.Reserves))
	}
	sel, err := selection(selected)
	if err != nil {
		return nil, err
	}
	if err := checkView(v); err != nil {
		return nil, err
	}
	s := &render.Scene{W: pictureW, H: pictureH, Background: render.Felt}
	status(v, l).Bar(s, pictureW)
	archOf(s, v, sel, l)
	side(s, v, sel, l)
	drawPasses(s, v, l)
	if v.Status == games.Won {
		render.WonBanner(s, words.T(l, "Won in %d moves!", v.Moves), pictureW, 640, 300)
	}
	return s, nil
}

// checkView finds a place that holds what is not a card of the pack.
func checkView(v game.View) error {
	check := func(c cards.Card, where string) error {
		if ok := render.HasFace(c); !ok && !c.IsNone() || c.IsJoker() {
			return fmt.Errorf("render: %s holds %v, not a card", where, c)
		}
		return nil
	}
	for i, r := range v.Reserves {
		if err := check(r.Card, fmt.Sprintf("reserve r%d", i+1)); err != nil {
			return err
		}
	}
	if err := check(v.Foundation.Top, "the foundation"); err != nil {
		return err
	}
	return check(v.Waste.Top, "the waste")
}

// put adds a one-card place: its tag, and its card or outline.
func put(s *render.Scene, name, tagText string, at image.Point, c cards.Card, faceUp, selected bool) image.Rectangle {
	r := image.Rectangle{Min: at, Max: at.Add(image.Pt(render.CardW, render.CardH))}
	s.Labels = append(s.Labels, render.Pill(tagText, image.Rect(r.Min.X, r.Min.Y-cardDY, r.Max.X, r.Min.Y-cardDY+tagH), selected))
	if !faceUp || !c.IsNone() {
		s.Cards = append(s.Cards, render.Placed{Card: c, Pile: name, Rect: r, Visible: r, FaceUp: faceUp, Selected: selected})
	} else {
		s.Piles = append(s.Piles, render.Pile{Name: name, Rect: r, Selected: selected})
	}
	return r
}

// archOf adds the arch: the reserves, the foundation, and the rank it
// needs in the middle.
func archOf(s *render.Scene, v game.View, sel string, l lang.Lang) {
	for i, res := range v.Reserves {
		name := "r" + strconv.Itoa(i+1)
		at := slot(arch[i][0], arch[i][1])
		r := put(s, name, name, at, res.Card, true, sel == name)
		if res.Frozen && !res.Card.IsNone() {
			s.Labels = append(s.Labels, render.FitBand(r, words.T(l, "frozen"), render.BackBlue, render.Paper))
		}
	}

	// the foundation, its count over it and the rank it needs in the
	// arch's open middle
	put(s, "f", fmt.Sprintf("%d/48", v.Foundation.Count), slot(2, 1), v.Foundation.Top, true, false)
	mid := image.Rectangle{Min: slot(1, 1), Max: slot(1, 1).Add(image.Pt(render.CardW, render.CardH))}
	mid.Min.Y -= cardDY
	s.Boxes = append(s.Boxes, render.Box{Rect: mid, Fill: render.FeltDark, Radius: render.CardRadius})
	next := v.Foundation.NextName
	if next == "" && v.Foundation.Next != 0 {
		next = v.Foundation.Next.String()
	}
	if next == "" {
		next = "—"
	}
	s.Labels = append(s.Labels,
		render.Label{Text: words.T(l, "next"), Rect: image.Rect(mid.Min.X, mid.Min.Y+12, mid.Max.X, mid.Min.Y+44), Size: render.Medium, Ink: render.Mist},
		render.Label{Text: next, Rect: image.Rect(mid.Min.X, mid.Min.Y+56, mid.Max.X, mid.Min.Y+136), Size: render.Huge, Ink: render.Gold},
		render.Label{Text: "↓", Rect: image.Rect(mid.Min.X, mid.Max.Y-40, mid.Max.X, mid.Max.Y-8), Size: render.Large, Ink: render.Mist})
}

// side adds the stock and the waste, with their captions.
func side(s *render.Scene, v game.View, sel string, l lang.Lang) {
	stockAt := image.Pt(sideX, slot(0, 0).Y)
	wasteAt := stockAt.Add(image.Pt(render.CardW+sideGap, 0))
	caption := func(r image.Rectangle, text string) {
		s.Labels = append(s.Labels, render.Label{Text: text, Rect: image.Rect(r.Min.X-sideGap/2, r.Max.Y+6, r.Max.X+sideGap/2, r.Max.Y+34), Size: render.Small, Ink: render.Mist})
	}
	if v.Stock > 0 {
		r := put(s, "stock", "flip", stockAt, cards.None, false, sel == "flip")
		s.Labels = append(s.Labels, render.BadgeLabel(strconv.Itoa(v.Stock), r.Min.X+render.CardW/2, r.Min.Y+render.CardH/2, render.Large))
		caption(r, words.T(l, "stock"))
	} else {
		r := put(s, "stock", "flip", stockAt, cards.None, true, sel == "flip")
		if v.PassesLeft > 0 {
			caption(r, words.T(l, "flip redeals"))
		} else {
			caption(r, words.T(l, "stock empty"))
		}
	}
	r := put(s, "w", "w", wasteAt, v.Waste.Top, true, sel == "w")
	if v.Waste.Blocked && !v.Waste.Top.IsNone() {
		s.Labels = append(s.Labels, render.FitBand(r, words.T(l, "blocked"), render.LostRed, render.Cream))
	}
	caption(r, words.T(l, "waste %d", v.Waste.Size))
}

// drawPasses adds the passes and the doubling cycle, the rank needed next
// in gold.
func drawPasses(s *render.Scene, v game.View, l lang.Lang) {
	px := image.Rect(sideX-24, slot(0, 0).Y+render.CardH+48, pictureW-24, slot(0, 0).Y+render.CardH+168)
	s.Boxes = append(s.Boxes, render.Box{Rect: px, Fill: render.FeltDark, Radius: 12})
	pass := words.T(l, "pass %d of %d", max(v.Pass, 1), v.Pass+v.PassesLeft)
	left := words.N(l, v.PassesLeft, "%d redeal left", "%d redeals left")
	if v.PassesLeft == 0 {
		left = words.T(l, "last pass")
	}
	s.Labels = append(s.Labels,
		render.Label{Text: pass, Rect: image.Rect(px.Min.X, px.Min.Y+12, px.Max.X, px.Min.Y+56), Size: render.Large, Ink: render.Cream},
		render.Label{Text: left, Rect: image.Rect(px.Min.X, px.Min.Y+64, px.Max.X, px.Min.Y+98), Size: render.Medium, Ink: render.Mist})

	// the doubling cycle, the rank needed next in gold
	cy := slot(2, 0).Y - cardDY
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "doubling, mod 13"), Rect: image.Rect(px.Min.X, cy, px.Max.X, cy+32), Size: render.Medium, Ink: render.Mist})
	const cw, ch, cg = 48, 40, 8
	for i, rk := range cycle {
		x := px.Min.X + (px.Dx()-6*cw-5*cg)/2 + i%6*(cw+cg)
		y := cy + 48 + i/6*(ch+cg)
		l := render.Label{Text: rk.String(), Rect: image.Rect(x, y, x+cw, y+ch), Size: render.Medium, Ink: render.Cream, Boxed: true, Fill: render.FeltDark, Radius: 8}
		if rk == v.Foundation.Next {
			l.Ink, l.Fill = render.Black, render.Gold
		}
		s.Labels = append(s.Labels, l)
	}
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "then A again"), Rect: image.Rect(px.Min.X, cy+48+2*(ch+cg), px.Max.X, cy+48+2*(ch+cg)+28), Size: render.Small, Ink: render.Mist})
}

// status is what the status line says, in l: in the picture's bar and at the
// head of the terminal text.
func status(v game.View, l lang.Lang) render.SolitaireStatus {
	return render.SolitaireStatus{Title: "Doublets", Deal: v.Deal, Moves: v.Moves, Undos: v.Undos,
		Score: words.T(l, "%d/48 home", v.Score), Status: v.Status, Lang: l}
}

// selection reads a selected place.
func selection(sel string) (string, error) {
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

// Table draws a Doublets table as a PNG, with p.Selected ("r1"–"r7", "w",
// "flip" or "" for none) ringed.
func Table(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
	at := func(v game.View, sel string) (*render.Scene, error) { return LayoutIn(v, sel, p.Lang) }
	return render.LayoutPNG(r, at, v, p.Selected)
}

// Scene lays out the table as Table draws it, for its places.
func Scene(r *render.Renderer, v game.View, p render.Params) (*render.Scene, error) {
	return LayoutIn(v, p.Selected, p.Lang)
}
