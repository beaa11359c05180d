package theagents

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Agents table, for the channel. The circle of players is unrolled
// from top to bottom: a strip for each player, and between a player and
// the next the faction they share, so that every faction lies between its
// two players, Players[0] above it and Players[1] below; the first player's
// strip comes again at the foot, closing the circle. A faction is a row of
// tiles, one a card: a living agent's command band is at the end facing the
// player it commands (with an arrow), its token halves (the tile's own
// colour, white or black) stick out at the other end; complete tokens are
// gold coins over the gap between two tiles, ringed in their colour (grey
// when mixed) with their IP; a dead agent is a grey tile, struck through; a
// Safe-House is white toward the player above and black toward the one
// below. Over each row: the faction's letter, its agents, the token IP each
// player takes from it (↑ above, ↓ below) and its missions, an arrow to
// their owner, gold while their condition holds.
const (
	pictureW = 1200
	pad      = 16 // the picture's margin
	bandH    = 46 // a player's strip
	infoH    = 34 // the line over a faction's row
	tileH    = 132
	tileGap  = 16 // between two tiles: a token's coin lies on it
	maxTile  = 180
	cmdH     = 32 // a tile's command band
	tokenY   = 18 // a token's centre from the tile's token end
	halfD    = 24 // a token half's disc (half of it shows)
	coinD    = 42 // a complete token: its coloured ring
	coinIn   = 30 // and its gold centre
	rowH     = 6 + infoH + 10 + tileH + 12
	maxH     = 2400 // the tallest picture drawn
	maxRow   = 12   // the most cards a faction may show
)

// Scene is a The Agents picture laid out as data: the scene, and
// for tests and callers where each card and complete token lies.
type Scene struct {
	*render.Scene
	Tiles  []Tile
	Tokens []Token
}

// Tile is one card drawn as a tile: an agent or a Safe-House in a
// faction, or an agent in a hand.
type Tile struct {
	// Place is the card's place in the notation ("B3"), or "hand".
	Place string
	// Key is the agent's key; for a Safe-House, its name.
	Key       string
	SafeHouse bool
	Dead      bool
	Free      bool
	// Toward is the seat the command faces (-1 for none: a Safe-House, a
	// dead agent, a card in hand); Up tells whether that is the player
	// above the row.
	Toward games.Seat
	Up     bool
	// Pending marks the card whose command waits for a choice.
	Pending bool
	Rect    image.Rectangle
}

// Token is a complete data token drawn on the table.
type Token struct {
	Faction string // "A"
	Pos     int    // the position of its left card, from 1
	For     games.Seat
	Colour  game.Colour // "" when mixed
	IP      int
	// Rect is the coin's square.
	Rect image.Rectangle
}

// seatNames returns n players' names: those given, "Seat N" (in l) for the
// rest, numbered from 0 as the move notation numbers seats.
func seatNames(names []string, n int, l lang.Lang) []string {
	out := make([]string, n)
	for i := range out {
		if i < len(names) && strings.TrimSpace(names[i]) != "" {
			out[i] = names[i]
		} else {
			out[i] = words.T(l, "Seat %d", i)
		}
	}
	return out
}

// check checks that a view has the shape the pictures assume: 2 to 5
// players, faction i between seats i and i+1, known cards, commands that
// face one of their faction's players.
func check(v game.View) error {
	n := v.Players
	if n < game.MinPlayers || n > game.MaxPlayers {
		return fmt.Errorf("render: The Agents for %d players", n)
	}
	if len(v.Factions) != n {
		return fmt.Errorf("render: %d factions for %d players", len(v.Factions), n)
	}
	set := game.Set()
	for i, f := range v.Factions {
		want := [2]games.Seat{games.Seat(i), games.Seat((i + 1) % n)}
		if f.Players != want {
			return fmt.Errorf("render: faction %d lies between seats %v, not %v", i, f.Players, want)
		}
		if len(f.Cards) > maxRow {
			return fmt.Errorf("render: faction %s holds %d cards", f.Name, len(f.Cards))
		}
		for _, c := range f.Cards {
			if c.SafeHouse {
				if c.ID < 0 || c.ID >= len(set.SafeHouses) {
					return fmt.Errorf("render: no Safe-House %d", c.ID)
				}
				continue
			}
			if _, ok := game.AgentByKey(c.Agent); !ok {
				return fmt.Errorf("render: no agent %q", c.Agent)
			}
			if !c.Dead && !f.Has(c.Cmd) {
				return fmt.Errorf("render: a command in faction %s faces seat %d", f.Name, c.Cmd)
			}
		}
		for _, m := range f.Missions {
			if _, ok := game.MissionByKey(m.Mission); !ok {
				return fmt.Errorf("render: no mission %q", m.Mission)
			}
		}
	}
	return nil
}

