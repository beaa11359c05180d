package theagents

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Text shows The Agents table as text for a terminal: the round,
// the goal and who is to act; a line a player (seat number as the moves
// write it, IP, income, cards in hand; > marks the seat the game waits
// on); each faction with a line a card (its place, the agent, whom its
// command faces and whom its halves face, or dead), its complete tokens and
// missions; the command waiting for a choice; the last turn's scoring and
// the decks; then, for a player's view, his agents and missions (keys as
// the moves write them) and his choice. names are the seats' names
// (missing ones are "Seat N"). With color, dead agents and the waiting
// mark are printed in ANSI red.
//
//	The Agents · round 3 · goal 40 IP · Ann to choose: Sniper
//	> 0 Ann     12 IP  income +2   2 agents   1 mission   to choose
//	  1 Bob     17 IP  income +3   3 agents   0 missions  1 action left
//	  2 Carol    9 IP  income +2   1 agent    2 missions
//	Faction A: Ann (0) and Bob (1) · 4 of 5 agents
//	  A1   Sniper             cmd → Ann    black → Bob  < waiting
//	  A2   Safe-House         Bakery: white → Ann, black → Bob
//	  A3   Mole               cmd → Ann    white → Bob
//	  A4   Turncoat           dead
//	  A5   Interrogator       cmd → Bob    white → Ann
//	  tokens: A1-A2 black 2 IP → Bob · A2-A3 mixed 1 IP → Bob
//	  missions: Graveyard Shift (Ann, +2) · Grey Zone (Bob, +1, met)
//	…
//	waiting: Ann chooses for Bob's Sniper (A1): kill another agent of this faction
//	your agents:
//	  hitman           Hitman             free, 2 IP  Kill one anywhere
//	your missions:
//	  graveyard        Graveyard Shift    +2 IP  2+ dead agents, on A
func Text(v game.View, names []string, color bool) string {
	return text(v, names, color, lang.English)
}

// text is Text in l: the words of the description of a picture.
func text(v game.View, names []string, color bool, l lang.Lang) string {
	if err := taCheck(v); err != nil {
		return err.Error() + "\n"
	}
	red := func(s string) string {
		if color {
			return render.ANSIRed + s + render.ANSIReset
		}
		return s
	}
	nm := taNames(names, v.Players, l)
	var b strings.Builder
	round := T(l, "round %d", taRound(v))
	if v.Ending && !taOver(v) {
		round = T(l, "final round")
	}
	b.WriteString(strings.Join([]string{"The Agents", round, T(l, "goal %d IP", v.Goal), taDoingText(v, nm, l)}, " · ") + "\n")

	w := 0
	for _, n := range nm {
		w = max(w, len([]rune(n)))
	}
	taTextPlayers(&b, v, nm, w, red, l)
	for _, f := range v.Factions {
		taTextFaction(&b, v, f, nm, w, red, l)
	}

	if taOver(v) {
		b.WriteString(taWinners(v, nm, l) + "\n")
	} else if p := v.Pending; p != nil {
		b.WriteString(T(l, "waiting: %s", taPendingText(p, nm, l)) + "\n")
	}
	if lt := v.Last; lt != nil {
		b.WriteString(T(l, "last turn: %s scored %d IP (%d from tokens, %d from missions)", taSeatName(lt.Seat, nm), lt.Tokens+lt.Missions, lt.Tokens, lt.Missions) + "\n")
	}
	b.WriteString(T(l, "decks: %d agents, %d missions · retired: %s, %s", v.AgentDeck, v.MissionDeck,
		N(l, len(v.AgentRetired), "%d agent", "%d agents"), N(l, len(v.MissionRetired), "%d mission", "%d missions")) + "\n")

	if me := v.Viewer; me >= 0 && int(me) < v.Players {
		taTextOwn(&b, v, nm, l)
	}
	return render.TermLines(taFit(b.String()))
}

// taTextWidth is the terminal's width: Text breaks longer lines.
const taTextWidth = 80

