package secretagent

import (
	"fmt"
	"image"
	"strconv"

	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Secret Agent table, for the channel, in pixels: the four seats around
// the table, seat 1 at the foot and play passing clockwise (to the left),
// the trick in progress in the middle with each card before its player,
// trump and the forbidden suits top left, the deal and the last trick top
// right.
const (
	pictureW = 1000
	pictureH = 760
	panelW   = 290
	panelH   = 150
	trickX   = pictureW / 2 // the trick's centre
	trickY   = 403
)

// panels are the seats' panels: foot, left, head, right.
var panels = [4]image.Rectangle{
	image.Rect(trickX-panelW/2, pictureH-10-panelH, trickX+panelW/2, pictureH-10),
	image.Rect(16, trickY-panelH/2-2, 16+panelW, trickY+panelH/2-2),
	image.Rect(trickX-panelW/2, render.HeaderH+10, trickX+panelW/2, render.HeaderH+10+panelH),
	image.Rect(pictureW-16-panelW, trickY-panelH/2-2, pictureW-16, trickY+panelH/2-2),
}

// trickAt is where the card played by the seat at position pos (foot,
// left, head, right) lies.
func trickAt(pos int) image.Rectangle {
	var p image.Point
	switch pos {
	case 0:
		p = image.Pt(trickX-render.CardW/2, trickY+41)
	case 1:
		p = image.Pt(trickX-render.CardW/2-127, trickY-render.CardH/2)
	case 2:
		p = image.Pt(trickX-render.CardW/2, trickY-41-render.CardH)
	default:
		p = image.Pt(trickX+render.CardW/2+21, trickY-render.CardH/2)
	}
	return image.Rectangle{Min: p, Max: p.Add(image.Pt(render.CardW, render.CardH))}
}

// TableLayout lays out the Secret Agent table as the channel
// sees it. It reads only what every player may see: the view's hand and
// assignment, when it has them, are ignored. names are the seats' names
// (missing ones are "Seat N"); its words are in l.
func TableLayout(v game.View, names []string, l lang.Lang) (*render.Scene, error) {
	if err := checkView(v); err != nil {
		return nil, err
	}
	nm := seatNames(names, l)
	s := &render.Scene{W: pictureW, H: pictureH, Background: render.Felt}
	render.StatusBar(s, pictureW, render.FeltDark, render.Cream, [][2]string{
		{render.Dot("Secret Agent", dealText(v, l)), doingLine(v, nm, l)},
		{dealText(v, l), doingLine(v, nm, l)},
	})

	reveal := revealing(v)
	for seat := 0; seat < game.Seats; seat++ {
		drawSeat(s, v, nm, seat, reveal, l)
	}
	trumpBox(s, v, nm, image.Rect(16, render.HeaderH+10, panels[1].Max.X+20, panels[1].Min.Y-16), l)
	infoBox(s, v, nm, image.Rect(panels[3].Min.X-20, render.HeaderH+10, pictureW-16, panels[3].Min.Y-16), l)

	// the trick, each card before its player, the winning one ringed
	for _, p := range v.Trick.Plays {
		r := trickAt(int(p.Seat))
		s.Cards = append(s.Cards, render.Placed{Card: p.Card, Pile: "trick", Rect: r, Visible: r, FaceUp: true})
	}
	if n := len(v.Trick.Plays); n > 0 {
		w := game.TrickWinner(v.Trick.Plays, v.Trump)
		for i := len(s.Cards) - n; i < len(s.Cards); i++ {
			if s.Cards[i].Rect == trickAt(int(w)) {
				s.Cards[i].Selected = true
			}
		}
	}

	// the middle when no trick is under way
	mid := image.Rect(trickX-170, trickY-30, trickX+170, trickY+30)
	switch {
	case v.Phase == game.PhaseOver:
		text, w := doingLine(v, nm, l)+"!", mid.Dx()+40-2*render.LabelPad
		size := fittingSize(text, w, render.Huge, render.Large)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, w), Rect: mid.Inset(-20), Size: size, Ink: render.Black, Boxed: true, Fill: render.Gold})
	case reveal != nil:
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "deal %d scored", reveal.DealNo), Rect: mid, Size: render.Large, Ink: render.Black, Boxed: true, Fill: render.Gold})
	case len(v.Trick.Plays) == 0:
		text, w := doingIn(v, nm, 110, l), mid.Dx()-2*render.LabelPad
		size := fittingSize(text, w, render.Medium, render.Small)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, w), Rect: mid, Size: size, Ink: render.Cream, Boxed: true, Fill: render.FeltDark})
	}
	return s, nil
}