// valueAt returns xs[i], or 0 when xs is too short.
func valueAt(xs []int, i int) int {
	if i >= 0 && i < len(xs) {
		return xs[i]
	}
	return 0
}

// seatName names a seat, "?" when out of range.
func seatName(s games.Seat, names []string) string {
	if s >= 0 && int(s) < len(names) {
		return names[s]
	}
	return "?"
}

// gameOver tells whether the game has ended.
func gameOver(v game.View) bool { return v.Status.Finished() || v.Turn < 0 }

// waitsOn is the seat the game waits on: a pending command's performer,
// else the player whose turn it is; -1 once over.
func waitsOn(v game.View) games.Seat {
	switch {
	case gameOver(v):
		return -1
	case v.Pending != nil:
		return v.Pending.Performer
	}
	return v.Turn
}

// currentRound is the round under way (the last one once over).
func currentRound(v game.View) int {
	if gameOver(v) {
		return max(1, (v.Turns+v.Players-1)/v.Players)
	}
	return v.Turns/v.Players + 1
}

// winners says who won, in l: "Ann wins", "Ann and Bob share the win".
func winners(v game.View, names []string, l lang.Lang) string {
	var ws []string
	for _, w := range v.Winners {
		ws = append(ws, seatName(w, names))
	}
	switch len(ws) {
	case 0:
		return words.T(l, "game over")
	case 1:
		if ws[0] == "you" {
			return words.T(l, "you win")
		}
		return words.T(l, "%s wins", ws[0])
	case 2:
		return words.T(l, "%s and %s share the win", ws[0], ws[1])
	}
	return words.T(l, "%d players share the win", len(ws))
}

// doingLine says who is to do what: "Ann's turn · 2 actions left", "Bob to
// choose for the Sniper", in l.
func doingLine(v game.View, names []string, l lang.Lang) string {
	short := func(s games.Seat) string { return render.Fit(seatName(s, names), render.Large, 220) }
	switch {
	case gameOver(v) && len(v.Winners) == 1:
		return words.T(l, "%s wins", short(v.Winners[0]))
	case gameOver(v):
		return winners(v, names, l)
	case v.Pending != nil:
		return words.T(l, "%s to choose: %s", short(v.Pending.Performer), agentName(v.Pending.Agent))
	}
	return words.T(l, "%s's turn · %s", short(v.Turn), actions(v.ActionsLeft, l))
}

// actions is "2 actions left", "no action left", in l.
func actions(n int, l lang.Lang) string {
	if n <= 0 {
		return words.T(l, "no action left")
	}
	return words.N(l, n, "%d action left", "%d actions left")
}

// agentName is an agent's name from its key.
func agentName(key string) string {
	if a, ok := game.AgentByKey(key); ok {
		return a.Name
	}
	return key
}

// safeHouse is a Safe-House's name without its article: "Bakery".
func safeHouse(id int) string {
	set := game.Set()
	if id < 0 || id >= len(set.SafeHouses) {
		return "Safe-House"
	}
	return strings.TrimPrefix(set.SafeHouses[id].Name, "The ")
}

