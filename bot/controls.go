package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Discord's limits on a message's components, enforced here and nowhere
// else: whatever a game's controls describe, the message keeps to them.
const (
	maxRows        = 5   // action rows a message
	maxButtons     = 5   // buttons a row
	maxOptions     = 25  // options a select menu
	maxLabel       = 80  // characters of a button's label
	maxOptionLabel = 100 // characters of an option's label
	maxPlaceholder = 150 // characters of a menu's placeholder
)

// controlState is what a table's controls are drawn for.
type controlState struct {
	table    int64
	version  int
	selected string   // a selected source place, or "confirm:MOVE", or ""
	hints    bool     // the game has a solver, so a Hint button
	prefix   []string // the words chosen so far in a menu
	lang     lang.Lang
}

// id makes a control's custom_id.
func (st controlState) id(action byte, arg string) string {
	return buttonID{Table: st.table, Version: st.version, Action: action, Arg: arg}.String()
}

// components turns a game's controls into Discord's rows of buttons and
// menus, within Discord's limits.
func components(c render.Controls, st controlState, legal []string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	switch {
	case c.Board != nil:
		rows = boardComponents(c.Board, st, legal)
	case c.Menu != nil:
		rows = menuComponents(c.Menu, st, legal)
	default:
		rows = buttonComponents(c.Buttons, st)
	}
	return limitRows(rows)
}

// buttonComponents draws one button per move.
func buttonComponents(buttons [][]render.Button, st controlState) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for _, r := range buttons {
		var row []discordgo.MessageComponent
		for _, b := range r {
			row = append(row, discordgo.Button{
				Label: b.Label, Style: buttonStyle(b.Style), Disabled: !b.Enabled, CustomID: st.id(actMove, b.Move),
			})
		}
		if len(row) > 0 {
			rows = append(rows, discordgo.ActionsRow{Components: row})
		}
	}
	return rows
}

// limitRows keeps at most five rows of five buttons, labels and menus
// within their lengths, and drops a control whose custom_id is too long or
// repeats one already shown (Discord refuses the whole message for either).
func limitRows(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	seen := map[string]bool{}
	keep := func(id string) bool {
		ok := id != "" && len(id) <= maxCustomID && !seen[id]
		seen[id] = true
		return ok
	}
	var out []discordgo.MessageComponent
	for _, r := range rows {
		if len(out) == maxRows {
			break
		}
		in := r.(discordgo.ActionsRow).Components
		row := make([]discordgo.MessageComponent, 0, min(len(in), maxButtons))
		for _, c := range in {
			switch x := c.(type) {
			case discordgo.Button:
				if len(row) < maxButtons && keep(x.CustomID) {
					if label := truncate(x.Label, maxLabel-1); label != x.Label {
						x.Label = label
						c = x // else c as it is, not copied anew
					}
					row = append(row, c)
				}
			case discordgo.SelectMenu:
				if len(row) == 0 && len(x.Options) > 0 && keep(x.CustomID) {
					x.Options = x.Options[:min(len(x.Options), maxOptions)]
					for k := range x.Options {
						x.Options[k].Label = truncate(x.Options[k].Label, maxOptionLabel-5)
					}
					x.Placeholder = truncate(x.Placeholder, maxPlaceholder-10)
					row = append(row, x)
				}
			}
		}
		if len(row) > 0 {
			out = append(out, discordgo.ActionsRow{Components: row})
		}
	}
	return out
}

// buttonStyle is a control's style as Discord's.
func buttonStyle(s render.Style) discordgo.ButtonStyle {
	switch s {
	case render.Primary:
		return discordgo.PrimaryButton
	case render.Success:
		return discordgo.SuccessButton
	case render.Danger:
		return discordgo.DangerButton
	}
	return discordgo.SecondaryButton
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
