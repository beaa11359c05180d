package theagents

import (
	"fmt"
	"image"
	"strings"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// The Agents hand picture, for a player's direct messages: his IP and what
// he is to do in the bar; the command waiting for his choice, if any (and
// the hand he looks at, for a spy); his agents as tiles, four a row (the
// command in short on the band, the name, the colour of the halves or, for
// a Free Agent, its IP); his missions, one a line (name, condition in
// short, reward).
const (
	handW     = 1000
	handTileW = 228
	handTileH = 188
	handGap   = 14
	handCols  = 4
	handBand  = 70 // the command band, two lines of Medium
	missionH  = 48
	handRows  = 5  // the most rows of agents drawn
	maxListed = 10 // the most missions drawn
)

// commandShort is a command in a few words, in l: "Kill a neighbour".
func commandShort(c game.Command, l lang.Lang) string {
	short, _ := commandWords(c, l)
	return short
}

// commandLower is a command's text to follow a colon, in l: "kill an
// agent in any faction".
func commandLower(c game.Command, l lang.Lang) string {
	_, lower := commandWords(c, l)
	return lower
}

// commandWords are a command in a few words (commandShort) and as text to
// follow a colon (commandLower), in l; a command the words do not know
// reads as the card set writes it.
func commandWords(c game.Command, l lang.Lang) (short, lower string) {
	switch c.Kind {
	case game.Kill:
		short = byScope(c.Scope, words.T(l, "Kill itself"), words.T(l, "Kill a neighbour"), words.T(l, "Kill one in its faction"), words.T(l, "Kill one anywhere"))
		lower = byScope(c.Scope, words.T(l, "kill this agent"), words.T(l, "kill an agent next to this one"),
			words.T(l, "kill another agent of this faction"), words.T(l, "kill an agent in any faction"))
	case game.Extract:
		short = byScope(c.Scope, words.T(l, "Extract itself"), words.T(l, "Extract a neighbour"), words.T(l, "Extract one in its faction"), words.T(l, "Extract one anywhere"))
		lower = byScope(c.Scope, words.T(l, "extract this agent into your hand"), words.T(l, "extract an agent next to this one into your hand"),
			words.T(l, "extract another agent of this faction into your hand"), words.T(l, "extract an agent in any faction into your hand"))
	case game.Turn:
		short = byScope(c.Scope, words.T(l, "Turn itself"), words.T(l, "Turn a neighbour"), words.T(l, "Turn one in its faction"), words.T(l, "Turn one anywhere"))
		lower = byScope(c.Scope, words.T(l, "turn this agent"), words.T(l, "turn an agent next to this one"),
			words.T(l, "turn another agent of this faction"), words.T(l, "turn an agent in any faction"))
	case game.Revive:
		short = byScope(c.Scope, words.T(l, "Revive itself"), words.T(l, "Revive a dead neighbour"), words.T(l, "Revive a dead one in its faction"), words.T(l, "Revive a dead one anywhere"))
		lower = byScope(c.Scope, words.T(l, "revive this agent"), words.T(l, "revive a dead agent next to this one"),
			words.T(l, "revive another agent of this faction"), words.T(l, "revive a dead agent in any faction"))
	case game.Swap: // a scope but these two is any one faction
		short = byScope(c.Scope, "", words.T(l, "Swap its two neighbours"), words.T(l, "Swap two in its faction"), "")
		lower = byScope(c.Scope, "", words.T(l, "swap the two agents on either side of this one"), words.T(l, "swap two other agents of this faction"), "")
		if short == "" {
			return words.T(l, "Swap two in one faction"), words.T(l, "swap two agents of any one faction")
		}
	case game.Draw:
		return words.N(l, c.N, "Draw %d agent", "Draw %d agents"), words.N(l, c.N, "draw %d agent", "draw %d agents")
	case game.DrawMission:
		return words.N(l, c.N, "Draw %d mission", "Draw %d missions"), words.N(l, c.N, "draw %d mission", "draw %d missions")
	case game.Spy:
		return words.T(l, "Take an agent from a hand"), words.T(l, "look at a player's hand and take an agent from it")
	case game.Steal:
		return words.T(l, "Take %d IP from a player", c.N), words.T(l, "take %d IP from a player", c.N)
	}
	if short != "" {
		return short, lower
	}
	t := strings.TrimSuffix(c.Text(), ".")
	if t == "" {
		return c.Text(), string(c.Kind)
	}
	return c.Text(), strings.ToLower(t[:1]) + t[1:]
}

// byScope is the text for scope of a command that reaches self, an
// adjacent agent, one in its faction or one anywhere; "" for another
// scope.
func byScope(scope game.Scope, self, adjacent, inFaction, anywhere string) string {
	switch scope {
	case game.Self:
		return self
	case game.Adjacent:
		return adjacent
	case game.InFaction:
		return inFaction
	case game.Anywhere:
		return anywhere
	}
	return ""
}

// conditionShort is a mission's condition in a few words, as its owner
// reads it, in l: "2+ dead agents".
func conditionShort(c game.Condition, l lang.Lang) string {
	switch c.Kind {
	case game.CondDead:
		return words.T(l, "%d+ dead agents", c.N)
	case game.CondNoDead:
		return words.T(l, "%d+ agents, none dead", c.N)
	case game.CondFull:
		return words.T(l, "the faction is full")
	case game.CondColourTokens:
		if c.Colour == game.Black {
			return words.T(l, "%d+ black tokens for you", c.N)
		}
		return words.T(l, "%d+ white tokens for you", c.N)
	case game.CondMixedTokens:
		return words.T(l, "%d+ mixed token for you", c.N)
	case game.CondTokens:
		return words.T(l, "%d+ tokens for you", c.N)
	case game.CondFacing:
		return words.T(l, "%d+ commands face you", c.N)
	case game.CondAway:
		return words.T(l, "%d+ commands face the other", c.N)
	case game.CondLoyal:
		return words.T(l, "%d+ agents, alive, all face you", c.N)
	case game.CondMoreTokens:
		return words.T(l, "more token IP than the other")
	case game.CondEnds:
		return words.T(l, "both ends command you")
	case game.CondAlone:
		return words.N(l, c.N, "exactly %d agent", "exactly %d agents")
	case game.CondDeadDrop:
		return words.T(l, "a dead agent by the Safe-House")
	}
	return strings.TrimSuffix(c.Text(), ".")
}

// flags lists what bends an agent's rules, in l: "mercenary", "any
// faction".
func flags(a game.Agent, l lang.Lang) []string {
	var out []string
	if a.Mercenary {
		out = append(out, words.T(l, "mercenary"))
	}
	if a.InsertAnywhere {
		out = append(out, words.T(l, "insert anywhere"))
	}
	if a.AnyFaction {
		out = append(out, words.T(l, "any faction"))
	}
	return out
}

// colourWord is a token colour in l: "white", "black".
func colourWord(c game.Colour, l lang.Lang) string {
	switch c {
	case game.White:
		return words.T(l, "white")
	case game.Black:
		return words.T(l, "black")
	}
	return words.T(l, "mixed")
}

// HandLayout lays out a player's own picture: IP, the choice
// waiting for him, his agents and his missions. It refuses the spectator's
// view, which has no hand. Its words are in l.
func HandLayout(v game.View, names []string, l lang.Lang) (*Scene, error) {
	if err := handCheck(v); err != nil {
		return nil, err
	}
	nm := seatNames(names, v.Players, l)
	me := v.Viewer

	mine := v.Pending != nil && v.Pending.Performer == me && !gameOver(v)
	pendH := 0
	if v.Pending != nil && !gameOver(v) {
		pendH = 2*34 + 16 + 12
		if mine && len(v.Pending.VictimHand) > 0 {
			pendH += 34
		}
	}
	hand := v.Hand
	more := 0
	if len(hand) > handRows*handCols {
		more = len(hand) - (handRows*handCols - 1)
		hand = hand[:handRows*handCols-1]
	}
	rows := max(1, (len(hand)+min(more, 1)+handCols-1)/handCols)
	all, placed := handMissionList(v)
	listed := all
	if len(listed) > maxListed {
		listed = listed[:maxListed]
	}
	h := render.HeaderH + 12 + pendH + 40 + rows*(handTileH+handGap) + 40 + max(1, len(listed))*(missionH+8) + 8
	ts := &Scene{Scene: &render.Scene{W: handW, H: h, Background: render.Felt}}
	s := ts.Scene

	handBar(s, v, nm, mine, l)
	y := render.HeaderH + 12
	if pendH > 0 {
		handPending(s, v.Pending, nm, mine, image.Rect(pad, y, handW-pad, y+pendH-12), l)
		y += pendH
	}
	handAgents(ts, len(v.Hand), hand, more, y, l)
	y += 40 + rows*(handTileH+handGap)
	handMissions(s, len(v.Missions), len(placed), len(all), listed, y, l)
	return ts, nil
}

// handCheck checks that a view is a player's, with known cards in hand.
func handCheck(v game.View) error {
	if v.Viewer < 0 || int(v.Viewer) >= v.Players {
		return fmt.Errorf("render: a The Agents hand needs a player's view, not the spectator's")
	}
	if err := check(v); err != nil {
		return err
	}
	for _, c := range v.Hand {
		if _, ok := game.AgentByKey(c.Agent); !ok {
			return fmt.Errorf("render: no agent %q", c.Agent)
		}
	}
	for _, m := range v.Missions {
		if _, ok := game.MissionByKey(m.Mission); !ok {
			return fmt.Errorf("render: no mission %q", m.Mission)
		}
	}
	return nil
}

// listedMission is a mission of the viewer's as the hand picture lists it.
type listedMission struct {
	key, on string // on: the faction's letter, "" in hand
	met     bool
}

// handMissionList lists the viewer's missions, those in hand then those
// on the table (placed).
func handMissionList(v game.View) (all, placed []listedMission) {
	for _, m := range v.Missions {
		all = append(all, listedMission{key: m.Mission})
	}
	for _, f := range v.Factions {
		for _, a := range f.Missions {
			if a.Owner == v.Viewer {
				mi, _ := game.MissionByKey(a.Mission)
				placed = append(placed, listedMission{key: a.Mission, on: f.Name, met: f.Holds(mi.Condition, v.Viewer)})
			}
		}
	}
	return append(all, placed...), placed
}

// handBar adds the hand's status bar: the player, his IP and what he is
// to do.
func handBar(s *render.Scene, v game.View, nm []string, mine bool, l lang.Lang) {
	me := v.Viewer
	doing := doingLine(v, nm, l)
	switch {
	case gameOver(v):
	case mine:
		doing = words.T(l, "your choice: %s", agentName(v.Pending.Agent))
	case v.Pending == nil && v.Turn == me:
		doing = words.T(l, "your turn · %s", actions(v.ActionsLeft, l))
	}
	ip := words.T(l, "%d IP (income +%d)", valueAt(v.IP, int(me)), valueAt(v.Income, int(me)))
	render.StatusBar(s, handW, render.FeltDark, render.Cream, [][2]string{
		{render.Dot(nm[me], ip), doing},
		{render.Dot(nm[me], fmt.Sprintf("%d IP", valueAt(v.IP, int(me)))), doing},
		{fmt.Sprintf("%d IP", valueAt(v.IP, int(me))), doing},
	})
}

// handPending adds the command waiting for a choice in r: ringed in gold
// when the choice is the viewer's (mine), with the hand a spy looks at.
func handPending(s *render.Scene, p *game.PendingView, nm []string, mine bool, r image.Rectangle, l lang.Lang) {
	fill, in := render.FeltDark, render.Cream
	if mine {
		s.Boxes = append(s.Boxes, render.Box{Rect: r.Inset(-3), Fill: render.Gold, Radius: 14})
		in = render.Gold
	}
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: fill, Radius: 12})
	text := pendingText(p, nm, l)
	if mine {
		text = yourChoice(p, nm, l)
	}
	ly := r.Min.Y + 8
	lines, _ := wrap(text, render.Medium, r.Dx()-32)
	for i, l := range lines {
		if i == 2 {
			break
		}
		s.Labels = append(s.Labels, render.Label{Text: l, Rect: image.Rect(r.Min.X+16, ly, r.Max.X-16, ly+34), Size: render.Medium, Ink: in, Align: render.Left})
		ly += 34
	}
	if mine && len(p.VictimHand) > 0 {
		var ks []string
		for _, c := range p.VictimHand {
			ks = append(ks, agentName(c.Agent))
		}
		hand := words.T(l, "their hand: %s", strings.Join(ks, " · "))
		if p.Victim != nil {
			hand = words.T(l, "%s's hand: %s", seatName(*p.Victim, nm), strings.Join(ks, " · "))
		}
		line := render.Fit(hand, render.Medium, r.Dx()-32)
		s.Labels = append(s.Labels, render.Label{Text: line, Rect: image.Rect(r.Min.X+16, ly, r.Max.X-16, ly+34), Size: render.Medium, Ink: render.Cream, Align: render.Left})
	}
}