// scopeWord is a scope in a word, in l, for the command bands.
func scopeWord(sc game.Scope, l lang.Lang) string {
	return byScope(sc, words.T(l, "self"), words.T(l, "next"), words.T(l, "faction"), words.T(l, "any"))
}

// kindWord is a command's kind in a word or two, in l: "kill".
func kindWord(k game.CommandKind, l lang.Lang) string {
	switch k {
	case game.Kill:
		return words.T(l, "kill")
	case game.Extract:
		return words.T(l, "extract")
	case game.Turn:
		return words.T(l, "turn")
	case game.Swap:
		return words.T(l, "swap")
	case game.Revive:
		return words.T(l, "revive")
	case game.Draw:
		return words.T(l, "draw")
	case game.DrawMission:
		return words.T(l, "draw mission")
	case game.Spy:
		return words.T(l, "spy")
	case game.Steal:
		return words.T(l, "steal")
	}
	return strings.ReplaceAll(string(k), "_", " ")
}

// bandText is a command in a word or two, in l: "kill · any".
func bandText(c game.Command, l lang.Lang) string {
	k := kindWord(c.Kind, l)
	if w := scopeWord(c.Scope, l); w != "" {
		return k + " · " + w
	}
	return k
}

// pendingText says what a pending command is and who chooses:
// "Bob chooses for Ann's Sniper (A3): kill another agent of this faction",
// in l.
func pendingText(p *game.PendingView, names []string, l lang.Lang) string {
	what := pendingWhat(p, names, l)
	performer, owner := seatName(p.Performer, names), seatName(p.Owner, names)
	command := commandLower(p.Command, l)
	var text string
	switch {
	case p.Owner == p.Performer && performer == "you":
		text = words.T(l, "you choose for the %s: %s", what, command)
	case p.Owner == p.Performer:
		text = words.T(l, "%s chooses for the %s: %s", performer, what, command)
	case performer == "you":
		text = words.T(l, "you choose for %s's %s: %s", owner, what, command)
	case owner == "you":
		text = words.T(l, "%s chooses for your %s: %s", performer, what, command)
	default:
		text = words.T(l, "%s chooses for %s's %s: %s", performer, owner, what, command)
	}
	if p.Victim != nil {
		if victim := seatName(*p.Victim, names); victim == "you" {
			text += " " + words.T(l, "(your hand)")
		} else {
			text += " " + words.T(l, "(%s's hand)", victim)
		}
	}
	return text
}

// pendingWhat names the card whose command waits: "Sniper (A3)", or a
// Free Agent with what it pays, in l.
func pendingWhat(p *game.PendingView, names []string, l lang.Lang) string {
	what := agentName(p.Agent)
	if p.At != "" {
		what += " (" + p.At + ")"
	}
	if p.Free {
		what = words.T(l, "%s, Free Agent paying %d IP to %s", what, p.IP, seatName(*p.IPTo, names))
	}
	return what
}

// missionText is a mission as a pill's text: "↑ Graveyard Shift +2".
func missionText(m game.Assigned, up bool) string {
	mi, _ := game.MissionByKey(m.Mission)
	arrow := "↓ "
	if up {
		arrow = "↑ "
	}
	return fmt.Sprintf("%s%s +%d", arrow, mi.Name, mi.Reward)
}

