package render

import (
	"fmt"
	"image"
	"strconv"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
	"github.com/dealer/dealer/games/secretagent"
)

// The Secret Agent table, for the channel, in pixels: the four seats around
// the table, seat 1 at the foot and play passing clockwise (to the left),
// the trick in progress in the middle with each card before its player,
// trump and the forbidden suits top left, the deal and the last trick top
// right.
const (
	saW      = 1000
	saH      = 760
	saPanelW = 290
	saPanelH = 150
	saCX     = saW / 2 // the trick's centre
	saCY     = 403
)

// saPanels are the seats' panels: foot, left, head, right.
var saPanels = [4]image.Rectangle{
	image.Rect(saCX-saPanelW/2, saH-10-saPanelH, saCX+saPanelW/2, saH-10),
	image.Rect(16, saCY-saPanelH/2-2, 16+saPanelW, saCY+saPanelH/2-2),
	image.Rect(saCX-saPanelW/2, HeaderH+10, saCX+saPanelW/2, HeaderH+10+saPanelH),
	image.Rect(saW-16-saPanelW, saCY-saPanelH/2-2, saW-16, saCY+saPanelH/2-2),
}

// saTrickAt is where the card played by the seat at position pos (foot,
// left, head, right) lies.
func saTrickAt(pos int) image.Rectangle {
	var p image.Point
	switch pos {
	case 0:
		p = image.Pt(saCX-CardW/2, saCY+41)
	case 1:
		p = image.Pt(saCX-CardW/2-127, saCY-CardH/2)
	case 2:
		p = image.Pt(saCX-CardW/2, saCY-41-CardH)
	default:
		p = image.Pt(saCX+CardW/2+21, saCY-CardH/2)
	}
	return image.Rectangle{Min: p, Max: p.Add(image.Pt(CardW, CardH))}
}

// saNames returns the four seats' names: names given, "Seat N" for the
// rest.
func saNames(names []string) [4]string {
	var out [4]string
	for i := range out {
		if i < len(names) && names[i] != "" {
			out[i] = names[i]
		} else {
			out[i] = "Seat " + strconv.Itoa(i+1)
		}
	}
	return out
}

// at returns xs[i], or 0 when xs is too short.
func at(xs []int, i int) int {
	if i >= 0 && i < len(xs) {
		return xs[i]
	}
	return 0
}

// saCheck checks a view's cards and seats.
func saCheck(v secretagent.View) error {
	check := func(c cards.Card, what string) error {
		if ok := HasFace(c); !ok || c.IsJoker() {
			return fmt.Errorf("render: %s is %v, not a card", what, c)
		}
		return nil
	}
	tricks := []secretagent.Trick{v.Trick}
	if v.LastTrick != nil {
		tricks = append(tricks, *v.LastTrick)
	}
	for _, t := range tricks {
		if len(t.Plays) > secretagent.Seats {
			return fmt.Errorf("render: a trick of %d cards", len(t.Plays))
		}
		for _, p := range t.Plays {
			if p.Seat < 0 || p.Seat >= secretagent.Seats {
				return fmt.Errorf("render: a card played by seat %d", p.Seat)
			}
			if err := check(p.Card, "a card in the trick"); err != nil {
				return err
			}
		}
	}
	for _, c := range v.Hand {
		if err := check(c, "a card in the hand"); err != nil {
			return err
		}
	}
	return nil
}

// saRevealing tells whether the table shows the deal just finished: until
// the next deal's play starts, and once the game is over.
func saRevealing(v secretagent.View) *secretagent.DealResult {
	last := v.LastDeal()
	if last == nil {
		return nil
	}
	if v.Phase == secretagent.PhaseOver || (v.Phase != secretagent.PhasePlay && last.DealNo == v.DealNo-1) {
		return last
	}
	return nil
}

// saDealText is "deal 2 of 4", or "deal 5, tie-break".
func saDealText(n int) string {
	if n > secretagent.DealsPerGame {
		return fmt.Sprintf("deal %d, tie-break", n)
	}
	return fmt.Sprintf("deal %d of %d", max(n, 1), secretagent.DealsPerGame)
}

