package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render"
)

// A board is played in two clicks: a source place, then one of the places
// a legal move from it reaches (only those are lit); a one-click move is
// made at once. Which places and commands there are, and their labels, is
// the game's; the mechanism is the same for every game.

// movesFrom groups legal moves by source: the one-click move on place (a
// move that is just the place, or a verb and the place), and the moves to
// each destination from it.
//
// It runs for every place of a board drawn: it splits no move into a
// slice, and makes dests only when there is one (nil reads as empty).
func movesFrom(bd *render.Board, legal []string, place string) (direct string, dests map[string]string) {
	for _, m := range legal {
		f0, f1, n := twoWords(m)
		if n == 2 && f1 == place && contains(bd.Verbs, f0) {
			direct = m
			continue
		}
		if n == 0 || f0 != place {
			continue
		}
		if n == 1 {
			direct = m
			continue
		}
		if old, ok := dests[f1]; !ok || (bd.Better != nil && bd.Better(m, old)) {
			if dests == nil {
				dests = map[string]string{}
			}
			dests[f1] = m
		}
	}
	return direct, dests
}

// twoWords is a move's first two words (as strings.Fields splits it) and
// how many words it has, counting no further than three.
func twoWords(m string) (f0, f1 string, n int) {
	for w := range strings.FieldsSeq(m) {
		switch n {
		case 0:
			f0 = w
		case 1:
			f1 = w
		default:
			return f0, f1, 3
		}
		n++
	}
	return f0, f1, n
}

// boardComponents draws a board's place buttons and its row of commands.
func boardComponents(bd *render.Board, st controlState, legal []string) []discordgo.MessageComponent {
	if move, ok := strings.CutPrefix(st.selected, "confirm:"); ok {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: words.T(st.lang, "Yes, %s", move), Style: discordgo.DangerButton, CustomID: st.id(actMove, move)},
			discordgo.Button{Label: words.T(st.lang, "No, play on"), Style: discordgo.SecondaryButton, CustomID: st.id(actCancel, "")},
		}}}
	}
	_, selDests := movesFrom(bd, legal, st.selected)
	rows := make([]discordgo.MessageComponent, 0, len(bd.Places)+1)
	for _, places := range bd.Places {
		row := make([]discordgo.MessageComponent, 0, len(places))
		for _, p := range places {
			row = append(row, placeButton(bd, st, legal, p, selDests))
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	if cmds := commandButtons(bd.Commands, st, legal); len(cmds) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: cmds})
	}
	return rows
}

// placeButton is one place: a source to pick, a one-click move, the
// picked source (click again to cancel), or a lit destination.
func placeButton(bd *render.Board, st controlState, legal []string, p render.Place, selDests map[string]string) discordgo.Button {
	b := discordgo.Button{Label: p.Label, Style: discordgo.SecondaryButton, Disabled: true, CustomID: st.id(actSelect, p.Name)}
	switch {
	case st.selected == "":
		direct, dests := movesFrom(bd, legal, p.Name)
		if len(dests) > 0 {
			b.Disabled = false
		} else if direct != "" {
			b.Disabled, b.CustomID, b.Style = false, st.id(actMove, direct), discordgo.PrimaryButton
		}
	case p.Name == st.selected:
		b.Disabled, b.CustomID, b.Style = false, st.id(actRedraw, ""), discordgo.SuccessButton
	default:
		if m, ok := selDests[p.Name]; ok {
			b.Disabled, b.CustomID, b.Style = false, st.id(actMove, m), discordgo.PrimaryButton
		}
	}
	return b
}

// commandButtons is the last row: Cancel while a source is picked, then
// each command whose move is legal (steady ones always, disabled when not).
func commandButtons(cmds []render.Command, st controlState, legal []string) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	if st.selected != "" {
		out = append(out, discordgo.Button{Label: words.T(st.lang, "Cancel"), Style: discordgo.SecondaryButton, CustomID: st.id(actCancel, "")})
	}
	for _, c := range cmds {
		style := buttonStyle(c.Style)
		if c.Hint {
			if st.hints {
				out = append(out, discordgo.Button{Label: c.Labels[0], Style: style, CustomID: st.id(actHint, "")})
			}
			continue
		}
		for k, m := range c.Moves {
			if contains(legal, m) {
				b := discordgo.Button{Label: c.Labels[k], Style: style, CustomID: st.id(actMove, m)}
				if c.Confirm {
					b.CustomID = st.id(actSelect, "confirm:"+m)
				}
				out = append(out, b)
				break
			}
			if k == len(c.Moves)-1 && c.Steady {
				out = append(out, discordgo.Button{Label: c.Labels[0], Style: style, Disabled: true, CustomID: st.id(actMove, c.Moves[0])})
			}
		}
	}
	return out
}