// drawSeat adds a seat's panel: name (gold when to act), dealer mark, hand
// size as small backs, tricks and total; when a deal has just been scored,
// its assignment, agent and score instead of the backs.
func drawSeat(s *render.Scene, v game.View, names [4]string, seat int, reveal *game.DealResult, l lang.Lang) {
	r := panels[seat]
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark, Radius: 12})
	x0, x1 := r.Min.X+12, r.Max.X-12
	dealerW := 0
	if int(v.Dealer) == seat {
		dealer := words.T(l, "dealer")
		dealerW = render.TextWidth(dealer, render.Small) + 16
		s.Labels = append(s.Labels, render.Label{Text: dealer, Rect: image.Rect(x1-dealerW, r.Min.Y+14, x1, r.Min.Y+42), Size: render.Small, Ink: render.Black, Boxed: true, Fill: render.Paper})
	}
	name := render.Fit(names[seat], render.Large, x1-x0-dealerW-2*render.LabelPad-8)
	nw := render.TextWidth(name, render.Large) + 2*render.LabelPad
	nl := render.Label{Text: name, Rect: image.Rect(x0-4, r.Min.Y+10, x0-4+nw, r.Min.Y+46), Size: render.Large, Ink: render.Cream, Align: render.Left, Boxed: true, Fill: render.FeltDark}
	if v.Phase != game.PhaseOver && int(v.Turn) == seat {
		nl.Ink, nl.Fill = render.Black, render.Gold
	}
	s.Labels = append(s.Labels, nl)

	line := func(y int, text string, in render.Colour, size render.TextSize) {
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, x1-x0), Rect: image.Rect(x0, y, x1, y+32), Size: size, Ink: in, Align: render.Left})
	}
	var res *game.SeatResult
	if reveal != nil {
		for i := range reveal.Seats {
			if int(reveal.Seats[i].Seat) == seat {
				res = &reveal.Seats[i]
			}
		}
	}
	if res != nil {
		agent := words.T(l, "self")
		if res.Agent >= 0 && int(res.Agent) < len(names) && int(res.Agent) != seat {
			agent = names[res.Agent]
		}
		line(r.Min.Y+52, assignment(res.Assignment, l)+" → "+agent, render.Gold, render.Medium)
		av := 0
		for _, o := range reveal.Seats {
			if o.Seat == res.Agent {
				av = o.Value
			}
		}
		line(r.Min.Y+83, fmt.Sprintf("%d × %d = %d", res.Value, av, res.Score), render.Cream, render.Medium)
		line(r.Min.Y+114, words.N(l, res.Tricks, "%d trick · total %d", "%d tricks · total %d", res.Total), render.Mist, render.Medium)
		return
	}
	n := at(v.HandSizes, seat)
	end := render.MiniBacks(s, x0, r.Min.Y+54, n)
	count := words.N(l, n, "%d card", "%d cards")
	if end+10+render.TextWidth(count, render.Medium) > x1 {
		count = strconv.Itoa(n) // a full fan leaves room for the number alone
	}
	s.Labels = append(s.Labels, render.Label{Text: count, Rect: image.Rect(end+10, r.Min.Y+62, x1, r.Min.Y+94), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	line(r.Min.Y+110, words.N(l, at(v.Taken, seat), "%d trick · total %d", "%d tricks · total %d", at(v.Totals, seat)), render.Cream, render.Medium)
}

// trumpBox shows trump, or that it is not chosen yet, and who forbade
// which suit.
func trumpBox(s *render.Scene, v game.View, names [4]string, r image.Rectangle, l lang.Lang) {
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark, Radius: 12})
	x := r.Min.X + 14
	trump := words.T(l, "trump")
	tw := max(80, render.TextWidth(trump, render.Medium)+2) // room for the word in every language
	s.Labels = append(s.Labels, render.Label{Text: trump, Rect: image.Rect(x, r.Min.Y+12, x+tw, r.Min.Y+52), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	tx := x + tw + 4
	switch {
	case v.Trump == nil:
		text := words.T(l, "not yet")
		size := fittingSize(text, r.Max.X-12-tx, render.Large, render.Medium)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, r.Max.X-12-tx), Rect: image.Rect(tx, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: size, Ink: render.Cream, Align: render.Left})
	case v.Trump.NoTrump:
		text := words.T(l, "No Trump")
		size := fittingSize(text, r.Max.X-12-tx, render.Large, render.Medium)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, r.Max.X-12-tx), Rect: image.Rect(tx, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: size, Ink: render.Gold, Align: render.Left})
	default:
		c := render.SuitChip(v.Trump.Suit, tx, r.Min.Y+8, render.Huge)
		c.Rect.Max.Y = r.Min.Y + 58
		s.Labels = append(s.Labels, c)
	}
	if len(v.Forbidden) > 0 {
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "forbidden"), Rect: image.Rect(x, r.Min.Y+66, r.Max.X-12, r.Min.Y+98), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	}
	for i, f := range v.Forbidden {
		y := r.Min.Y + 104 + i*48
		c := render.SuitChip(f.Suit, x, y, render.Large)
		c.Rect.Max.X = c.Rect.Min.X + 44
		s.Labels = append(s.Labels, c)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(words.T(l, "by %s", nameFor(f.Seat, -1, names, l)), render.Medium, r.Max.X-x-68), Rect: image.Rect(x+56, y, r.Max.X-12, y+37), Size: render.Medium, Ink: render.Cream, Align: render.Left})
	}
}