// handAgents adds the agents in hand from y: a heading counting held,
// the tiles of hand (those shown), and a count of more not shown.
func handAgents(ts *Scene, held int, hand []game.AgentCard, more, y int, l lang.Lang) {
	s := ts.Scene
	x0, x1 := pad, handW-pad
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "your agents (%d)", held), Rect: image.Rect(x0, y, x1, y+34), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	y += 40
	if held == 0 {
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "no agents in hand"), Rect: image.Rect(x0, y, x1, y+handTileH), Size: render.Large, Ink: render.Mist})
	}
	for i, c := range hand {
		x := x0 + (i%handCols)*(handTileW+handGap) + 12
		ty := y + (i/handCols)*(handTileH+handGap)
		r := image.Rect(x, ty, x+handTileW, ty+handTileH)
		a, _ := game.AgentByKey(c.Agent)
		ts.Tiles = append(ts.Tiles, Tile{Place: "hand", Key: a.Key, Free: a.Free, Toward: -1, Rect: r})
		handTile(s, a, r, l)
	}
	if more > 0 {
		i := len(hand)
		x := x0 + (i%handCols)*(handTileW+handGap) + 12
		ty := y + (i/handCols)*(handTileH+handGap)
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "+%d more", more), Rect: image.Rect(x, ty, x+handTileW, ty+handTileH), Size: render.Large, Ink: render.Cream})
	}
}