// saDoing says who is to do what: "Bob to play".
func saDoing(v secretagent.View, names [4]string) string { return saDoingIn(v, names, 200) }

// saDoingIn is saDoing with names cut to w pixels at Large.
func saDoingIn(v secretagent.View, names [4]string, w int) string {
	if v.Phase == secretagent.PhaseOver || v.Turn < 0 || v.Turn >= secretagent.Seats {
		if len(v.Winners) == 1 && v.Winners[0] >= 0 && v.Winners[0] < secretagent.Seats {
			return Fit(names[v.Winners[0]], Large, w) + " wins"
		}
		return "game over"
	}
	who := Fit(names[v.Turn], Large, w)
	switch v.Phase {
	case secretagent.PhaseForbid:
		return who + " to forbid a suit"
	case secretagent.PhaseTrump:
		return who + " to choose trump"
	}
	if len(v.Trick.Plays) == 0 {
		return who + " to lead"
	}
	return who + " to play"
}

// SecretAgentTableLayout lays out the Secret Agent table as the channel
// sees it. It reads only what every player may see: the view's hand and
// assignment, when it has them, are ignored. names are the seats' names
// (missing ones are "Seat N").
func SecretAgentTableLayout(v secretagent.View, names []string) (*Scene, error) {
	if err := saCheck(v); err != nil {
		return nil, err
	}
	nm := saNames(names)
	s := &Scene{W: saW, H: saH, Background: Felt}
	StatusBar(s, saW, FeltDark, Cream, [][2]string{
		{Dot("Secret Agent", saDealText(v.DealNo)), saDoing(v, nm)},
		{saDealText(v.DealNo), saDoing(v, nm)},
	})

	reveal := saRevealing(v)
	for seat := 0; seat < secretagent.Seats; seat++ {
		saSeat(s, v, nm, seat, reveal)
	}
	saTrumpBox(s, v, nm, image.Rect(16, HeaderH+10, saPanels[1].Max.X+20, saPanels[1].Min.Y-16))
	saInfoBox(s, v, nm, image.Rect(saPanels[3].Min.X-20, HeaderH+10, saW-16, saPanels[3].Min.Y-16))

	// the trick, each card before its player, the winning one ringed
	for _, p := range v.Trick.Plays {
		r := saTrickAt(int(p.Seat))
		s.Cards = append(s.Cards, Placed{Card: p.Card, Pile: "trick", Rect: r, Visible: r, FaceUp: true})
	}
	if n := len(v.Trick.Plays); n > 0 {
		w := secretagent.TrickWinner(v.Trick.Plays, v.Trump)
		for i := len(s.Cards) - n; i < len(s.Cards); i++ {
			if s.Cards[i].Rect == saTrickAt(int(w)) {
				s.Cards[i].Selected = true
			}
		}
	}

	// the middle when no trick is under way
	mid := image.Rect(saCX-170, saCY-30, saCX+170, saCY+30)
	switch {
	case v.Phase == secretagent.PhaseOver:
		s.Labels = append(s.Labels, Label{Text: saDoing(v, nm) + "!", Rect: mid.Inset(-20), Size: Huge, Ink: Black, Boxed: true, Fill: Gold})
	case reveal != nil:
		s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("deal %d scored", reveal.DealNo), Rect: mid, Size: Large, Ink: Black, Boxed: true, Fill: Gold})
	case len(v.Trick.Plays) == 0:
		s.Labels = append(s.Labels, Label{Text: Fit(saDoingIn(v, nm, 110), Medium, mid.Dx()-2*LabelPad), Rect: mid, Size: Medium, Ink: Cream, Boxed: true, Fill: FeltDark})
	}
	return s, nil
}

