package secretagent

import (
	"fmt"
	"image"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The hand picture, for a player's direct messages.
const (
	handW  = 1000
	handH  = 480
	rowY   = render.HeaderH + 12 // the panels
	rowH   = 236
	handY  = rowY + rowH + 14 // the hand
	maxFan = 72               // the widest step between the hand's cards
)

// HandLayout lays out a player's own picture: the hand fanned
// across the foot, the cards not in playable dimmed (when playable is empty,
// none is: it is not the player's turn to play); above it the assignment
// card and the agent it names, trump, and the trick in progress (or, before
// the next is led, the last one). Its words are in l.
func HandLayout(v game.View, names []string, playable []cards.Card, l lang.Lang) (render.Shaded, error) {
	if v.Viewer < 0 || v.Viewer >= game.Seats {
		return render.Shaded{}, fmt.Errorf("render: a Secret Agent hand needs a seat's view, not the spectator's")
	}
	if err := checkView(v); err != nil {
		return render.Shaded{}, err
	}
	nm := seatNames(names, l)
	me := int(v.Viewer)
	s := &render.Scene{W: handW, H: handH, Background: render.Felt}
	doing := doingLine(v, nm, l)
	if int(v.Turn) == me && v.Phase != game.PhaseOver {
		doing = map[game.Phase]string{game.PhaseForbid: words.T(l, "your turn: forbid a suit"),
			game.PhaseTrump: words.T(l, "your turn: trump or no trump"), game.PhasePlay: words.T(l, "your turn: play a card")}[v.Phase]
	}
	render.StatusBar(s, handW, render.FeltDark, render.Cream, [][2]string{
		{render.Dot(nm[me], dealText(v, l)), doing},
		{nm[me], doing},
		{"", doing},
	})

	ar := image.Rect(16, rowY, 296, rowY+rowH)
	agentBox(s, v, nm, ar, l)
	tr := image.Rect(ar.Max.X+14, rowY, ar.Max.X+14+190, rowY+rowH)
	handTrumpBox(s, v, tr, l)
	handTrick(s, v, nm, image.Rect(tr.Max.X+14, rowY, handW-16, rowY+rowH), l)
	return fanHand(s, v.Hand, playable, l), nil
}

// agentBox shows the assignment card, the agent it names and the tricks
// the player and the agent have taken.
func agentBox(s *render.Scene, v game.View, nm [4]string, ar image.Rectangle, l lang.Lang) {
	me := int(v.Viewer)
	s.Boxes = append(s.Boxes, render.Box{Rect: ar, Fill: render.FeltDark, Radius: 12})
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "your agent"), Rect: image.Rect(ar.Min.X, ar.Min.Y+12, ar.Max.X, ar.Min.Y+46), Size: render.Medium, Ink: render.Mist})
	if v.Assignment == nil {
		return
	}
	card := image.Rect(ar.Min.X+20, ar.Min.Y+56, ar.Max.X-20, ar.Min.Y+136)
	name := assignment(*v.Assignment, l)
	size := render.Huge
	if render.TextWidth(name, size)+24 > card.Dx() {
		size = render.Large
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(name, size, card.Dx()-24), Rect: card, Size: size, Ink: render.Black, Boxed: true, Fill: render.Gold, Radius: 10})
	who, agent := "?", -1
	if v.Agent != nil && *v.Agent >= 0 && *v.Agent < game.Seats {
		agent = int(*v.Agent)
		who = nm[agent]
	}
	if *v.Assignment == game.Self {
		who = words.T(l, "you: %s", who)
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(who, render.Large, ar.Dx()-24), Rect: image.Rect(ar.Min.X, ar.Min.Y+150, ar.Max.X, ar.Min.Y+190), Size: render.Large, Ink: render.Cream})
	tricks := words.T(l, "you %d · agent %d", at(v.Taken, me), at(v.Taken, agent))
	if agent == me {
		tricks = words.N(l, at(v.Taken, me), "%d trick", "%d tricks")
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(tricks, render.Medium, ar.Dx()-16), Rect: image.Rect(ar.Min.X, ar.Min.Y+194, ar.Max.X, ar.Min.Y+226), Size: render.Medium, Ink: render.Mist})
}

