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
	if err := check(v); err != nil {
		return err.Error() + "\n"
	}
	red := func(s string) string {
		if color {
			return render.ANSIRed + s + render.ANSIReset
		}
		return s
	}
	nm := seatNames(names, v.Players, l)
	var b strings.Builder
	round := words.T(l, "round %d", currentRound(v))
	if v.Ending && !gameOver(v) {
		round = words.T(l, "final round")
	}
	b.WriteString(strings.Join([]string{"The Agents", round, words.T(l, "goal %d IP", v.Goal), doingText(v, nm, l)}, " · ") + "\n")

	w := 0
	for _, n := range nm {
		w = max(w, len([]rune(n)))
	}
	textPlayers(&b, v, nm, w, red, l)
	for _, f := range v.Factions {
		textFaction(&b, v, f, nm, w, red, l)
	}

	if gameOver(v) {
		b.WriteString(winners(v, nm, l) + "\n")
	} else if p := v.Pending; p != nil {
		b.WriteString(words.T(l, "waiting: %s", pendingText(p, nm, l)) + "\n")
	}
	if lt := v.Last; lt != nil {
		b.WriteString(words.T(l, "last turn: %s scored %d IP (%d from tokens, %d from missions)", seatName(lt.Seat, nm), lt.Tokens+lt.Missions, lt.Tokens, lt.Missions) + "\n")
	}
	b.WriteString(words.T(l, "decks: %d agents, %d missions · retired: %s, %s", v.AgentDeck, v.MissionDeck,
		words.N(l, len(v.AgentRetired), "%d agent", "%d agents"), words.N(l, len(v.MissionRetired), "%d mission", "%d missions")) + "\n")

	if me := v.Viewer; me >= 0 && int(me) < v.Players {
		textOwn(&b, v, nm, l)
	}
	return render.TermLines(fit(b.String()))
}

// textWidth is the terminal's width: Text breaks longer lines.
const textWidth = 80

// fit breaks every line of text longer than textWidth at spaces, its
// continuation lines indented under the line's start.
func fit(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lead := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = render.TermWrap(l, textWidth, strings.Repeat(" ", lead+4))
	}
	return strings.Join(lines, "\n")
}

// join writes items after head, separated by " · ", breaking lines
// between items (never inside one) to stay within textWidth; the lines
// after the first start with indent.
func join(head string, items []string, indent string) string {
	var b strings.Builder
	line := head
	for i, it := range items {
		sep := " · "
		if i == 0 {
			sep = ""
		}
		if i > 0 && render.TermWidth(line+sep+it) > textWidth {
			b.WriteString(line + "\n")
			line, sep = indent, "· "
		}
		line += sep + it
	}
	return b.String() + line + "\n"
}

// textPlayers writes a line a player: seat, name (padded to w), IP,
// income, cards in hand, his part in the turn; red marks the seat the game
// waits on.
func textPlayers(b *strings.Builder, v game.View, nm []string, w int, red func(string) string, l lang.Lang) {
	for s := range v.Players {
		seat := games.Seat(s)
		mark := "  "
		if waitsOn(v) == seat {
			mark = red(">") + " "
		}
		line := fmt.Sprintf("%s%d %s  %3d IP  %s  %s  %s", mark, s, render.TermPad(nm[s], w), valueAt(v.IP, s), words.T(l, "income +%-2d", valueAt(v.Income, s)),
			render.TermPad(words.N(l, valueAt(v.HandSizes, s), "%d agent", "%d agents"), 9), render.TermPad(words.N(l, valueAt(v.MissionCounts, s), "%d mission", "%d missions"), 10))
		switch {
		case gameOver(v):
			for _, win := range v.Winners {
				if win == seat {
					line += "  " + words.T(l, "winner")
				}
			}
		case v.Pending != nil && v.Pending.Performer == seat:
			line += "  " + words.T(l, "to choose")
		case v.Turn == seat:
			line += "  " + actions(v.ActionsLeft, l)
		}
		b.WriteString(line + "\n")
	}
}

