package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Discord's limits on a message's controls, enforced here and nowhere
// else: whatever a game's controls describe, the message keeps to them
// (and to maxComponents in all, v2.go).
const (
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
// menus (v2Message keeps them within Discord's limits).
func components(c render.Controls, st controlState, legal []string) []discordgo.MessageComponent {
	switch {
	case c.Board != nil:
		return boardComponents(c.Board, st, legal)
	case c.Menu != nil:
		return menuComponents(c.Menu, st, legal)
	}
	return buttonComponents(c.Buttons, st)
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

// limitRows keeps rows within budget components (a row counts, and each
// control in it): a row of more than five buttons goes on in the next, a
// select menu sits alone in its row, labels and menus are cut to their
// lengths, and a control whose custom_id is too long or repeats one
// already shown is dropped (Discord refuses the whole message for either).
// What does not fit is left out, the last rows first.
func limitRows(rows []discordgo.MessageComponent, budget int) []discordgo.MessageComponent {
	l := rowLimiter{budget: budget, seen: map[string]bool{}}
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			l.add(c)
		}
		l.endRow()
	}
	return l.out
}

// rowLimiter lays controls out in rows within a budget of components.
type rowLimiter struct {
	budget int             // components left
	seen   map[string]bool // custom ids shown
	row    []discordgo.MessageComponent
	out    []discordgo.MessageComponent
}

// keep reports whether a control of custom id (or a link) may be shown.
func (l *rowLimiter) keep(id, url string) bool {
	if id == "" {
		return url != ""
	}
	ok := len(id) <= maxCustomID && !l.seen[id]
	l.seen[id] = true
	return ok
}

// fits takes one more control's room, with its row's when it starts one.
func (l *rowLimiter) fits() bool {
	need := 1
	if len(l.row) == 0 {
		need = 2
	}
	if l.budget < need {
		return false
	}
	l.budget -= need
	return true
}

// add lays out one control.
func (l *rowLimiter) add(c discordgo.MessageComponent) {
	switch x := c.(type) {
	case discordgo.Button:
		if !l.keep(x.CustomID, x.URL) {
			return
		}
		if len(l.row) == maxButtons {
			l.endRow()
		}
		if !l.fits() {
			return
		}
		if label := truncate(x.Label, maxLabel-1); label != x.Label {
			x.Label = label
			c = x // else c as it is, not copied anew
		}
		l.row = append(l.row, c)
	case discordgo.SelectMenu:
		if len(x.Options) == 0 || !l.keep(x.CustomID, "") {
			return
		}
		l.endRow()
		if !l.fits() {
			return
		}
		x.Options = x.Options[:min(len(x.Options), maxOptions)]
		for k := range x.Options {
			x.Options[k].Label = truncate(x.Options[k].Label, maxOptionLabel-5)
		}
		x.Placeholder = truncate(x.Placeholder, maxPlaceholder-10)
		l.row = append(l.row, x)
		l.endRow()
	}
}

// endRow closes the row being laid out.
func (l *rowLimiter) endRow() {
	if len(l.row) > 0 {
		l.out = append(l.out, discordgo.ActionsRow{Components: l.row})
		l.row = nil
	}
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