// TableLayout lays out The Agents table as the channel sees it:
// the players' strips, the factions between them, who is to act, the
// pending command, the goal, the winners. It reads only what every player
// may see: the view's hand, missions and a spy's look at a hand are
// ignored. names are the seats' names (missing ones are "Seat N", from 0);
// the words are in l.
func TableLayout(v game.View, names []string, l lang.Lang) (*Scene, error) {
	if err := check(v); err != nil {
		return nil, err
	}
	n := v.Players
	nm := seatNames(names, n, l)
	foot := footer(v, nm)
	h := render.HeaderH + 8 + n*(bandH+rowH) + bandH + 10 + foot + 12
	if h > maxH {
		return nil, fmt.Errorf("render: a %d-pixel The Agents table", h)
	}
	ts := &Scene{Scene: &render.Scene{W: pictureW, H: h, Background: render.Felt}}
	s := ts.Scene

	round := words.T(l, "round %d", currentRound(v))
	if v.Ending && !gameOver(v) {
		round = words.T(l, "final round")
	}
	goal := words.T(l, "goal %d IP", v.Goal)
	doing := doingLine(v, nm, l)
	render.StatusBar(s, pictureW, render.FeltDark, render.Cream, [][2]string{
		{render.Dot("The Agents", round, goal), doing},
		{render.Dot(round, goal), doing},
		{round, doing},
	})

	// the widest row decides the tiles' width, so that every row lines up
	cols := 1
	for _, f := range v.Factions {
		cols = max(cols, len(f.Cards), f.Limit+1)
	}
	tw := min(maxTile, (pictureW-2*pad-16-(cols-1)*tileGap)/cols)

	y := render.HeaderH + 8
	for i := range v.Factions {
		playerBand(s, v, nm, games.Seat(i), y, true, l)
		y += bandH
		faction(ts, v, i, tw, y, l)
		y += rowH
	}
	playerBand(s, v, nm, 0, y, false, l) // the circle closes
	y += bandH + 10
	footerDraw(s, v, nm, image.Rect(pad, y, pictureW-pad, y+foot), l)
	return ts, nil
}

// playerBand adds a player's strip: name (gold when the game waits on
// him), IP, income, cards in hand, and his part in the turn. The strip that
// closes the circle at the foot holds the name and IP only.
func playerBand(s *render.Scene, v game.View, names []string, seat games.Seat, y int, full bool, lg lang.Lang) {
	r := image.Rect(0, y, pictureW, y+bandH)
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark})
	x := pad + 4
	name := render.Fit(names[seat], render.Large, 330)
	nw := render.TextWidth(name, render.Large) + 2*render.LabelPad
	l := render.Label{Text: name, Rect: image.Rect(x-render.LabelPad, y+5, x-render.LabelPad+nw, y+bandH-5), Size: render.Large, Ink: render.Cream, Align: render.Left, Boxed: true, Fill: render.FeltDark}
	waits := waitsOn(v) == seat
	if waits {
		l.Ink, l.Fill = render.Black, render.Gold
	}
	for _, w := range v.Winners {
		if w == seat {
			l.Ink, l.Fill = render.Black, render.Gold
		}
	}
	s.Labels = append(s.Labels, l)
	x = l.Rect.Max.X + 14
	ip := fmt.Sprintf("%d IP", valueAt(v.IP, int(seat)))
	s.Labels = append(s.Labels, render.Label{Text: ip, Rect: image.Rect(x, y, x+120, y+bandH), Size: render.Large, Ink: render.Gold, Align: render.Left})
	x += render.TextWidth(ip, render.Large) + 14
	if !full {
		return
	}
	rest := render.Dot(words.T(lg, "income +%d", valueAt(v.Income, int(seat))),
		words.N(lg, valueAt(v.HandSizes, int(seat)), "%d agent", "%d agents"), words.N(lg, valueAt(v.MissionCounts, int(seat)), "%d mission", "%d missions"))
	var state string
	switch {
	case gameOver(v):
	case v.Pending != nil && v.Pending.Performer == seat:
		state = words.T(lg, "to choose")
	case v.Turn == seat:
		state = actions(v.ActionsLeft, lg)
	}
	right := pictureW - pad
	if state != "" {
		in := render.Mist
		if waits {
			in = render.Gold
		}
		s.Labels = append(s.Labels, render.Label{Text: state, Rect: image.Rect(right-300, y, right, y+bandH), Size: render.Medium, Ink: in, Align: render.Right})
		right -= render.TextWidth(state, render.Medium) + 20
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(rest, render.Medium, right-x), Rect: image.Rect(x, y, right, y+bandH), Size: render.Medium, Ink: render.Mist, Align: render.Left})
}

