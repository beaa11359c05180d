package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// layout says how one game's moves become buttons. The mechanism is the
// same for every game: moves are "PLACE" (a one-click move), or "FROM TO
// [N]" (pick a source, then a destination: only legal ones are enabled), or
// a command ("undo", "auto"). A layout only names the places and commands
// and how to label them.
type layout struct {
	// places are the rows of place buttons, in the game's notation.
	places [][]string
	// commands make the last row, in order.
	commands []command
	// label names a place's button from the view: "3 · 7♥".
	label func(view any, place string) string
	// verbs are words that make a move a one-click move on the place after
	// them: Double Agent's "up t3" is clicked on t3.
	verbs []string
}

// command is one command button. A command is shown when one of its moves is
// legal (or always, disabled, when it is marked steady so the row does not
// jump about).
type command struct {
	moves   []string // the notations it stands for; the first legal one is used
	labels  []string // the label for each of moves
	style   discordgo.ButtonStyle
	steady  bool // shown disabled when not legal
	confirm bool // asks "sure?" first
	hint    bool // the Hint button (not a move): shown when the game has a solver
}

// controlState is what the buttons are drawn for.
type controlState struct {
	table    int64
	version  int
	selected string // a selected source place, or "confirm:MOVE", or ""
	hints    bool   // the game has a solver, so a Hint button
}

// movesFrom groups legal moves by source: the moves whose first field is
// place, and a verb's one-click move on it.
func (l layout) movesFrom(legal []string, place string) (direct string, dests map[string]string) {
	dests = map[string]string{}
	for _, m := range legal {
		f := strings.Fields(m)
		if len(f) == 2 && f[1] == place && contains(l.verbs, f[0]) {
			direct = m
			continue
		}
		if len(f) == 0 || f[0] != place {
			continue
		}
		if len(f) == 1 {
			direct = m
			continue
		}
		// Of several moves to one destination (runs of different lengths to
		// an empty column), the button makes the longest: "2 7 3" over "2 7".
		if old, ok := dests[f[1]]; !ok || runLength(m) > runLength(old) {
			dests[f[1]] = m
		}
	}
	return direct, dests
}

func runLength(move string) int {
	f := strings.Fields(move)
	if len(f) < 3 {
		return 1
	}
	n := 0
	for _, c := range f[2] {
		if c < '0' || c > '9' {
			return 1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// controls draws the buttons for a table: at most five rows of five.
func (l layout) controls(st controlState, view any, legal []string) []discordgo.MessageComponent {
	id := func(action byte, arg string) string {
		return buttonID{Table: st.table, Version: st.version, Action: action, Arg: arg}.String()
	}
	if move, ok := strings.CutPrefix(st.selected, "confirm:"); ok {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Yes, " + move, Style: discordgo.DangerButton, CustomID: id(actMove, move)},
			discordgo.Button{Label: "No, play on", Style: discordgo.SecondaryButton, CustomID: id(actCancel, "")},
		}}}
	}
	var _, selDests = l.movesFrom(legal, st.selected)
	var rows []discordgo.MessageComponent
	for _, placeRow := range l.places {
		var row []discordgo.MessageComponent
		for _, p := range placeRow {
			b := discordgo.Button{Label: l.label(view, p), Style: discordgo.SecondaryButton, Disabled: true, CustomID: id(actSelect, p)}
			switch {
			case st.selected == "":
				direct, dests := l.movesFrom(legal, p)
				if len(dests) > 0 {
					b.Disabled = false
				} else if direct != "" {
					b.Disabled, b.CustomID, b.Style = false, id(actMove, direct), discordgo.PrimaryButton
				}
			case p == st.selected:
				b.Disabled, b.CustomID, b.Style = false, id(actRedraw, ""), discordgo.SuccessButton
			default:
				if m, ok := selDests[p]; ok {
					b.Disabled, b.CustomID, b.Style = false, id(actMove, m), discordgo.PrimaryButton
				}
			}
			row = append(row, b)
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	var cmds []discordgo.MessageComponent
	if st.selected != "" {
		cmds = append(cmds, discordgo.Button{Label: "Cancel", Style: discordgo.SecondaryButton, CustomID: id(actCancel, "")})
	}
	for _, c := range l.commands {
		if len(cmds) == 5 {
			break
		}
		if c.hint {
			if st.hints {
				cmds = append(cmds, discordgo.Button{Label: c.labels[0], Style: c.style, CustomID: id(actHint, "")})
			}
			continue
		}
		for k, m := range c.moves {
			if contains(legal, m) {
				b := discordgo.Button{Label: c.labels[k], Style: c.style, CustomID: id(actMove, m)}
				if c.confirm {
					b.CustomID = id(actSelect, "confirm:"+m)
				}
				cmds = append(cmds, b)
				break
			}
			if k == len(c.moves)-1 && c.steady {
				cmds = append(cmds, discordgo.Button{Label: c.labels[0], Style: c.style, Disabled: true, CustomID: id(actMove, c.moves[0])})
			}
		}
	}
	if len(cmds) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: cmds})
	}
	return rows
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