// handTrumpBox shows trump and the forbidden suits, centred in tr.
func handTrumpBox(s *render.Scene, v game.View, tr image.Rectangle, l lang.Lang) {
	s.Boxes = append(s.Boxes, render.Box{Rect: tr, Fill: render.FeltDark, Radius: 12})
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "trump"), Rect: image.Rect(tr.Min.X, tr.Min.Y+12, tr.Max.X, tr.Min.Y+46), Size: render.Medium, Ink: render.Mist})
	mid := image.Rect(tr.Min.X+14, tr.Min.Y+56, tr.Max.X-14, tr.Min.Y+136)
	switch {
	case v.Trump == nil:
		text := words.T(l, "not yet")
		size := fittingSize(text, mid.Dx()-2*render.LabelPad, render.Large, render.Medium, render.Small)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, mid.Dx()-2*render.LabelPad), Rect: mid, Size: size, Ink: render.Cream})
	case v.Trump.NoTrump:
		text := words.T(l, "No Trump")
		size := fittingSize(text, mid.Dx()-2*render.LabelPad, render.Large, render.Medium, render.Small)
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, mid.Dx()-2*render.LabelPad), Rect: mid, Size: size, Ink: render.Gold})
	default:
		c := render.SuitChip(v.Trump.Suit, 0, 0, render.Huge)
		w := c.Rect.Dx() + 20
		c.Rect = image.Rect((mid.Min.X+mid.Max.X-w)/2, mid.Min.Y, (mid.Min.X+mid.Max.X+w)/2, mid.Max.Y)
		s.Labels = append(s.Labels, c)
	}
	if len(v.Forbidden) == 0 {
		return
	}
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "forbidden"), Rect: image.Rect(tr.Min.X, tr.Min.Y+146, tr.Max.X, tr.Min.Y+176), Size: render.Small, Ink: render.Mist})
	const cw = 44
	x := (tr.Min.X + tr.Max.X - len(v.Forbidden)*cw - (len(v.Forbidden)-1)*8) / 2
	for i, f := range v.Forbidden {
		c := render.SuitChip(f.Suit, x+i*(cw+8), tr.Min.Y+184, render.Medium)
		c.Rect.Max.X = c.Rect.Min.X + cw
		s.Labels = append(s.Labels, c)
	}
}

// handTrick shows the trick in progress (or, before the next is led, the
// last one), in the order played, each card over its player's name.
func handTrick(s *render.Scene, v game.View, nm [4]string, tk image.Rectangle, l lang.Lang) {
	me := int(v.Viewer)
	s.Boxes = append(s.Boxes, render.Box{Rect: tk, Fill: render.FeltDark, Radius: 12})
	t, title := v.Trick, words.T(l, "trick %d", max(v.Trick.Number, 1))
	if len(t.Plays) == 0 && v.LastTrick != nil && v.LastTrick.DealNo == v.DealNo && v.Phase == game.PhasePlay {
		t = *v.LastTrick
		title = words.T(l, "trick %d, taken by %s", t.Number, nameFor(t.Winner, me, nm, l))
	}
	if v.Phase != game.PhasePlay && len(t.Plays) == 0 {
		title = words.T(l, "no trick yet")
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(title, render.Medium, tk.Dx()-24), Rect: image.Rect(tk.Min.X, tk.Min.Y+8, tk.Max.X, tk.Min.Y+40), Size: render.Medium, Ink: render.Mist})
	step := (tk.Dx() - 24 - render.CardW) / 3
	winner := games.Seat(-1)
	if len(t.Plays) > 0 {
		winner = game.TrickWinner(t.Plays, v.Trump)
	}
	for i, p := range t.Plays {
		x := tk.Min.X + 12 + i*step
		r := image.Rect(x, tk.Min.Y+46, x+render.CardW, tk.Min.Y+46+render.CardH)
		s.Cards = append(s.Cards, render.Placed{Card: p.Card, Pile: "trick", Rect: r, Visible: r, FaceUp: true, Selected: p.Seat == winner})
		s.Labels = append(s.Labels, render.Pill(render.Fit(nameFor(p.Seat, me, nm, l), render.Medium, step-8), image.Rect(x-8, r.Max.Y+8, x+render.CardW+8, r.Max.Y+40), false))
	}
}

// fanHand fans the hand across the foot of s, dimming the cards not in
// playable (none when playable is empty).
func fanHand(s *render.Scene, hand, playable []cards.Card, l lang.Lang) render.Shaded {
	sh := render.Shaded{Scene: s}
	n := len(hand)
	if n == 0 {
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "no cards in hand"), Rect: image.Rect(0, handY, handW, handY+render.CardH), Size: render.Large, Ink: render.Mist})
		return sh
	}
	fan := maxFan
	if n > 1 {
		fan = min(maxFan, (handW-32-render.CardW)/(n-1))
	}
	x0 := (handW - (n-1)*fan - render.CardW) / 2
	legal := map[cards.Card]bool{}
	for _, c := range playable {
		legal[c] = true
	}
	for i, c := range hand {
		x := x0 + i*fan
		r := image.Rect(x, handY, x+render.CardW, handY+render.CardH)
		vis := r
		if i < n-1 {
			vis.Max.X = x + fan
		}
		s.Cards = append(s.Cards, render.Placed{Card: c, Pile: "hand", Rect: r, Visible: vis, FaceUp: true, Style: render.Fanned})
		if len(legal) > 0 && !legal[c] {
			sh.Dim = append(sh.Dim, vis)
		}
	}
	return sh
}

// Hand draws a player's hand, assignment, trump and trick as a
// PNG for their direct messages; the cards not in playable are dimmed. Its
// words are in l.
func Hand(r *render.Renderer, v game.View, names []string, playable []cards.Card, l lang.Lang) ([]byte, error) {
	s, err := HandLayout(v, names, playable, l)
	if err != nil {
		return nil, err
	}
	return r.ShadedPNG(s)
}