// saSeat adds a seat's panel: name (gold when to act), dealer mark, hand
// size as small backs, tricks and total; when a deal has just been scored,
// its assignment, agent and score instead of the backs.
func saSeat(s *Scene, v secretagent.View, names [4]string, seat int, reveal *secretagent.DealResult) {
	r := saPanels[seat]
	s.Boxes = append(s.Boxes, Box{Rect: r, Fill: FeltDark, Radius: 12})
	x0, x1 := r.Min.X+12, r.Max.X-12
	dealerW := 0
	if int(v.Dealer) == seat {
		dealerW = TextWidth("dealer", Small) + 16
		s.Labels = append(s.Labels, Label{Text: "dealer", Rect: image.Rect(x1-dealerW, r.Min.Y+14, x1, r.Min.Y+42), Size: Small, Ink: Black, Boxed: true, Fill: Paper})
	}
	name := Fit(names[seat], Large, x1-x0-dealerW-2*LabelPad-8)
	nw := TextWidth(name, Large) + 2*LabelPad
	l := Label{Text: name, Rect: image.Rect(x0-4, r.Min.Y+10, x0-4+nw, r.Min.Y+46), Size: Large, Ink: Cream, Align: Left, Boxed: true, Fill: FeltDark}
	if v.Phase != secretagent.PhaseOver && int(v.Turn) == seat {
		l.Ink, l.Fill = Black, Gold
	}
	s.Labels = append(s.Labels, l)

	line := func(y int, text string, in Colour, size TextSize) {
		s.Labels = append(s.Labels, Label{Text: Fit(text, size, x1-x0), Rect: image.Rect(x0, y, x1, y+32), Size: size, Ink: in, Align: Left})
	}
	var res *secretagent.SeatResult
	if reveal != nil {
		for i := range reveal.Seats {
			if int(reveal.Seats[i].Seat) == seat {
				res = &reveal.Seats[i]
			}
		}
	}
	if res != nil {
		agent := "self"
		if res.Agent >= 0 && int(res.Agent) < len(names) && int(res.Agent) != seat {
			agent = names[res.Agent]
		}
		line(r.Min.Y+52, res.Assignment.String()+" → "+agent, Gold, Medium)
		av := 0
		for _, o := range reveal.Seats {
			if o.Seat == res.Agent {
				av = o.Value
			}
		}
		line(r.Min.Y+83, fmt.Sprintf("%d × %d = %d", res.Value, av, res.Score), Cream, Medium)
		line(r.Min.Y+114, fmt.Sprintf("%s · total %d", Plural(res.Tricks, "trick"), res.Total), Mist, Medium)
		return
	}
	n := at(v.HandSizes, seat)
	end := MiniBacks(s, x0, r.Min.Y+54, n)
	count := Plural(n, "card")
	if end+10+TextWidth(count, Medium) > x1 {
		count = strconv.Itoa(n) // a full fan leaves room for the number alone
	}
	s.Labels = append(s.Labels, Label{Text: count, Rect: image.Rect(end+10, r.Min.Y+62, x1, r.Min.Y+94), Size: Medium, Ink: Mist, Align: Left})
	line(r.Min.Y+110, fmt.Sprintf("%s · total %d", Plural(at(v.Taken, seat), "trick"), at(v.Totals, seat)), Cream, Medium)
}

