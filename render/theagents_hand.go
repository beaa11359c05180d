package render

import (
	"fmt"
	"image"
	"strings"

	"github.com/dealer/dealer/games/theagents"
)

// The Agents hand picture, for a player's direct messages: his IP and what
// he is to do in the bar; the command waiting for his choice, if any (and
// the hand he looks at, for a spy); his agents as tiles, four a row (the
// command in short on the band, the name, the colour of the halves or, for
// a Free Agent, its IP); his missions, one a line (name, condition in
// short, reward).
const (
	taHandW     = 1000
	taHandTileW = 228
	taHandTileH = 188
	taHandGap   = 14
	taHandCols  = 4
	taHandBand  = 70 // the command band, two lines of Medium
	taMissionH  = 48
	taHandRows  = 5  // the most rows of agents drawn
	taMaxListed = 10 // the most missions drawn
)

// taWhere says where a command reaches, in a few words.
var taWhere = map[theagents.Scope]string{
	theagents.Self:      "itself",
	theagents.Adjacent:  "a neighbour",
	theagents.InFaction: "one in its faction",
	theagents.Anywhere:  "one anywhere",
}

// taCommandShort is a command in a few words: "Kill a neighbour".
func taCommandShort(c theagents.Command) string {
	where := taWhere[c.Scope]
	switch c.Kind {
	case theagents.Kill:
		return "Kill " + where
	case theagents.Extract:
		return "Extract " + where
	case theagents.Turn:
		return "Turn " + where
	case theagents.Revive:
		return "Revive " + strings.NewReplacer("a neighbour", "a dead neighbour", "one ", "a dead one ").Replace(where)
	case theagents.Swap:
		switch c.Scope {
		case theagents.Adjacent:
			return "Swap its two neighbours"
		case theagents.InFaction:
			return "Swap two in its faction"
		}
		return "Swap two in one faction"
	case theagents.Draw:
		return "Draw " + Plural(c.N, "agent")
	case theagents.DrawMission:
		return "Draw " + Plural(c.N, "mission")
	case theagents.Spy:
		return "Take an agent from a hand"
	case theagents.Steal:
		return fmt.Sprintf("Take %d IP from a player", c.N)
	}
	return c.Text()
}

// taConditionShort is a mission's condition in a few words, as its owner
// reads it: "2+ dead agents".
func taConditionShort(c theagents.Condition) string {
	switch c.Kind {
	case theagents.CondDead:
		return fmt.Sprintf("%d+ dead agents", c.N)
	case theagents.CondNoDead:
		return fmt.Sprintf("%d+ agents, none dead", c.N)
	case theagents.CondFull:
		return "the faction is full"
	case theagents.CondColourTokens:
		return fmt.Sprintf("%d+ %s tokens for you", c.N, c.Colour)
	case theagents.CondMixedTokens:
		return fmt.Sprintf("%d+ mixed token for you", c.N)
	case theagents.CondTokens:
		return fmt.Sprintf("%d+ tokens for you", c.N)
	case theagents.CondFacing:
		return fmt.Sprintf("%d+ commands face you", c.N)
	case theagents.CondAway:
		return fmt.Sprintf("%d+ commands face the other", c.N)
	case theagents.CondLoyal:
		return fmt.Sprintf("%d+ agents, alive, all face you", c.N)
	case theagents.CondMoreTokens:
		return "more token IP than the other"
	case theagents.CondEnds:
		return "both ends command you"
	case theagents.CondAlone:
		return fmt.Sprintf("exactly %s", Plural(c.N, "agent"))
	case theagents.CondDeadDrop:
		return "a dead agent by the Safe-House"
	}
	return strings.TrimSuffix(c.Text(), ".")
}

// taFlags lists what bends an agent's rules: "mercenary", "any faction".
func taFlags(a theagents.Agent) []string {
	var out []string
	if a.Mercenary {
		out = append(out, "mercenary")
	}
	if a.InsertAnywhere {
		out = append(out, "insert anywhere")
	}
	if a.AnyFaction {
		out = append(out, "any faction")
	}
	return out
}

