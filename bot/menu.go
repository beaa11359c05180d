package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render"
)

// The move tree (render.WalkTree) drawn as Discord's private select menus:
// each step offers the next word, and the last choice makes the move.

// menuComponents draws the step of a menu after the words chosen so far.
func menuComponents(m *render.Menu, st controlState, legal []string) []discordgo.MessageComponent {
	if len(legal) == 0 {
		return nil
	}
	return treeControls(st, render.WalkTree(legal, st.prefix), m.Word)
}

// treeControls draws a step: select menus of the next words (25 options
// each, at most four menus), or the one move all the words lead to, and a
// Back button.
func treeControls(st controlState, step render.TreeStep, label func(prefix []string, word string) string) []discordgo.MessageComponent {
	id := func(action byte, arg string) string {
		return buttonID{Table: st.table, Version: st.version, Action: action, Arg: arg}.String()
	}
	var rows []discordgo.MessageComponent
	if step.Move != "" {
		// The only move there is (every word forced): one button makes it.
		var said []string
		for i, w := range step.Prefix {
			said = append(said, label(step.Prefix[:i], w))
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: truncate(strings.Join(said, " "), 80), Style: discordgo.PrimaryButton, CustomID: id(actMove, step.Move)},
		}})
	}
	prefix := strings.Join(step.Prefix, " ")
	for start, n := 0, 0; start < len(step.Options) && n < 4; start, n = start+maxOptions, n+1 {
		end := min(start+maxOptions, len(step.Options))
		var opts []discordgo.SelectMenuOption
		for _, w := range step.Options[start:end] {
			text := words.T(st.lang, "just that")
			if w != render.TreeEnd {
				text = label(step.Prefix, w)
			}
			opts = append(opts, discordgo.SelectMenuOption{Label: text, Value: w})
		}
		placeholder := words.T(st.lang, "Choose your move…")
		if prefix != "" {
			placeholder = prefix + " …"
		}
		// Each menu needs its own custom id: the page number rides in front.
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(actPick, string(rune('0'+n))+prefix), Placeholder: placeholder, Options: opts,
		}}})
	}
	if len(step.Prefix) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: words.T(st.lang, "Back"), Style: discordgo.SecondaryButton, CustomID: id(actPick, "b")},
		}})
	}
	return rows
}