// faction adds faction i's info line and row of tiles from y.
func faction(ts *Scene, v game.View, i, tw, y int, l lang.Lang) {
	iy := y + 6
	infoLine(ts.Scene, v.Factions[i], iy, l)
	tiles(ts, v, v.Factions[i], tw, iy+infoH+10, l)
}

// infoLine adds a faction's line from iy: letter, agents, token IP each
// way; missions at the right.
func infoLine(s *render.Scene, f game.FactionView, iy int, l lang.Lang) {
	top, bottom := f.Players[0], f.Players[1]
	x := pad + 8
	letter := render.Label{Text: f.Name, Rect: image.Rect(x, iy, x+44, iy+infoH), Size: render.Large, Ink: render.Black, Boxed: true, Fill: render.Cream, Radius: 8}
	s.Labels = append(s.Labels, letter)
	x += 56
	info := words.T(l, "%d of %d agents · tokens ↑%d ↓%d", f.Agents(), f.Limit, f.Income(top), f.Income(bottom))
	s.Labels = append(s.Labels, render.Label{Text: info, Rect: image.Rect(x, iy, x+440, iy+infoH), Size: render.Medium, Ink: render.Cream, Align: render.Left})
	x += render.TextWidth(info, render.Medium) + 20
	if len(f.Missions) > 0 {
		missionPills(s, f, x, iy)
	}
}

// missionPills adds a faction's missions as pills, right-aligned from x
// on the info line at iy: Medium when every pill fits so, else Small, cut
// to share the room; gold while their condition holds.
func missionPills(s *render.Scene, f game.FactionView, x, iy int) {
	top := f.Players[0]
	room := pictureW - pad - 8 - x
	size := render.Medium
	need := 0
	for _, m := range f.Missions {
		need += render.TextWidth(missionText(m, m.Owner == top), size) + 2*render.LabelPad + 10
	}
	if need > room {
		size = render.Small
	}
	each := room/len(f.Missions) - 10
	rx := pictureW - pad - 8
	for k := len(f.Missions) - 1; k >= 0; k-- {
		m := f.Missions[k]
		text := render.Fit(missionText(m, m.Owner == top), size, each-2*render.LabelPad)
		w := render.TextWidth(text, size) + 2*render.LabelPad
		p := render.Label{Text: text, Rect: image.Rect(rx-w, iy+1, rx, iy+infoH-1), Size: size, Ink: render.Cream, Boxed: true, Fill: render.FeltDark}
		mi, _ := game.MissionByKey(m.Mission)
		if f.Holds(mi.Condition, m.Owner) {
			p.Ink, p.Fill = render.Black, render.Gold
		}
		s.Labels = append(s.Labels, p)
		rx -= w + 10
	}
}

// tiles adds a faction's row of tiles from ty, and its complete tokens.
func tiles(ts *Scene, v game.View, f game.FactionView, tw, ty int, l lang.Lang) {
	s := ts.Scene
	top := f.Players[0]
	pend := -1
	if p := v.Pending; p != nil && len(p.At) > 1 && p.At[:1] == f.Name {
		if n, err := strconv.Atoi(p.At[1:]); err == nil {
			pend = n - 1
		}
	}
	rects := make([]image.Rectangle, len(f.Cards))
	for k := range f.Cards {
		x := pad + 8 + k*(tw+tileGap)
		rects[k] = image.Rect(x, ty, x+tw, ty+tileH)
	}
	// halves first: the tiles cover their inner half
	for k, c := range f.Cards {
		r := rects[k]
		halves := func(atTop bool, col render.Colour) {
			cy := r.Max.Y - tokenY
			if atTop {
				cy = r.Min.Y + tokenY
			}
			for _, cx := range []int{r.Min.X, r.Max.X} {
				disc(s, cx, cy, halfD+4, render.Edge)
				disc(s, cx, cy, halfD, col)
			}
		}
		switch {
		case c.SafeHouse:
			halves(true, render.Paper)
			halves(false, render.Black)
		case !c.Dead:
			halves(c.Cmd != top, colour(c.Colour))
		}
		if k == pend {
			s.Boxes = append(s.Boxes, render.Box{Rect: r.Inset(-6), Fill: render.Gold, Radius: 14})
		}
	}
	for k, c := range f.Cards {
		t := Tile{Place: f.Name + strconv.Itoa(k+1), Key: c.Agent, SafeHouse: c.SafeHouse, Dead: c.Dead,
			Toward: -1, Pending: k == pend, Rect: rects[k]}
		if c.SafeHouse {
			t.Key = safeHouse(c.ID)
		} else if !c.Dead {
			t.Toward, t.Up = c.Cmd, c.Cmd == top
		}
		ts.Tiles = append(ts.Tiles, t)
		tableTile(s, c, t, l)
	}
	drawTokens(ts, f, rects)
}

