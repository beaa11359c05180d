package render

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games/secretagent"
)

// SecretAgentText shows a Secret Agent table as text for a terminal: the
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
func SecretAgentText(v secretagent.View, names []string, color bool) string {
	nm := saNames(names)
	var b strings.Builder
	head := []string{"Secret Agent", saDealText(v.DealNo)}
	if v.Phase == secretagent.PhasePlay {
		head = append(head, fmt.Sprintf("trick %d of %d", max(v.Trick.Number, 1), secretagent.TricksPerDeal))
	}
	head = append(head, saDoing(v, nm))
	b.WriteString(strings.Join(head, " · ") + "\n")

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
	b.WriteString(trump + "\n")

	w := 0
	for _, n := range nm {
		w = max(w, len([]rune(n)))
	}
	for seat := 0; seat < secretagent.Seats; seat++ {
		mark := "  "
		if v.Phase != secretagent.PhaseOver && int(v.Turn) == seat {
			mark = "> "
		}
		line := fmt.Sprintf("%s%s  %2d cards  %s  total %d", mark, TermPad(nm[seat], w), at(v.HandSizes, seat),
			TermPad(Plural(at(v.Taken, seat), "trick"), 8), at(v.Totals, seat))
		if int(v.Dealer) == seat {
			line += "  dealer"
		}
		b.WriteString(line + "\n")
	}

	plays := func(t secretagent.Trick) string {
		var ps []string
		for _, p := range t.Plays {
			ps = append(ps, saWho(p.Seat, -1, nm)+" "+TermCard(p.Card, color))
		}
		return strings.Join(ps, " · ")
	}
	if v.Phase == secretagent.PhasePlay {
		b.WriteString(fmt.Sprintf("trick %d: %s\n", max(v.Trick.Number, 1), plays(v.Trick)))
	}
	if lt := v.LastTrick; lt != nil && len(lt.Plays) > 0 {
		var cs []string
		for _, p := range lt.Plays {
			cs = append(cs, TermCard(p.Card, color))
		}
		deal := ""
		if lt.DealNo != v.DealNo {
			deal = fmt.Sprintf(" of deal %d", lt.DealNo)
		}
		b.WriteString(fmt.Sprintf("last trick %d%s: %s took it: %s\n", lt.Number, deal, saWho(lt.Winner, -1, nm), strings.Join(cs, " ")))
	}

	if v.Viewer >= 0 && v.Viewer < secretagent.Seats {
		var hs []string
		for _, c := range v.Hand {
			hs = append(hs, TermCard(c, color))
		}
		b.WriteString("your hand: " + strings.Join(hs, " ") + "\n")
		if v.Assignment != nil && v.Agent != nil {
			who := saWho(*v.Agent, -1, nm)
			if *v.Assignment == secretagent.Self {
				who = "yourself"
			}
			b.WriteString(fmt.Sprintf("your agent: %s, %s\n", v.Assignment, who))
		}
	}

	if last := v.LastDeal(); last != nil {
		b.WriteString(fmt.Sprintf("deal %d scored:\n", last.DealNo))
		values := map[int]int{}
		for _, r := range last.Seats {
			values[int(r.Seat)] = r.Value
		}
		for _, r := range last.Seats {
			agent := saWho(r.Agent, -1, nm)
			if r.Agent == r.Seat {
				agent = "self"
			}
			b.WriteString(fmt.Sprintf("  %s  %s → %s  %d × %d = %d  total %d\n", TermPad(saWho(r.Seat, -1, nm), w),
				r.Assignment, agent, r.Value, values[int(r.Agent)], r.Score, r.Total))
		}
	}
	return TermLines(b.String())
}