// taFit breaks every line of text longer than taTextWidth at spaces, its
// continuation lines indented under the line's start.
func taFit(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lead := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = render.TermWrap(l, taTextWidth, strings.Repeat(" ", lead+4))
	}
	return strings.Join(lines, "\n")
}

// taJoin writes items after head, separated by " · ", breaking lines
// between items (never inside one) to stay within taTextWidth; the lines
// after the first start with indent.
func taJoin(head string, items []string, indent string) string {
	var b strings.Builder
	line := head
	for i, it := range items {
		sep := " · "
		if i == 0 {
			sep = ""
		}
		if i > 0 && render.TermWidth(line+sep+it) > taTextWidth {
			b.WriteString(line + "\n")
			line, sep = indent, "· "
		}
		line += sep + it
	}
	return b.String() + line + "\n"
}

// taTextPlayers writes a line a player: seat, name (padded to w), IP,
// income, cards in hand, his part in the turn; red marks the seat the game
// waits on.
func taTextPlayers(b *strings.Builder, v game.View, nm []string, w int, red func(string) string, l lang.Lang) {
	for s := range v.Players {
		seat := games.Seat(s)
		mark := "  "
		if taWaitsOn(v) == seat {
			mark = red(">") + " "
		}
		line := fmt.Sprintf("%s%d %s  %3d IP  %s  %s  %s", mark, s, render.TermPad(nm[s], w), taAt(v.IP, s), T(l, "income +%-2d", taAt(v.Income, s)),
			render.TermPad(N(l, taAt(v.HandSizes, s), "%d agent", "%d agents"), 9), render.TermPad(N(l, taAt(v.MissionCounts, s), "%d mission", "%d missions"), 10))
		switch {
		case taOver(v):
			for _, win := range v.Winners {
				if win == seat {
					line += "  " + T(l, "winner")
				}
			}
		case v.Pending != nil && v.Pending.Performer == seat:
			line += "  " + T(l, "to choose")
		case v.Turn == seat:
			line += "  " + taActions(v.ActionsLeft, l)
		}
		b.WriteString(line + "\n")
	}
}

// taTextFaction writes a faction: its players, a line a card, its complete
// tokens and its missions.
func taTextFaction(b *strings.Builder, v game.View, f game.FactionView, nm []string, w int, red func(string) string, l lang.Lang) {
	top, bottom := f.Players[0], f.Players[1]
	b.WriteString(T(l, "Faction %s: %s (%d) and %s (%d) · %d of %d agents", f.Name, taSeatName(top, nm), top,
		taSeatName(bottom, nm), bottom, f.Agents(), f.Limit) + "\n")
	for k, c := range f.Cards {
		place := fmt.Sprintf("%s%d", f.Name, k+1)
		var line string
		switch {
		case c.SafeHouse:
			line = fmt.Sprintf("  %-4s %-18s %s", place, T(l, "Safe-House"), T(l, "%s: white → %s, black → %s", taSafeHouse(c.ID),
				taSeatName(top, nm), taSeatName(bottom, nm)))
		case c.Dead:
			line = fmt.Sprintf("  %-4s %-18s %s", place, taAgentName(c.Agent), red(T(l, "dead")))
		default:
			line = fmt.Sprintf("  %-4s %-18s %s", place, taAgentName(c.Agent), T(l, "cmd → %s  %s → %s",
				render.TermPad(taSeatName(c.Cmd, nm), w), taColourWord(c.Colour, l), taSeatName(f.Other(c.Cmd), nm)))
		}
		if p := v.Pending; p != nil && p.At == place {
			line += "  " + red(T(l, "< waiting"))
		}
		b.WriteString(line + "\n")
	}
	if len(f.Tokens) > 0 {
		var ts []string
		for _, t := range f.Tokens {
			ts = append(ts, fmt.Sprintf("%s%d-%s%d %s %d IP → %s", f.Name, t.Pos, f.Name, t.Pos+1, taColourWord(t.Colour, l), t.IP, taSeatName(t.For, nm)))
		}
		b.WriteString(taJoin("  "+T(l, "tokens:")+" ", ts, "    "))
	}
	if len(f.Missions) > 0 {
		var ms []string
		for _, a := range f.Missions {
			m, _ := game.MissionByKey(a.Mission)
			if f.Holds(m.Condition, a.Owner) {
				ms = append(ms, T(l, "%s (%s, +%d, met)", m.Name, taSeatName(a.Owner, nm), m.Reward))
			} else {
				ms = append(ms, T(l, "%s (%s, +%d)", m.Name, taSeatName(a.Owner, nm), m.Reward))
			}
		}
		b.WriteString(taJoin("  "+T(l, "missions:")+" ", ms, "    "))
	}
}

