package secretagent

import (
	"fmt"
	"strings"

	game "github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/render"
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
	nm := saNames(names)
	var b strings.Builder
	head := []string{"Secret Agent", saDealText(v)}
	if v.Phase == game.PhasePlay {
		head = append(head, fmt.Sprintf("trick %d of %d", max(v.Trick.Number, 1), game.TricksPerDeal))
	}
	head = append(head, saDoingText(v, nm))
	b.WriteString(strings.Join(head, " · ") + "\n")
	b.WriteString(saTrumpLine(v, nm) + "\n")

	w := 0
	for _, n := range nm {
		w = max(w, len([]rune(n)))
	}
	saSeatLines(&b, v, nm, w)
	saTrickLines(&b, v, nm, color)
	if v.Viewer >= 0 && v.Viewer < game.Seats {
		saOwnLines(&b, v, nm, color)
	}
	saScoredLines(&b, v, nm, w)
	return render.TermLines(saFit(b.String()))
}

// saNoun is a noun for n things: "card", "cards".
func saNoun(n int, what string) string {
	if n == 1 {
		return what
	}
	return what + "s"
}

// saDoingText is saDoing for the terminal, whose one player is "you":
// "you win", not "you wins".
func saDoingText(v game.View, nm [4]string) string {
	doing := saDoing(v, nm)
	if doing == "you wins" {
		return "you win"
	}
	return doing
}

// saFit breaks every line longer than 80 columns at spaces, its
// continuation lines indented under the line's start.
func saFit(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lead := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = render.TermWrap(l, 80, strings.Repeat(" ", lead+4))
	}
	return strings.Join(lines, "\n")
}

// saTrumpLine is trump and who forbade which suit.
func saTrumpLine(v game.View, nm [4]string) string {
	trump := "trump not chosen yet"
	if v.Trump != nil {
		trump = "trump " + v.Trump.String()
		if v.Trump.NoTrump {
			trump = "No Trump"
		}
	}
	if len(v.Forbidden) > 0 {
		var fs []string
		for _, f := range v.Forbidden {
			fs = append(fs, fmt.Sprintf("%s (%s)", f.Suit.Symbol(), saWho(f.Seat, -1, nm)))
		}
		trump += " · forbidden " + strings.Join(fs, " ")
	}
	return trump
}

// saSeatLines writes a line a seat, names padded to w.
func saSeatLines(b *strings.Builder, v game.View, nm [4]string, w int) {
	for seat := 0; seat < game.Seats; seat++ {
		mark := "  "
		if v.Phase != game.PhaseOver && int(v.Turn) == seat {
			mark = "> "
		}
		hand := render.TermPad(fmt.Sprintf("%2d %s", at(v.HandSizes, seat), saNoun(at(v.HandSizes, seat), "card")), 8)
		line := fmt.Sprintf("%s%s  %s  %s  total %d", mark, render.TermPad(nm[seat], w), hand,
			render.TermPad(render.Plural(at(v.Taken, seat), "trick"), 8), at(v.Totals, seat))
		if int(v.Dealer) == seat {
			line += "  dealer"
		}
		b.WriteString(line + "\n")
	}
}

// saTrickLines writes the trick in progress and the last trick.
func saTrickLines(b *strings.Builder, v game.View, nm [4]string, color bool) {
	if v.Phase == game.PhasePlay {
		var ps []string
		for _, p := range v.Trick.Plays {
			ps = append(ps, saWho(p.Seat, -1, nm)+" "+render.TermCard(p.Card, color))
		}
		fmt.Fprintf(b, "trick %d: %s\n", max(v.Trick.Number, 1), strings.Join(ps, " · "))
	}
	if lt := v.LastTrick; lt != nil && len(lt.Plays) > 0 {
		var cs []string
		for _, p := range lt.Plays {
			cs = append(cs, render.TermCard(p.Card, color))
		}
		deal := ""
		if lt.DealNo != v.DealNo {
			deal = fmt.Sprintf(" of deal %d", lt.DealNo)
		}
		fmt.Fprintf(b, "last trick %d%s: %s took it: %s\n", lt.Number, deal, saWho(lt.Winner, -1, nm), strings.Join(cs, " "))
	}
}

// saOwnLines writes the viewer's hand and agent.
func saOwnLines(b *strings.Builder, v game.View, nm [4]string, color bool) {
	var hs []string
	for _, c := range v.Hand {
		hs = append(hs, render.TermCard(c, color))
	}
	b.WriteString("your hand: " + strings.Join(hs, " ") + "\n")
	if v.Assignment != nil && v.Agent != nil {
		who := saWho(*v.Agent, -1, nm)
		if *v.Assignment == game.Self {
			who = "yourself"
		}
		fmt.Fprintf(b, "your agent: %s, %s\n", v.Assignment, who)
	}
}

// saScoredLines writes the last deal's revealed scores, names padded to w.
func saScoredLines(b *strings.Builder, v game.View, nm [4]string, w int) {
	last := v.LastDeal()
	if last == nil {
		return
	}
	fmt.Fprintf(b, "deal %d scored:\n", last.DealNo)
	values := map[int]int{}
	for _, r := range last.Seats {
		values[int(r.Seat)] = r.Value
	}
	for _, r := range last.Seats {
		agent := saWho(r.Agent, -1, nm)
		if r.Agent == r.Seat {
			agent = "self"
		}
		fmt.Fprintf(b, "  %s  %s → %s  %d × %d = %d  total %d\n", render.TermPad(saWho(r.Seat, -1, nm), w),
			r.Assignment, agent, r.Value, values[int(r.Agent)], r.Score, r.Total)
	}
}