// drawTokens adds a faction's complete tokens as coins over the gaps between
// the tiles at rects, toward the player they score for.
func drawTokens(ts *Scene, f game.FactionView, rects []image.Rectangle) {
	s := ts.Scene
	top := f.Players[0]
	for _, tk := range f.Tokens {
		k := tk.Pos - 1
		if k < 0 || k+1 >= len(rects) {
			continue
		}
		cx := (rects[k].Max.X + rects[k+1].Min.X) / 2
		cy := rects[k].Max.Y - tokenY
		if tk.For == top {
			cy = rects[k].Min.Y + tokenY
		}
		ring := render.Edge
		switch tk.Colour {
		case game.White:
			ring = render.Paper
		case game.Black:
			ring = render.Black
		}
		disc(s, cx, cy, coinD+4, render.Edge)
		disc(s, cx, cy, coinD, ring)
		coin := image.Rect(cx-coinIn/2, cy-coinIn/2, cx+coinIn/2, cy+coinIn/2)
		s.Labels = append(s.Labels, render.Label{Text: strconv.Itoa(tk.IP), Rect: coin, Size: render.Medium, Ink: render.Black, Boxed: true, Fill: render.Gold})
		ts.Tokens = append(ts.Tokens, Token{Faction: f.Name, Pos: tk.Pos, For: tk.For, Colour: tk.Colour, IP: tk.IP,
			Rect: image.Rect(cx-coinD/2, cy-coinD/2, cx+coinD/2, cy+coinD/2)})
	}
}

// colour is the colour a token colour is drawn in.
func colour(c game.Colour) render.Colour {
	if c == game.Black {
		return render.Black
	}
	return render.Paper
}

// ink is the ink that reads on a tile's colour.
func ink(c render.Colour) render.Colour {
	if c == render.Black {
		return render.Paper
	}
	return render.Black
}

// disc adds a disc of diameter d centred on (cx, cy).
func disc(s *render.Scene, cx, cy, d int, c render.Colour) {
	s.Boxes = append(s.Boxes, render.Box{Rect: image.Rect(cx-d/2, cy-d/2, cx-d/2+d, cy-d/2+d), Fill: c, Radius: d / 2})
}