// handMissions adds the missions from y, in hand and on the table: a
// heading with the counts, then a line each of listed (of all), the last
// counting those left out.
func handMissions(s *render.Scene, inHand, placed, all int, listed []listedMission, y int, l lang.Lang) {
	x0, x1 := pad, handW-pad
	s.Labels = append(s.Labels, render.Label{Text: words.T(l, "your missions (%d in hand, %d on the table)", inHand, placed),
		Rect: image.Rect(x0, y, x1, y+34), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	y += 40
	if len(listed) == 0 {
		s.Labels = append(s.Labels, render.Label{Text: words.T(l, "none"), Rect: image.Rect(x0+16, y, x1, y+missionH), Size: render.Medium, Ink: render.Mist, Align: render.Left})
	}
	for i, ml := range listed {
		m, _ := game.MissionByKey(ml.key)
		r := image.Rect(x0, y, x1, y+missionH)
		s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.FeltDark, Radius: 10})
		reward := fmt.Sprintf("+%d IP", m.Reward)
		if i == maxListed-1 && all > maxListed {
			reward = words.T(l, "+%d more", all-maxListed+1)
		}
		rw := render.TextWidth(reward, render.Medium) + 2*render.LabelPad
		where, in := words.T(l, "in hand"), render.Mist
		if ml.on != "" {
			where, in = words.T(l, "on %s", ml.on), render.Cream
			if ml.met {
				where, in = words.T(l, "on %s: met", ml.on), render.Gold
			}
		}
		ww := 150
		whereSize := render.Medium
		if render.TextWidth(where, whereSize) > ww {
			whereSize = render.Small
		}
		cx := r.Min.X + 300
		s.Labels = append(s.Labels,
			render.Label{Text: render.Fit(m.Name, render.Large, cx-r.Min.X-24), Rect: image.Rect(r.Min.X+16, y, cx, y+missionH), Size: render.Large, Ink: render.Cream, Align: render.Left},
			render.Label{Text: render.Fit(conditionShort(m.Condition, l), render.Medium, r.Max.X-rw-24-ww-cx-8), Rect: image.Rect(cx, y, r.Max.X-rw-24-ww, y+missionH), Size: render.Medium, Ink: render.Mist, Align: render.Left},
			render.Label{Text: render.Fit(where, whereSize, ww), Rect: image.Rect(r.Max.X-rw-24-ww, y, r.Max.X-rw-24, y+missionH), Size: whereSize, Ink: in, Align: render.Right},
			render.Label{Text: reward, Rect: image.Rect(r.Max.X-12-rw, y+8, r.Max.X-12, y+missionH-8), Size: render.Medium, Ink: render.Black, Boxed: true, Fill: render.Gold})
		y += missionH + 8
	}
}

