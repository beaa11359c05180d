package secretagent

import (
	"fmt"
	"strings"

	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Text shows a Secret Agent table as text for a terminal: the
// deal and who is to act, trump and the forbidden suits, a line a seat
// (hand size, tricks, total; > marks the seat to act), the trick in
// progress and the last trick, then the viewer's own hand and agent when
// the view has them, and the last deal's revealed scores. names are the
// seats' names (missing ones are "Seat N"). With color, red cards are
// printed in ANSI red.
//
//	Secret Agent · deal 1 of 4 · trick 4 of 13 · Carol to play
//	trump ♥ · forbidden ♣ (Bob) ♦ (Carol) ♠ (Dev)
//	  Ann       10 cards  1 trick   total 0   dealer
//	  Bob        9 cards  2 tricks  total 0
//	> Carol     10 cards  0 tricks  total 0
//	  Dev        9 cards  0 tricks  total 0
//	trick 4: Bob 7♥ · Carol …
//	last trick 3: Bob took it: A♠ 2♠ 5♠ 9♠
//	your hand: A♠ K♠ 9♠ Q♥ 10♥ 4♣ J♦
//	your agent: Opposite, Carol
func Text(v game.View, names []string, color bool) string {
	return text(v, names, color, lang.English)
}

// text is Text in l: the words of the description of a picture.
func text(v game.View, names []string, color bool, l lang.Lang) string {
	nm := seatNames(names, l)
	var b strings.Builder
	head := []string{"Secret Agent", dealText(v, l)}
	if v.Phase == game.PhasePlay {
		head = append(head, words.T(l, "trick %d of %d", max(v.Trick.Number, 1), game.TricksPerDeal))
	}
	head = append(head, doingText(v, nm, l))
	b.WriteString(strings.Join(head, " · ") + "\n")
	b.WriteString(trumpLine(v, nm, l) + "\n")

	w := 0
	for _, n := range nm {
		w = max(w, len([]rune(n)))
	}
	seatLines(&b, v, nm, w, l)
	trickLines(&b, v, nm, color, l)
	if v.Viewer >= 0 && v.Viewer < game.Seats {
		ownLines(&b, v, nm, color, l)
	}
	scoredLines(&b, v, nm, w, l)
	return render.TermLines(fit(b.String()))
}

// doingText is doingLine for the terminal, whose one player is "you":
// "you win", not "you wins".
func doingText(v game.View, nm [4]string, l lang.Lang) string {
	doing := doingLine(v, nm, l)
	if doing == "you wins" {
		return "you win"
	}
	return doing
}

// fit breaks every line longer than 80 columns at spaces, its
// continuation lines indented under the line's start.
func fit(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lead := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = render.TermWrap(l, 80, strings.Repeat(" ", lead+4))
	}
	return strings.Join(lines, "\n")
}

// trumpLine is trump and who forbade which suit.
func trumpLine(v game.View, nm [4]string, l lang.Lang) string {
	trump := words.T(l, "trump not chosen yet")
	if v.Trump != nil {
		trump = words.T(l, "trump %s", v.Trump.String())
		if v.Trump.NoTrump {
			trump = words.T(l, "No Trump")
		}
	}
	if len(v.Forbidden) > 0 {
		var fs []string
		for _, f := range v.Forbidden {
			fs = append(fs, fmt.Sprintf("%s (%s)", f.Suit.Symbol(), nameFor(f.Seat, -1, nm, l)))
		}
		trump += " · " + words.T(l, "forbidden %s", strings.Join(fs, " "))
	}
	return trump
}

// seatLines writes a line a seat, names padded to w.
func seatLines(b *strings.Builder, v game.View, nm [4]string, w int, l lang.Lang) {
	for seat := 0; seat < game.Seats; seat++ {
		mark := "  "
		if v.Phase != game.PhaseOver && int(v.Turn) == seat {
			mark = "> "
		}
		hand := render.TermPad(words.N(l, at(v.HandSizes, seat), "%2d card", "%2d cards"), 8)
		line := fmt.Sprintf("%s%s  %s  %s  %s", mark, render.TermPad(nm[seat], w), hand,
			render.TermPad(words.N(l, at(v.Taken, seat), "%d trick", "%d tricks"), 8), words.T(l, "total %d", at(v.Totals, seat)))
		if int(v.Dealer) == seat {
			line += "  " + words.T(l, "dealer")
		}
		b.WriteString(line + "\n")
	}
}

// trickLines writes the trick in progress and the last trick.
func trickLines(b *strings.Builder, v game.View, nm [4]string, color bool, l lang.Lang) {
	if v.Phase == game.PhasePlay {
		var ps []string
		for _, p := range v.Trick.Plays {
			ps = append(ps, nameFor(p.Seat, -1, nm, l)+" "+render.TermCard(p.Card, color))
		}
		b.WriteString(words.T(l, "trick %d: %s", max(v.Trick.Number, 1), strings.Join(ps, " · ")) + "\n")
	}
	if lt := v.LastTrick; lt != nil && len(lt.Plays) > 0 {
		var cs []string
		for _, p := range lt.Plays {
			cs = append(cs, render.TermCard(p.Card, color))
		}
		who, played := nameFor(lt.Winner, -1, nm, l), strings.Join(cs, " ")
		if lt.DealNo != v.DealNo {
			b.WriteString(words.T(l, "last trick %d of deal %d: %s took it: %s", lt.Number, lt.DealNo, who, played) + "\n")
		} else {
			b.WriteString(words.T(l, "last trick %d: %s took it: %s", lt.Number, who, played) + "\n")
		}
	}
}

// ownLines writes the viewer's hand and agent.
func ownLines(b *strings.Builder, v game.View, nm [4]string, color bool, l lang.Lang) {
	var hs []string
	for _, c := range v.Hand {
		hs = append(hs, render.TermCard(c, color))
	}
	b.WriteString(words.T(l, "your hand: %s", strings.Join(hs, " ")) + "\n")
	if v.Assignment != nil && v.Agent != nil {
		who := nameFor(*v.Agent, -1, nm, l)
		if *v.Assignment == game.Self {
			who = words.T(l, "yourself")
		}
		b.WriteString(words.T(l, "your agent: %s, %s", assignment(*v.Assignment, l), who) + "\n")
	}
}

// scoredLines writes the last deal's revealed scores, names padded to w.
func scoredLines(b *strings.Builder, v game.View, nm [4]string, w int, l lang.Lang) {
	last := v.LastDeal()
	if last == nil {
		return
	}
	b.WriteString(words.T(l, "deal %d scored:", last.DealNo) + "\n")
	values := map[int]int{}
	for _, r := range last.Seats {
		values[int(r.Seat)] = r.Value
	}
	for _, r := range last.Seats {
		agent := nameFor(r.Agent, -1, nm, l)
		if r.Agent == r.Seat {
			agent = words.T(l, "self")
		}
		fmt.Fprintf(b, "  %s  %s → %s  %d × %d = %d  %s\n", render.TermPad(nameFor(r.Seat, -1, nm, l), w),
			assignment(r.Assignment, l), agent, r.Value, values[int(r.Agent)], r.Score, words.T(l, "total %d", r.Total))
	}
}

// assignment is an assignment card's name in l: "Opposite".
func assignment(a game.Assignment, l lang.Lang) string {
	switch a {
	case game.Left:
		return words.T(l, "Left")
	case game.Opposite:
		return words.T(l, "Opposite")
	case game.Right:
		return words.T(l, "Right")
	case game.Self:
		return words.T(l, "Self")
	}
	return a.String()
}