// tableTile draws one card of a faction.
func tableTile(s *render.Scene, c game.Placed, t Tile, l lang.Lang) {
	r := t.Rect
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.Edge, Radius: 10})
	body := r.Inset(2)
	nameArea := image.Rect(body.Min.X+4, r.Min.Y+cmdH+2, body.Max.X-4, r.Max.Y-cmdH-2)
	switch {
	case c.SafeHouse:
		mid := (r.Min.Y + r.Max.Y) / 2
		s.Boxes = append(s.Boxes,
			render.Box{Rect: body, Fill: render.Paper, Radius: 8},
			render.Box{Rect: image.Rect(body.Min.X, mid, body.Max.X, body.Max.Y), Fill: render.Black, Radius: 8},
			render.Box{Rect: image.Rect(body.Min.X, mid, body.Max.X, mid+10), Fill: render.Black})
		// clear of the coins on the corners
		wrapLabels(s, t.Key, image.Rect(body.Min.X+18, body.Min.Y+2, body.Max.X-18, mid-1), render.Black, render.Large, render.Medium, render.Small)
		wrapLabels(s, words.T(l, "safe house"), image.Rect(body.Min.X+18, mid+2, body.Max.X-18, body.Max.Y-4), render.Gold, render.Medium, render.Small)
	case c.Dead:
		s.Boxes = append(s.Boxes, render.Box{Rect: body, Fill: render.Mist, Radius: 8})
		lines := wrapLabels(s, agentName(c.Agent), nameArea, render.Black, render.Large, render.Medium)
		// struck through
		for _, l := range lines {
			w := render.TextWidth(l.Text, l.Size)
			cx, cy := (l.Rect.Min.X+l.Rect.Max.X)/2, (l.Rect.Min.Y+l.Rect.Max.Y)/2
			s.Labels = append(s.Labels, render.Label{Rect: image.Rect(cx-w/2-4, cy-2, cx+w/2+4, cy+2), Boxed: true, Fill: render.LostRed, Radius: 1})
		}
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(words.T(l, "dead"), render.Small, body.Dx()-4), Rect: image.Rect(body.Min.X, body.Min.Y+2, body.Max.X, body.Min.Y+cmdH), Size: render.Small, Ink: render.LostRed})
	default:
		col := colour(c.Colour)
		s.Boxes = append(s.Boxes, render.Box{Rect: body, Fill: col, Radius: 8})
		band := image.Rect(body.Min.X, body.Min.Y, body.Max.X, r.Min.Y+cmdH)
		square := image.Rect(band.Min.X, band.Max.Y-10, band.Max.X, band.Max.Y)
		arrow := "↑ "
		if !t.Up {
			band = image.Rect(body.Min.X, r.Max.Y-cmdH, body.Max.X, body.Max.Y)
			square = image.Rect(band.Min.X, band.Min.Y, band.Max.X, band.Min.Y+10)
			arrow = "↓ "
		}
		s.Boxes = append(s.Boxes, render.Box{Rect: band, Fill: render.BackBlue, Radius: 8}, render.Box{Rect: square, Fill: render.BackBlue})
		a, _ := game.AgentByKey(c.Agent)
		// the command and its reach at Medium, else Small, else the
		// command alone
		text, size := arrow+bandText(a.Command, l), render.Medium
		if render.TextWidth(text, size) > band.Dx()-12 {
			size = render.Small
		}
		if render.TextWidth(text, size) > band.Dx()-12 {
			text, size = arrow+kindWord(a.Command.Kind, l), render.Medium
			if render.TextWidth(text, size) > band.Dx()-12 {
				size = render.Small
			}
		}
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(text, size, band.Dx()-12), Rect: band, Size: size, Ink: render.Paper})
		wrapLabels(s, a.Name, nameArea, ink(col), render.Large, render.Medium)
	}
}

// wrapLabels writes text centred in r on as few lines as fit, at the first
// size whose lines all fit across r and down it without cutting a word,
// else at the first whose lines fit with words cut by a hyphen, else cut
// short; it returns the labels.
func wrapLabels(s *render.Scene, text string, r image.Rectangle, in render.Colour, sizes ...render.TextSize) []render.Label {
	var lines []string
	size := sizes[len(sizes)-1]
	for _, sz := range sizes {
		ls, cut := wrap(text, sz, r.Dx())
		if !cut && len(ls)*lineH(sz) <= r.Dy() {
			lines, size = ls, sz
			break
		}
	}
	for _, sz := range sizes {
		if lines != nil {
			break
		}
		if ls, _ := wrap(text, sz, r.Dx()); len(ls)*lineH(sz) <= r.Dy() {
			lines, size = ls, sz
		}
	}
	if lines == nil {
		lines, _ = wrap(text, size, r.Dx())
		keep := max(1, r.Dy()/lineH(size))
		if len(lines) > keep {
			lines = append(lines[:keep-1], render.Fit(strings.Join(lines[keep-1:], " "), size, r.Dx()))
		}
	}
	lh := lineH(size)
	y := r.Min.Y + (r.Dy()-len(lines)*lh)/2
	var out []render.Label
	for i, l := range lines {
		out = append(out, render.Label{Text: l, Rect: image.Rect(r.Min.X, y+i*lh, r.Max.X, y+(i+1)*lh), Size: size, Ink: in})
	}
	s.Labels = append(s.Labels, out...)
	return out
}