// saTrumpBox shows trump, or that it is not chosen yet, and who forbade
// which suit.
func saTrumpBox(s *Scene, v secretagent.View, names [4]string, r image.Rectangle) {
	s.Boxes = append(s.Boxes, Box{Rect: r, Fill: FeltDark, Radius: 12})
	x := r.Min.X + 14
	s.Labels = append(s.Labels, Label{Text: "trump", Rect: image.Rect(x, r.Min.Y+12, x+80, r.Min.Y+52), Size: Medium, Ink: Mist, Align: Left})
	tx := x + 84
	switch {
	case v.Trump == nil:
		s.Labels = append(s.Labels, Label{Text: "not yet", Rect: image.Rect(tx, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: Large, Ink: Cream, Align: Left})
	case v.Trump.NoTrump:
		s.Labels = append(s.Labels, Label{Text: "No Trump", Rect: image.Rect(tx, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: Large, Ink: Gold, Align: Left})
	default:
		c := SuitChip(v.Trump.Suit, tx, r.Min.Y+8, Huge)
		c.Rect.Max.Y = r.Min.Y + 58
		s.Labels = append(s.Labels, c)
	}
	if len(v.Forbidden) > 0 {
		s.Labels = append(s.Labels, Label{Text: "forbidden", Rect: image.Rect(x, r.Min.Y+66, r.Max.X-12, r.Min.Y+98), Size: Medium, Ink: Mist, Align: Left})
	}
	for i, f := range v.Forbidden {
		y := r.Min.Y + 104 + i*48
		c := SuitChip(f.Suit, x, y, Large)
		c.Rect.Max.X = c.Rect.Min.X + 44
		s.Labels = append(s.Labels, c)
		s.Labels = append(s.Labels, Label{Text: Fit("by "+saWho(f.Seat, -1, names), Medium, r.Max.X-x-68), Rect: image.Rect(x+56, y, r.Max.X-12, y+37), Size: Medium, Ink: Cream, Align: Left})
	}
}

// saInfoBox shows the trick's number, or the stage of the deal, and the
// last trick.
func saInfoBox(s *Scene, v secretagent.View, names [4]string, r image.Rectangle) {
	s.Boxes = append(s.Boxes, Box{Rect: r, Fill: FeltDark, Radius: 12})
	x := r.Min.X + 14
	title := map[secretagent.Phase]string{secretagent.PhaseForbid: "forbidding suits", secretagent.PhaseTrump: "choosing trump",
		secretagent.PhasePlay: fmt.Sprintf("trick %d of %d", max(v.Trick.Number, 1), secretagent.TricksPerDeal), secretagent.PhaseOver: "game over"}[v.Phase]
	s.Labels = append(s.Labels, Label{Text: title, Rect: image.Rect(x, r.Min.Y+12, r.Max.X-12, r.Min.Y+52), Size: Large, Ink: Cream, Align: Left})
	lt := v.LastTrick
	if lt == nil || len(lt.Plays) == 0 {
		return
	}
	who := "?"
	if lt.Winner >= 0 && lt.Winner < secretagent.Seats {
		who = names[lt.Winner]
	}
	title = fmt.Sprintf("last trick: %s", who)
	if lt.DealNo != v.DealNo {
		title = fmt.Sprintf("deal %d's last: %s", lt.DealNo, who)
	}
	s.Labels = append(s.Labels, Label{Text: Fit(title, Medium, r.Dx()-28), Rect: image.Rect(x, r.Min.Y+66, r.Max.X-12, r.Min.Y+98), Size: Medium, Ink: Mist, Align: Left})
	cx := x
	for _, p := range lt.Plays {
		c := Chip(p.Card, cx, r.Min.Y+106, Large)
		if p.Seat == lt.Winner {
			c.Fill, c.Ink = Gold, Black
		}
		s.Labels = append(s.Labels, c)
		cx = c.Rect.Max.X + 8
	}
}

// SecretAgentTable draws the Secret Agent table for the channel as a PNG.
// It shows only what every player may see, whatever view it is given.
func (r *Renderer) SecretAgentTable(v secretagent.View, names []string) ([]byte, error) {
	s, err := SecretAgentTableLayout(v, names)
	if err != nil {
		return nil, err
	}
	return r.PNG(s)
}

// The hand picture, for a player's direct messages.
const (
	saHandW  = 1000
	saHandH  = 480
	saRowY   = HeaderH + 12 // the panels
	saRowH   = 236
	saHandY  = saRowY + saRowH + 14 // the hand
	saMaxFan = 72                   // the widest step between the hand's cards
)

// SecretAgentHandLayout lays out a player's own picture: the hand fanned
// across the foot, the cards not in playable dimmed (when playable is empty,
// none is: it is not the player's turn to play); above it the assignment
// card and the agent it names, trump, and the trick in progress (or, before
// the next is led, the last one).
func SecretAgentHandLayout(v secretagent.View, names []string, playable []cards.Card) (Shaded, error) {
	if v.Viewer < 0 || v.Viewer >= secretagent.Seats {
		return Shaded{}, fmt.Errorf("render: a Secret Agent hand needs a seat's view, not the spectator's")
	}
	if err := saCheck(v); err != nil {
		return Shaded{}, err
	}
	nm := saNames(names)
	me := int(v.Viewer)
	s := &Scene{W: saHandW, H: saHandH, Background: Felt}
	doing := saDoing(v, nm)
	if int(v.Turn) == me && v.Phase != secretagent.PhaseOver {
		doing = map[secretagent.Phase]string{secretagent.PhaseForbid: "your turn: forbid a suit",
			secretagent.PhaseTrump: "your turn: trump or no trump", secretagent.PhasePlay: "your turn: play a card"}[v.Phase]
	}
	StatusBar(s, saHandW, FeltDark, Cream, [][2]string{
		{Dot(nm[me], saDealText(v.DealNo)), doing},
		{nm[me], doing},
		{"", doing},
	})

	// the assignment card
	ar := image.Rect(16, saRowY, 296, saRowY+saRowH)
	s.Boxes = append(s.Boxes, Box{Rect: ar, Fill: FeltDark, Radius: 12})
	s.Labels = append(s.Labels, Label{Text: "your agent", Rect: image.Rect(ar.Min.X, ar.Min.Y+12, ar.Max.X, ar.Min.Y+46), Size: Medium, Ink: Mist})
	if v.Assignment != nil {
		card := image.Rect(ar.Min.X+20, ar.Min.Y+56, ar.Max.X-20, ar.Min.Y+136)
		size := Huge
		if TextWidth(v.Assignment.String(), size)+24 > card.Dx() {
			size = Large
		}
		s.Labels = append(s.Labels, Label{Text: v.Assignment.String(), Rect: card, Size: size, Ink: Black, Boxed: true, Fill: Gold, Radius: 10})
		who, agent := "?", -1
		if v.Agent != nil && *v.Agent >= 0 && *v.Agent < secretagent.Seats {
			agent = int(*v.Agent)
			who = nm[agent]
		}
		if *v.Assignment == secretagent.Self {
			who = "you: " + who
		}
		s.Labels = append(s.Labels, Label{Text: Fit(who, Large, ar.Dx()-24), Rect: image.Rect(ar.Min.X, ar.Min.Y+150, ar.Max.X, ar.Min.Y+190), Size: Large, Ink: Cream})
		tricks := fmt.Sprintf("you %d · agent %d", at(v.Taken, me), at(v.Taken, agent))
		if agent == me {
			tricks = Plural(at(v.Taken, me), "trick")
		}
		s.Labels = append(s.Labels, Label{Text: Fit(tricks, Medium, ar.Dx()-16), Rect: image.Rect(ar.Min.X, ar.Min.Y+194, ar.Max.X, ar.Min.Y+226), Size: Medium, Ink: Mist})
	}

	// trump and the forbidden suits
	tr := image.Rect(ar.Max.X+14, saRowY, ar.Max.X+14+190, saRowY+saRowH)
	s.Boxes = append(s.Boxes, Box{Rect: tr, Fill: FeltDark, Radius: 12})
	s.Labels = append(s.Labels, Label{Text: "trump", Rect: image.Rect(tr.Min.X, tr.Min.Y+12, tr.Max.X, tr.Min.Y+46), Size: Medium, Ink: Mist})
	mid := image.Rect(tr.Min.X+14, tr.Min.Y+56, tr.Max.X-14, tr.Min.Y+136)
	switch {
	case v.Trump == nil:
		s.Labels = append(s.Labels, Label{Text: "not yet", Rect: mid, Size: Large, Ink: Cream})
	case v.Trump.NoTrump:
		s.Labels = append(s.Labels, Label{Text: "No Trump", Rect: mid, Size: Large, Ink: Gold})
	default:
		c := SuitChip(v.Trump.Suit, 0, 0, Huge)
		w := c.Rect.Dx() + 20
		c.Rect = image.Rect((mid.Min.X+mid.Max.X-w)/2, mid.Min.Y, (mid.Min.X+mid.Max.X+w)/2, mid.Max.Y)
		s.Labels = append(s.Labels, c)
	}
	if len(v.Forbidden) > 0 {
		s.Labels = append(s.Labels, Label{Text: "forbidden", Rect: image.Rect(tr.Min.X, tr.Min.Y+146, tr.Max.X, tr.Min.Y+176), Size: Small, Ink: Mist})
		const cw = 44
		x := (tr.Min.X + tr.Max.X - len(v.Forbidden)*cw - (len(v.Forbidden)-1)*8) / 2
		for i, f := range v.Forbidden {
			c := SuitChip(f.Suit, x+i*(cw+8), tr.Min.Y+184, Medium)
			c.Rect.Max.X = c.Rect.Min.X + cw
			s.Labels = append(s.Labels, c)
		}
	}

	// the trick, in the order played, each card over its player's name
	tk := image.Rect(tr.Max.X+14, saRowY, saHandW-16, saRowY+saRowH)
	s.Boxes = append(s.Boxes, Box{Rect: tk, Fill: FeltDark, Radius: 12})
	t, title := v.Trick, fmt.Sprintf("trick %d", max(v.Trick.Number, 1))
	if len(t.Plays) == 0 && v.LastTrick != nil && v.LastTrick.DealNo == v.DealNo && v.Phase == secretagent.PhasePlay {
		t = *v.LastTrick
		title = fmt.Sprintf("trick %d, taken by %s", t.Number, saWho(t.Winner, me, nm))
	}
	if v.Phase != secretagent.PhasePlay && len(t.Plays) == 0 {
		title = "no trick yet"
	}
	s.Labels = append(s.Labels, Label{Text: Fit(title, Medium, tk.Dx()-24), Rect: image.Rect(tk.Min.X, tk.Min.Y+8, tk.Max.X, tk.Min.Y+40), Size: Medium, Ink: Mist})
	step := (tk.Dx() - 24 - CardW) / 3
	winner := games.Seat(-1)
	if len(t.Plays) > 0 {
		winner = secretagent.TrickWinner(t.Plays, v.Trump)
	}
	for i, p := range t.Plays {
		x := tk.Min.X + 12 + i*step
		r := image.Rect(x, tk.Min.Y+46, x+CardW, tk.Min.Y+46+CardH)
		s.Cards = append(s.Cards, Placed{Card: p.Card, Pile: "trick", Rect: r, Visible: r, FaceUp: true, Selected: p.Seat == winner})
		s.Labels = append(s.Labels, Pill(Fit(saWho(p.Seat, me, nm), Medium, step-8), image.Rect(x-8, r.Max.Y+8, x+CardW+8, r.Max.Y+40), false))
	}

	// the hand
	sh := Shaded{Scene: s}
	n := len(v.Hand)
	if n == 0 {
		s.Labels = append(s.Labels, Label{Text: "no cards in hand", Rect: image.Rect(0, saHandY, saHandW, saHandY+CardH), Size: Large, Ink: Mist})
		return sh, nil
	}
	fan := saMaxFan
	if n > 1 {
		fan = min(saMaxFan, (saHandW-32-CardW)/(n-1))
	}
	x0 := (saHandW - (n-1)*fan - CardW) / 2
	legal := map[cards.Card]bool{}
	for _, c := range playable {
		legal[c] = true
	}
	for i, c := range v.Hand {
		x := x0 + i*fan
		r := image.Rect(x, saHandY, x+CardW, saHandY+CardH)
		vis := r
		if i < n-1 {
			vis.Max.X = x + fan
		}
		s.Cards = append(s.Cards, Placed{Card: c, Pile: "hand", Rect: r, Visible: vis, FaceUp: true, Style: Fanned})
		if len(legal) > 0 && !legal[c] {
			sh.Dim = append(sh.Dim, vis)
		}
	}
	return sh, nil
}

// saWho names a seat for the player at seat me: "you" for their own.
func saWho(seat games.Seat, me int, names [4]string) string {
	switch {
	case int(seat) == me:
		return "you"
	case seat >= 0 && seat < secretagent.Seats:
		return names[seat]
	}
	return "?"
}

// SecretAgentHand draws a player's hand, assignment, trump and trick as a
// PNG for their direct messages; the cards not in playable are dimmed.
func (r *Renderer) SecretAgentHand(v secretagent.View, names []string, playable []cards.Card) ([]byte, error) {
	s, err := SecretAgentHandLayout(v, names, playable)
	if err != nil {
		return nil, err
	}
	return r.ShadedPNG(s)
}