// yourChoice tells a performer what to choose: "Choose for Ann's Sniper
// (A3): kill another agent of this faction", in l.
func yourChoice(p *game.PendingView, names []string, l lang.Lang) string {
	what := pendingWhat(p, names, l)
	if p.Owner != p.Performer {
		return words.T(l, "Choose for %s's %s: %s", seatName(p.Owner, names), what, commandLower(p.Command, l))
	}
	return words.T(l, "Choose for your %s: %s", what, commandLower(p.Command, l))
}

// handTile draws an agent in hand: the command on its band, the name,
// and at the foot the halves' colour, or a Free Agent's IP.
func handTile(s *render.Scene, a game.Agent, r image.Rectangle, l lang.Lang) {
	col := colour(a.Colour)
	if a.Free {
		col = render.Cream
	}
	foot := image.Rect(r.Min.X+10, r.Max.Y-36, r.Max.X-10, r.Max.Y-4)
	if !a.Free {
		cy := r.Max.Y - tokenY
		for _, cx := range []int{r.Min.X, r.Max.X} {
			disc(s, cx, cy, halfD+4, render.Edge)
			disc(s, cx, cy, halfD, col)
		}
	}
	s.Boxes = append(s.Boxes, render.Box{Rect: r, Fill: render.Edge, Radius: 10})
	body := r.Inset(2)
	band := image.Rect(body.Min.X, body.Min.Y, body.Max.X, r.Min.Y+handBand)
	s.Boxes = append(s.Boxes,
		render.Box{Rect: body, Fill: col, Radius: 8},
		render.Box{Rect: band, Fill: render.BackBlue, Radius: 8},
		render.Box{Rect: image.Rect(band.Min.X, band.Max.Y-10, band.Max.X, band.Max.Y), Fill: render.BackBlue})
	wrapLabels(s, commandShort(a.Command, l), band.Inset(4), render.Paper, render.Medium, render.Small)
	wrapLabels(s, a.Name, image.Rect(body.Min.X+10, band.Max.Y+2, body.Max.X-10, foot.Min.Y), ink(col), render.Large, render.Medium, render.Small)
	tags := flags(a, l)
	if a.Free {
		coin := fmt.Sprintf("%d IP", a.IP)
		w := render.TextWidth(coin, render.Small) + 2*render.LabelPad
		s.Labels = append(s.Labels, render.Label{Text: coin, Rect: image.Rect(foot.Max.X-w, foot.Min.Y, foot.Max.X, foot.Max.Y), Size: render.Small, Ink: render.Black, Boxed: true, Fill: render.Gold})
		foot.Max.X -= w + 6
		tags = append([]string{words.T(l, "free agent")}, tags...)
	} else {
		tags = append([]string{colourWord(a.Colour, l)}, tags...)
	}
	s.Labels = append(s.Labels, render.Label{Text: render.Fit(strings.Join(tags, " · "), render.Small, foot.Dx()), Rect: foot, Size: render.Small, Ink: ink(col), Align: render.Left})
}

// Hand draws a player's hand, missions, IP and the choice waiting
// for him as a PNG for his direct messages. The spectator's view is
// refused. Its words are in l.
func Hand(r *render.Renderer, v game.View, names []string, l lang.Lang) ([]byte, error) {
	s, err := HandLayout(v, names, l)
	if err != nil {
		return nil, err
	}
	return r.PNG(s.Scene)
}