// textFaction writes a faction: its players, a line a card, its complete
// tokens and its missions.
func textFaction(b *strings.Builder, v game.View, f game.FactionView, nm []string, w int, red func(string) string, l lang.Lang) {
	top, bottom := f.Players[0], f.Players[1]
	b.WriteString(words.T(l, "Faction %s: %s (%d) and %s (%d) · %d of %d agents", f.Name, seatName(top, nm), top,
		seatName(bottom, nm), bottom, f.Agents(), f.Limit) + "\n")
	for k, c := range f.Cards {
		place := fmt.Sprintf("%s%d", f.Name, k+1)
		var line string
		switch {
		case c.SafeHouse:
			line = fmt.Sprintf("  %-4s %-18s %s", place, words.T(l, "Safe-House"), words.T(l, "%s: white → %s, black → %s", safeHouse(c.ID),
				seatName(top, nm), seatName(bottom, nm)))
		case c.Dead:
			line = fmt.Sprintf("  %-4s %-18s %s", place, agentName(c.Agent), red(words.T(l, "dead")))
		default:
			line = fmt.Sprintf("  %-4s %-18s %s", place, agentName(c.Agent), words.T(l, "cmd → %s  %s → %s",
				render.TermPad(seatName(c.Cmd, nm), w), colourWord(c.Colour, l), seatName(f.Other(c.Cmd), nm)))
		}
		if p := v.Pending; p != nil && p.At == place {
			line += "  " + red(words.T(l, "< waiting"))
		}
		b.WriteString(line + "\n")
	}
	if len(f.Tokens) > 0 {
		var ts []string
		for _, t := range f.Tokens {
			ts = append(ts, fmt.Sprintf("%s%d-%s%d %s %d IP → %s", f.Name, t.Pos, f.Name, t.Pos+1, colourWord(t.Colour, l), t.IP, seatName(t.For, nm)))
		}
		b.WriteString(join("  "+words.T(l, "tokens:")+" ", ts, "    "))
	}
	if len(f.Missions) > 0 {
		var ms []string
		for _, a := range f.Missions {
			m, _ := game.MissionByKey(a.Mission)
			if f.Holds(m.Condition, a.Owner) {
				ms = append(ms, words.T(l, "%s (%s, +%d, met)", m.Name, seatName(a.Owner, nm), m.Reward))
			} else {
				ms = append(ms, words.T(l, "%s (%s, +%d)", m.Name, seatName(a.Owner, nm), m.Reward))
			}
		}
		b.WriteString(join("  "+words.T(l, "missions:")+" ", ms, "    "))
	}
}

// textOwn writes what the viewer alone sees: his agents and missions
// (keys as the moves write them) and the choice waiting for him.
func textOwn(b *strings.Builder, v game.View, nm []string, l lang.Lang) {
	me := v.Viewer
	b.WriteString(words.T(l, "your agents:"))
	if len(v.Hand) == 0 {
		b.WriteString(" " + words.T(l, "none"))
	}
	b.WriteString("\n")
	for _, c := range v.Hand {
		a, _ := game.AgentByKey(c.Agent)
		kind := colourWord(a.Colour, l)
		if a.Free {
			kind = words.T(l, "free, %d IP", a.IP)
		}
		extra := ""
		if fl := flags(a, l); len(fl) > 0 {
			extra = " (" + strings.Join(fl, ", ") + ")"
		}
		line := fmt.Sprintf("  %-16s %-18s %-11s %s%s", a.Key, a.Name, kind, commandShort(a.Command, l), extra)
		b.WriteString(render.TermWrap(line, textWidth, strings.Repeat(" ", 50)) + "\n")
	}
	b.WriteString(words.T(l, "your missions:"))
	var ms []string
	for _, c := range v.Missions {
		m, _ := game.MissionByKey(c.Mission)
		ms = append(ms, fmt.Sprintf("  %-16s %-18s +%d IP  %s, %s", m.Key, m.Name, m.Reward, conditionShort(m.Condition, l), words.T(l, "in hand")))
	}
	for _, f := range v.Factions {
		for _, a := range f.Missions {
			if a.Owner != me {
				continue
			}
			m, _ := game.MissionByKey(a.Mission)
			where := words.T(l, "on %s", f.Name)
			if f.Holds(m.Condition, me) {
				where = words.T(l, "on %s, met", f.Name)
			}
			ms = append(ms, fmt.Sprintf("  %-16s %-18s +%d IP  %s, %s", m.Key, m.Name, m.Reward, conditionShort(m.Condition, l), where))
		}
	}
	if len(ms) == 0 {
		b.WriteString(" " + words.T(l, "none"))
	}
	b.WriteString("\n")
	for _, m := range ms {
		b.WriteString(render.TermWrap(m, textWidth, strings.Repeat(" ", 45)) + "\n")
	}
	if p := v.Pending; p != nil && p.Performer == me && !gameOver(v) {
		b.WriteString(words.T(l, "your choice: %s", yourChoice(p, nm, l)) + "\n")
		if len(p.VictimHand) > 0 {
			var ks []string
			for _, c := range p.VictimHand {
				ks = append(ks, c.Agent)
			}
			b.WriteString("  " + words.T(l, "the hand: %s", strings.Join(ks, " ")) + "\n")
		}
	}
}

// doingText is doingLine with whole names, for the terminal, in l.
func doingText(v game.View, names []string, l lang.Lang) string {
	switch {
	case gameOver(v):
		return winners(v, names, l)
	case v.Pending != nil:
		return words.T(l, "%s to choose: %s", seatName(v.Pending.Performer, names), agentName(v.Pending.Agent))
	}
	if who := seatName(v.Turn, names); who != "you" {
		return words.T(l, "%s's turn · %s", who, actions(v.ActionsLeft, l))
	}
	return words.T(l, "your turn · %s", actions(v.ActionsLeft, l))
}
