// Package doubleagent presents Double Agent: its picture, its terminal
// text and its controls, registered as Game.
package doubleagent

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Double Agent table, in pixels: the two rows of five tableaus on the
// left, t1–t5 over b1–b5; on the right the command slots c1 c2 over the
// prison's 2×2 cells p1 p2 / p3 p4. The picture grows taller for long runs.
const (
	pictureW    = 900
	margin      = 16
	colGap      = 14 // between tableaus
	tagH        = 32
	tagGap      = 8  // from a tag to its cards
	rowGap      = 14 // from the top row's longest pile to the bottom row's tags
	topY        = render.HeaderH + 10
	rightX      = pictureW - margin - 2*render.CardW - 16 // c1, p1, p3
	rightDX     = render.CardW + 16                       // to c2, p2, p4
	rightDY     = tagH + tagGap + render.CardH + 18
	minH        = topY + 3*rightDY     // the right-hand column's height
	maxPictureH = 1400                 // the most the picture grows to (at the classic steps)
	back        = 14                   // the step between face-down cards
	minBack     = 6                    // … squeezed
	agentDY     = 40                   // the extra step under an agent's rank badge
	firstCardY  = topY + tagH + tagGap // the top row's first card
)

// colX is tableau column i's left edge, from 0.
func colX(i int) int { return margin + i*(render.CardW+colGap) }

// Layout lays out a Double Agent table. selected names the
// place a player has picked, in the game's notation: a tableau "t1"–"t5",
// "b1"–"b5" (its top card is ringed), a prison cell "p1"–"p4" or a command
// slot "c1", "c2"; "" for none.
//
// Face-down cards are drawn as backs: the view only counts them. An agent
// (a joker) on a tableau shows the rank it stands for there, when it has
// one.
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
	sel, err := selection(selected)
	if err != nil {
		return nil, err
	}
	need, err := check(v, st.Stack)
	if err != nil {
		return nil, err
	}
	h, avail := heights(need, maxPictureH*st.MinStack/render.MinStackStep)
	s := &render.Scene{W: pictureW, H: h, Background: render.Felt}
	status(v, l).Bar(s, pictureW)

	rowY := [2]int{firstCardY, firstCardY + avail[0] + rowGap + tagH + tagGap}
	for r, row := range [2][5]game.Tableau{v.Top, v.Bottom} {
		for i, t := range row {
			name := tableauName(r, i)
			tableau(s, t, name, colX(i), rowY[r], avail[r], sel == name, st)
		}
	}
	right(s, v, sel, l)

	if v.Status == games.Won {
		render.WonBanner(s, words.T(l, "Won in %d moves!", v.Moves), pictureW, 700, 260)
	}
	return s, nil
}

// check finds a place that holds what is not a card, and measures what
// each row of tableaus needs: its longest pile at the usual steps
// (stackStep between face-up cards).
func check(v game.View, stackStep int) (need [2]int, err error) {
	for r, row := range [2][5]game.Tableau{v.Top, v.Bottom} {
		for i, t := range row {
			if t.Down < 0 || t.Down > 52 {
				return need, fmt.Errorf("render: tableau %s has %d face-down cards", tableauName(r, i), t.Down)
			}
			for j, f := range t.Up {
				if ok := render.HasFace(f.Card); !ok {
					return need, fmt.Errorf("render: card %d of tableau %s is not a card (%v)", j+1, tableauName(r, i), f.Card)
				}
			}
			need[r] = max(need[r], pileHeight(t, stackStep, back, true))
		}
	}
	for i, c := range v.Prison {
		if ok := render.HasFace(c.Card); !ok && !c.Card.IsNone() {
			return need, fmt.Errorf("render: prison cell p%d holds %v, not a card", i+1, c.Card)
		}
	}
	for i, c := range v.Command {
		if ok := render.HasFace(c); !ok && !c.IsNone() {
			return need, fmt.Errorf("render: command slot c%d holds %v, not a card", i+1, c)
		}
	}
	return need, nil
}

// heights are the picture's height and the rows' heights: what their
// longest piles need, squeezed past the tallest picture, maxH (maxPictureH for
// the classic steps, as much more as the steps are longer).
func heights(need [2]int, maxH int) (h int, avail [2]int) {
	fixed := firstCardY + rowGap + tagH + tagGap + margin
	avail = need
	h = max(fixed+need[0]+need[1], minH)
	if h > maxH {
		h = maxH
		room := maxH - fixed
		// the shorter row keeps what it needs, up to half; the longer
		// row has the rest
		a := 0
		if need[1] < need[0] {
			a = 1
		}
		avail[a] = min(need[a], room/2)
		avail[1-a] = room - avail[a]
	}
	return h, avail
}

// right adds the command slots and the prison cells.
func right(s *render.Scene, v game.View, sel string, l lang.Lang) {
	slot := func(k int) image.Rectangle {
		x := rightX + k%2*rightDX
		y := firstCardY + k/2*rightDY
		return image.Rect(x, y, x+render.CardW, y+render.CardH)
	}
	tagOver := func(r image.Rectangle, name string) {
		s.Labels = append(s.Labels, render.Pill(name, image.Rect(r.Min.X, r.Min.Y-tagGap-tagH, r.Max.X, r.Min.Y-tagGap), sel == name))
	}
	for i, c := range v.Command {
		name := "c" + strconv.Itoa(i+1)
		r := slot(i)
		tagOver(r, name)
		if c.IsNone() {
			s.Piles = append(s.Piles, render.Pile{Name: name, Rect: r, Selected: sel == name})
			s.Labels = append(s.Labels, render.Label{Text: words.T(l, "agent"), Rect: r, Size: render.Small, Ink: render.FeltLine})
			continue
		}
		s.Cards = append(s.Cards, render.Placed{Card: c, Pile: name, Rect: r, Visible: r, FaceUp: true, Selected: sel == name})
	}
	for i, c := range v.Prison {
		name := "p" + strconv.Itoa(i+1)
		r := slot(2 + i)
		tagOver(r, name)
		if c.Card.IsNone() {
			s.Piles = append(s.Piles, render.Pile{Name: name, Rect: r, Selected: sel == name})
			continue
		}
		s.Cards = append(s.Cards, render.Placed{Card: c.Card, Pile: name, Rect: r, Visible: r, FaceUp: true, Selected: sel == name})
		if c.Kind == "foundation" {
			if c.Frozen {
				s.Labels = append(s.Labels, render.FitBand(r, words.T(l, "frozen"), render.BackBlue, render.Paper))
			} else {
				s.Labels = append(s.Labels, render.FitBand(r, words.T(l, "home"), render.Gold, render.Black))
			}
		}
	}
}