// TheAgentsHandLayout lays out a player's own picture: IP, the choice
// waiting for him, his agents and his missions. It refuses the spectator's
// view, which has no hand.
func TheAgentsHandLayout(v theagents.View, names []string) (*TheAgentsScene, error) {
	if v.Viewer < 0 || int(v.Viewer) >= v.Players {
		return nil, fmt.Errorf("render: a The Agents hand needs a player's view, not the spectator's")
	}
	if err := taCheck(v); err != nil {
		return nil, err
	}
	for _, c := range v.Hand {
		if _, ok := theagents.AgentByKey(c.Agent); !ok {
			return nil, fmt.Errorf("render: no agent %q", c.Agent)
		}
	}
	for _, m := range v.Missions {
		if _, ok := theagents.MissionByKey(m.Mission); !ok {
			return nil, fmt.Errorf("render: no mission %q", m.Mission)
		}
	}
	nm := taNames(names, v.Players)
	me := v.Viewer

	mine := v.Pending != nil && v.Pending.Performer == me && !taOver(v)
	pendH := 0
	if v.Pending != nil && !taOver(v) {
		pendH = 2*34 + 16 + 12
		if mine && len(v.Pending.VictimHand) > 0 {
			pendH += 34
		}
	}
	hand := v.Hand
	more := 0
	if len(hand) > taHandRows*taHandCols {
		more = len(hand) - (taHandRows*taHandCols - 1)
		hand = hand[:taHandRows*taHandCols-1]
	}
	rows := max(1, (len(hand)+min(more, 1)+taHandCols-1)/taHandCols)
	// the missions: those in hand, then those on the table
	type listedMission struct {
		key, on string // on: the faction's letter, "" in hand
		met     bool
	}
	var all, placed []listedMission
	for _, m := range v.Missions {
		all = append(all, listedMission{key: m.Mission})
	}
	for _, f := range v.Factions {
		for _, a := range f.Missions {
			if a.Owner == me {
				mi, _ := theagents.MissionByKey(a.Mission)
				placed = append(placed, listedMission{key: a.Mission, on: f.Name, met: f.Holds(mi.Condition, me)})
			}
		}
	}
	all = append(all, placed...)
	listed := all
	if len(listed) > taMaxListed {
		listed = listed[:taMaxListed]
	}
	h := HeaderH + 12 + pendH + 40 + rows*(taHandTileH+taHandGap) + 40 + max(1, len(listed))*(taMissionH+8) + 8
	ts := &TheAgentsScene{Scene: &Scene{W: taHandW, H: h, Background: Felt}}
	s := ts.Scene

	doing := taDoing(v, nm)
	switch {
	case taOver(v):
	case mine:
		doing = "your choice: " + taAgentName(v.Pending.Agent)
	case v.Pending == nil && v.Turn == me:
		doing = "your turn · " + taActions(v.ActionsLeft)
	}
	ip := fmt.Sprintf("%d IP (income +%d)", taAt(v.IP, int(me)), taAt(v.Income, int(me)))
	StatusBar(s, taHandW, FeltDark, Cream, [][2]string{
		{Dot(nm[me], ip), doing},
		{Dot(nm[me], fmt.Sprintf("%d IP", taAt(v.IP, int(me)))), doing},
		{fmt.Sprintf("%d IP", taAt(v.IP, int(me))), doing},
	})
	y := HeaderH + 12
	x0, x1 := taPad, taHandW-taPad

	// the command waiting for a choice
	if pendH > 0 {
		r := image.Rect(x0, y, x1, y+pendH-12)
		fill, in := FeltDark, Cream
		if mine {
			s.Boxes = append(s.Boxes, Box{Rect: r.Inset(-3), Fill: Gold, Radius: 14})
			in = Gold
		}
		s.Boxes = append(s.Boxes, Box{Rect: r, Fill: fill, Radius: 12})
		text := taPendingText(v.Pending, nm)
		if mine {
			text = taYourChoice(v.Pending, nm)
		}
		ly := r.Min.Y + 8
		lines, _ := taWrap(text, Medium, r.Dx()-32)
		for i, l := range lines {
			if i == 2 {
				break
			}
			s.Labels = append(s.Labels, Label{Text: l, Rect: image.Rect(r.Min.X+16, ly, r.Max.X-16, ly+34), Size: Medium, Ink: in, Align: Left})
			ly += 34
		}
		if mine && len(v.Pending.VictimHand) > 0 {
			var ks []string
			for _, c := range v.Pending.VictimHand {
				ks = append(ks, taAgentName(c.Agent))
			}
			who := "their"
			if p := v.Pending.Victim; p != nil {
				who = taSeatName(*p, nm) + "'s"
			}
			line := Fit(who+" hand: "+strings.Join(ks, " · "), Medium, r.Dx()-32)
			s.Labels = append(s.Labels, Label{Text: line, Rect: image.Rect(r.Min.X+16, ly, r.Max.X-16, ly+34), Size: Medium, Ink: Cream, Align: Left})
		}
		y += pendH
	}

	// the agents
	s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("your agents (%d)", len(v.Hand)), Rect: image.Rect(x0, y, x1, y+34), Size: Medium, Ink: Mist, Align: Left})
	y += 40
	if len(v.Hand) == 0 {
		s.Labels = append(s.Labels, Label{Text: "no agents in hand", Rect: image.Rect(x0, y, x1, y+taHandTileH), Size: Large, Ink: Mist})
	}
	for i, c := range hand {
		x := x0 + (i%taHandCols)*(taHandTileW+taHandGap) + 12
		ty := y + (i/taHandCols)*(taHandTileH+taHandGap)
		r := image.Rect(x, ty, x+taHandTileW, ty+taHandTileH)
		a, _ := theagents.AgentByKey(c.Agent)
		ts.Tiles = append(ts.Tiles, TheAgentsTile{Place: "hand", Key: a.Key, Free: a.Free, Toward: -1, Rect: r})
		taHandTile(s, a, r)
	}
	if more > 0 {
		i := len(hand)
		x := x0 + (i%taHandCols)*(taHandTileW+taHandGap) + 12
		ty := y + (i/taHandCols)*(taHandTileH+taHandGap)
		s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("+%d more", more), Rect: image.Rect(x, ty, x+taHandTileW, ty+taHandTileH), Size: Large, Ink: Cream})
	}
	y += rows * (taHandTileH + taHandGap)

	// the missions, in hand and on the table
	s.Labels = append(s.Labels, Label{Text: fmt.Sprintf("your missions (%d in hand, %d on the table)", len(v.Missions), len(placed)),
		Rect: image.Rect(x0, y, x1, y+34), Size: Medium, Ink: Mist, Align: Left})
	y += 40
	if len(listed) == 0 {
		s.Labels = append(s.Labels, Label{Text: "none", Rect: image.Rect(x0+16, y, x1, y+taMissionH), Size: Medium, Ink: Mist, Align: Left})
	}
	for i, ml := range listed {
		m, _ := theagents.MissionByKey(ml.key)
		r := image.Rect(x0, y, x1, y+taMissionH)
		s.Boxes = append(s.Boxes, Box{Rect: r, Fill: FeltDark, Radius: 10})
		reward := fmt.Sprintf("+%d IP", m.Reward)
		if i == taMaxListed-1 && len(all) > taMaxListed {
			reward = fmt.Sprintf("+%d more", len(all)-taMaxListed+1)
		}
		rw := TextWidth(reward, Medium) + 2*LabelPad
		where, in := "in hand", Mist
		if ml.on != "" {
			where, in = "on "+ml.on, Cream
			if ml.met {
				where, in = "on "+ml.on+": met", Gold
			}
		}
		ww := 150
		cx := r.Min.X + 300
		s.Labels = append(s.Labels,
			Label{Text: Fit(m.Name, Large, cx-r.Min.X-24), Rect: image.Rect(r.Min.X+16, y, cx, y+taMissionH), Size: Large, Ink: Cream, Align: Left},
			Label{Text: Fit(taConditionShort(m.Condition), Medium, r.Max.X-rw-24-ww-cx-8), Rect: image.Rect(cx, y, r.Max.X-rw-24-ww, y+taMissionH), Size: Medium, Ink: Mist, Align: Left},
			Label{Text: where, Rect: image.Rect(r.Max.X-rw-24-ww, y, r.Max.X-rw-24, y+taMissionH), Size: Medium, Ink: in, Align: Right},
			Label{Text: reward, Rect: image.Rect(r.Max.X-12-rw, y+8, r.Max.X-12, y+taMissionH-8), Size: Medium, Ink: Black, Boxed: true, Fill: Gold})
		y += taMissionH + 8
	}
	return ts, nil
}