// lineH is the height of a line of text at a size.
func lineH(size render.TextSize) int { return int(render.TextPx[size]) + 3 }

// wrap breaks text into lines at most w pixels wide at a size, at spaces
// (greedily) and, for a word too long for a line, inside it with a hyphen;
// cut tells whether a word was cut.
func wrap(text string, size render.TextSize, w int) (lines []string, cut bool) {
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && render.TextWidth(line+" "+word, size) <= w {
			line += " " + word
			continue
		}
		if line != "" {
			lines = append(lines, line)
			line = ""
		}
		for render.TextWidth(word, size) > w {
			rs := []rune(word)
			k := len(rs) - 1
			for k > 1 && render.TextWidth(string(rs[:k])+"-", size) > w {
				k--
			}
			if k <= 1 {
				break
			}
			lines = append(lines, string(rs[:k])+"-")
			word, cut = string(rs[k:]), true
		}
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, cut
}

// footer is the height of the panel under the table.
func footer(v game.View, names []string) int {
	h := 16 + 2*32 // the last scoring and the decks
	if gameOver(v) {
		h += 80
	} else if v.Pending != nil {
		h += 2 * 34
	}
	return h
}

// footerDraw adds the panel under the table: the winners' banner or the
// pending command, the last turn's scoring, the decks.
func footerDraw(s *render.Scene, v game.View, names []string, r image.Rectangle, l lang.Lang) {
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark, Radius: 12})
	x0, x1 := r.Min.X+16, r.Max.X-16
	y := r.Min.Y + 8
	switch {
	case gameOver(v):
		s.Labels = append(s.Labels, render.Label{Text: render.Fit(winners(v, names, l)+"!", render.Huge, x1-x0-40), Rect: image.Rect(x0, y+4, x1, y+72), Size: render.Huge, Ink: render.Black, Boxed: true, Fill: render.Gold})
		y += 80
	case v.Pending != nil:
		lines, _ := wrap(pendingText(v.Pending, names, l), render.Medium, x1-x0)
		for i, l := range lines {
			if i == 2 {
				break
			}
			s.Labels = append(s.Labels, render.Label{Text: l, Rect: image.Rect(x0, y, x1, y+34), Size: render.Medium, Ink: render.Gold, Align: render.Left})
			y += 34
		}
	}
	last := words.T(l, "no turn scored yet")
	if lt := v.Last; lt != nil {
		last = words.T(l, "%s scored %d IP last turn: %d from tokens, %d from missions", seatName(lt.Seat, names), lt.Tokens+lt.Missions, lt.Tokens, lt.Missions)
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(last, render.Medium, x1-x0), Rect: image.Rect(x0, y, x1, y+32), Size: render.Medium, Ink: render.Cream, Align: render.Left})
	y += 32
	decks := words.T(l, "agent deck %d · mission deck %d · retired: %s, %s", v.AgentDeck, v.MissionDeck,
		words.N(l, len(v.AgentRetired), "%d agent", "%d agents"), words.N(l, len(v.MissionRetired), "%d mission", "%d missions"))
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(decks, render.Small, x1-x0), Rect: image.Rect(x0, y, x1, y+32), Size: render.Small, Ink: render.Mist, Align: render.Left})
}

// Table draws The Agents table for the channel as a PNG. It shows
// only what every player may see, whatever view it is given; its words
// are in l.
func Table(r *render.Renderer, v game.View, names []string, l lang.Lang) ([]byte, error) {
	s, err := TableLayout(v, names, l)
	if err != nil {
		return nil, err
	}
	return r.PNG(s.Scene)
}