// tableauName names tableau i of a row (0 the top, 1 the bottom): "t1", "b5".
func tableauName(row, i int) string {
	return string("tb"[row]) + strconv.Itoa(i+1)
}

// pileHeight is how tall a tableau stands with a step between face-up
// cards and one between face-down cards; with room, an agent that stands
// for a rank and is covered shows its rank badge under its index.
func pileHeight(t game.Tableau, up, down int, room bool) int {
	n := len(t.Up)
	if n == 0 {
		if t.Down == 0 {
			return render.CardH
		}
		return (t.Down-1)*down + render.CardH
	}
	h := t.Down*down + (n-1)*up + render.CardH
	if room {
		for _, f := range t.Up[:n-1] {
			if f.Card.IsJoker() && f.Stands != 0 {
				h += agentDY
			}
		}
	}
	return h
}

// tableau adds one tableau: its tag, backs, face-up run and agents' ranks,
// fitted into avail pixels from y.
func tableau(s *render.Scene, t game.Tableau, name string, x, y, avail int, selected bool, st render.Steps) {
	s.Labels = append(s.Labels, render.Pill(name, image.Rect(x, y-tagGap-tagH, x+render.CardW, y-tagGap), selected))
	if t.Down == 0 && len(t.Up) == 0 {
		s.Piles = append(s.Piles, render.Pile{Name: name, Rect: image.Rect(x, y, x+render.CardW, y+render.CardH), Selected: selected})
		return
	}
	// the largest steps that fit: face-up first down to the least that
	// shows an index, then the agents' room, then the backs, then all
	up, down, room := st.Stack, back, true
	for up > st.MinStack && pileHeight(t, up, down, room) > avail {
		up--
	}
	if pileHeight(t, up, down, room) > avail {
		room = false
	}
	for down > minBack && pileHeight(t, up, down, room) > avail {
		down--
	}
	for up > 1 && pileHeight(t, up, down, room) > avail {
		up--
	}

	n := t.Down + len(t.Up)
	cy := y
	for k := 0; k < n; k++ {
		at := image.Rect(x, cy, x+render.CardW, cy+render.CardH)
		top := k == n-1
		p := render.Placed{Pile: name, Rect: at, Visible: at, Selected: top && selected}
		step := down
		var agent cards.Rank
		if k >= t.Down {
			f := t.Up[k-t.Down]
			p.Card, p.FaceUp = f.Card, true
			step = up
			if f.Card.IsJoker() {
				agent = f.Stands
			}
		}
		if agent != 0 && room && !top {
			step += agentDY
		}
		if !top {
			p.Visible.Max.Y = cy + step
		}
		s.Cards = append(s.Cards, p)
		if agent != 0 && (top || room) {
			by := cy + 96 // over the star
			if !top {
				by = cy + up + agentDY/2 - 1 // under the index
			}
			b := render.BadgeLabel("= "+agent.String(), x+render.CardW/2, by, render.Large)
			b.Ink = render.Gold // the rank stands out from the card's own ink
			s.Labels = append(s.Labels, b)
		}
		cy += step
	}
}

// status is what the status line says, in l: in the picture's bar and at the
// head of the terminal text.
func status(v game.View, l lang.Lang) render.SolitaireStatus {
	return render.SolitaireStatus{Title: "Double Agent", Deal: v.Deal, Moves: v.Moves, Undos: v.Undos,
		Score: words.T(l, "score %d/54", v.Score), Status: v.Status, Lang: l}
}

// selection reads a selected place.
func selection(sel string) (string, error) {
	sel = strings.ToLower(strings.TrimSpace(sel))
	if sel == "" {
		return "", nil
	}
	if len(sel) == 2 {
		n := sel[1]
		switch sel[0] {
		case 't', 'b':
			if n >= '1' && n <= '5' {
				return sel, nil
			}
		case 'p':
			if n >= '1' && n <= '4' {
				return sel, nil
			}
		case 'c':
			if n == '1' || n == '2' {
				return sel, nil
			}
		}
	}
	return "", fmt.Errorf("render: %q is not a Double Agent place (t1–t5, b1–b5, p1–p4, c1 or c2)", sel)
}

// Table draws a Double Agent table as a PNG, with p.Selected ("t1"–"t5",
// "b1"–"b5", "p1"–"p4", "c1", "c2" or "" for none) ringed.
func Table(r *render.Renderer, v game.View, p render.Params) ([]byte, error) {
	at := func(v game.View, sel string) (*render.Scene, error) { return LayoutIn(v, sel, r.Steps(), p.Lang) }
	return render.LayoutPNG(r, at, v, p.Selected)
}

// Scene lays out the table as Table draws it, for its places.
func Scene(r *render.Renderer, v game.View, p render.Params) (*render.Scene, error) {
	return LayoutIn(v, p.Selected, r.Steps(), p.Lang)
}