// taYourChoice tells a performer what to choose: "Choose for Ann's Sniper
// (A3): kill another agent of this faction".
func taYourChoice(p *theagents.PendingView, names []string) string {
	what := taAgentName(p.Agent)
	if p.At != "" {
		what += " (" + p.At + ")"
	}
	if p.Free {
		what += fmt.Sprintf(", Free Agent paying %d IP to %s", p.IP, taSeatName(*p.IPTo, names))
	}
	owner := "your "
	if p.Owner != p.Performer {
		owner = taSeatName(p.Owner, names) + "'s "
	}
	return "Choose for " + owner + what + ": " + taCommandLower(p.Command)
}

// taHandTile draws an agent in hand: the command on its band, the name,
// and at the foot the halves' colour, or a Free Agent's IP.
func taHandTile(s *Scene, a theagents.Agent, r image.Rectangle) {
	col := taColour(a.Colour)
	if a.Free {
		col = Cream
	}
	foot := image.Rect(r.Min.X+10, r.Max.Y-36, r.Max.X-10, r.Max.Y-4)
	if !a.Free {
		cy := r.Max.Y - taTokenY
		for _, cx := range []int{r.Min.X, r.Max.X} {
			taDisc(s, cx, cy, taHalfD+4, Edge)
			taDisc(s, cx, cy, taHalfD, col)
		}
	}
	s.Boxes = append(s.Boxes, Box{Rect: r, Fill: Edge, Radius: 10})
	body := r.Inset(2)
	Band := image.Rect(body.Min.X, body.Min.Y, body.Max.X, r.Min.Y+taHandBand)
	s.Boxes = append(s.Boxes,
		Box{Rect: body, Fill: col, Radius: 8},
		Box{Rect: Band, Fill: BackBlue, Radius: 8},
		Box{Rect: image.Rect(Band.Min.X, Band.Max.Y-10, Band.Max.X, Band.Max.Y), Fill: BackBlue})
	taLines(s, taCommandShort(a.Command), Band.Inset(4), Paper, Medium, Small)
	taLines(s, a.Name, image.Rect(body.Min.X+10, Band.Max.Y+2, body.Max.X-10, foot.Min.Y), taInk(col), Large, Medium, Small)
	words := taFlags(a)
	if a.Free {
		coin := fmt.Sprintf("%d IP", a.IP)
		w := TextWidth(coin, Small) + 2*LabelPad
		s.Labels = append(s.Labels, Label{Text: coin, Rect: image.Rect(foot.Max.X-w, foot.Min.Y, foot.Max.X, foot.Max.Y), Size: Small, Ink: Black, Boxed: true, Fill: Gold})
		foot.Max.X -= w + 6
		words = append([]string{"free agent"}, words...)
	} else {
		words = append([]string{string(a.Colour)}, words...)
	}
	s.Labels = append(s.Labels, Label{Text: Fit(strings.Join(words, " · "), Small, foot.Dx()), Rect: foot, Size: Small, Ink: taInk(col), Align: Left})
}

// TheAgentsHand draws a player's hand, missions, IP and the choice waiting
// for him as a PNG for his direct messages. The spectator's view is
// refused.
func (r *Renderer) TheAgentsHand(v theagents.View, names []string) ([]byte, error) {
	s, err := TheAgentsHandLayout(v, names)
	if err != nil {
		return nil, err
	}
	return r.PNG(s.Scene)
}