// taTextOwn writes what the viewer alone sees: his agents and missions
// (keys as the moves write them) and the choice waiting for him.
func taTextOwn(b *strings.Builder, v game.View, nm []string, l lang.Lang) {
	me := v.Viewer
	b.WriteString(T(l, "your agents:"))
	if len(v.Hand) == 0 {
		b.WriteString(" " + T(l, "none"))
	}
	b.WriteString("\n")
	for _, c := range v.Hand {
		a, _ := game.AgentByKey(c.Agent)
		kind := taColourWord(a.Colour, l)
		if a.Free {
			kind = T(l, "free, %d IP", a.IP)
		}
		extra := ""
		if fl := taFlags(a, l); len(fl) > 0 {
			extra = " (" + strings.Join(fl, ", ") + ")"
		}
		line := fmt.Sprintf("  %-16s %-18s %-11s %s%s", a.Key, a.Name, kind, taCommandShort(a.Command, l), extra)
		b.WriteString(render.TermWrap(line, taTextWidth, strings.Repeat(" ", 50)) + "\n")
	}
	b.WriteString(T(l, "your missions:"))
	var ms []string
	for _, c := range v.Missions {
		m, _ := game.MissionByKey(c.Mission)
		ms = append(ms, fmt.Sprintf("  %-16s %-18s +%d IP  %s, %s", m.Key, m.Name, m.Reward, taConditionShort(m.Condition, l), T(l, "in hand")))
	}
	for _, f := range v.Factions {
		for _, a := range f.Missions {
			if a.Owner != me {
				continue
			}
			m, _ := game.MissionByKey(a.Mission)
			where := T(l, "on %s", f.Name)
			if f.Holds(m.Condition, me) {
				where = T(l, "on %s, met", f.Name)
			}
			ms = append(ms, fmt.Sprintf("  %-16s %-18s +%d IP  %s, %s", m.Key, m.Name, m.Reward, taConditionShort(m.Condition, l), where))
		}
	}
	if len(ms) == 0 {
		b.WriteString(" " + T(l, "none"))
	}
	b.WriteString("\n")
	for _, m := range ms {
		b.WriteString(render.TermWrap(m, taTextWidth, strings.Repeat(" ", 45)) + "\n")
	}
	if p := v.Pending; p != nil && p.Performer == me && !taOver(v) {
		b.WriteString(T(l, "your choice: %s", taYourChoice(p, nm, l)) + "\n")
		if len(p.VictimHand) > 0 {
			var ks []string
			for _, c := range p.VictimHand {
				ks = append(ks, c.Agent)
			}
			b.WriteString("  " + T(l, "the hand: %s", strings.Join(ks, " ")) + "\n")
		}
	}
}

// taDoingText is taDoing with whole names, for the terminal, in l.
func taDoingText(v game.View, names []string, l lang.Lang) string {
	switch {
	case taOver(v):
		return taWinners(v, names, l)
	case v.Pending != nil:
		return T(l, "%s to choose: %s", taSeatName(v.Pending.Performer, names), taAgentName(v.Pending.Agent))
	}
	if who := taSeatName(v.Turn, names); who != "you" {
		return T(l, "%s's turn · %s", who, taActions(v.ActionsLeft, l))
	}
	return T(l, "your turn · %s", taActions(v.ActionsLeft, l))
}