// infoBox shows the trick's number, or the stage of the deal, and the
// last trick.
func infoBox(s *render.Scene, v game.View, names [4]string, r image.Rectangle, l lang.Lang) {
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark, Radius: 12})
	x := r.Min.X + 14
	title := map[game.Phase]string{game.PhaseForbid: words.T(l, "forbidding suits"), game.PhaseTrump: words.T(l, "choosing trump"),
		game.PhasePlay: words.T(l, "trick %d of %d", max(v.Trick.Number, 1), game.TricksPerDeal), game.PhaseOver: words.T(l, "game over")}[v.Phase]
	size := fittingSize(title, r.Dx()-28, render.Large, render.Medium)
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(title, size, r.Dx()-28), Rect: image.Rect(x, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: size, Ink: render.Cream, Align: render.Left})
	lt := v.LastTrick
	if lt == nil || len(lt.Plays) == 0 {
		return
	}
	who := "?"
	if lt.Winner >= 0 && lt.Winner < game.Seats {
		who = names[lt.Winner]
	}
	title = words.T(l, "last trick: %s", who)
	if lt.DealNo != v.DealNo {
		title = words.T(l, "deal %d's last: %s", lt.DealNo, who)
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(title, render.Medium, r.Dx()-28), Rect: image.Rect(x, r.Min.Y+66, r.Max.X-12, r.Min.Y+98), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	cx := x
	for _, p := range lt.Plays {
		c := render.Chip(p.Card, cx, r.Min.Y+106, render.Large)
		if p.Seat == lt.Winner {
			c.Fill, c.Ink = render.Gold, render.Black
		}
		s.Labels = append(s.Labels, c)
		cx = c.Rect.Max.X + 8
	}
}

// Table draws the Secret Agent table for the channel as a PNG.
// It shows only what every player may see, whatever view it is given; its
// words are in l.
func Table(r *render.Renderer, v game.View, names []string, l lang.Lang) ([]byte, error) {
	s, err := TableLayout(v, names, l)
	if err != nil {
		return nil, err
	}
	return r.PNG(s)
}
