package bot

import (
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render"
)

// The move tree: for games whose moves are long phrases ("play mole A0 cmd
// 1"), a turn is a short guided sequence of private select menus. The legal
// moves form a tree of words; each step offers the next word, steps with
// one choice are taken at once, and the last choice makes the move. It
// needs nothing from a game but its notation (and, for friendly labels, its
// Menu's Word).

// treeEnd is the choice that stops at a move which is also the start of
// longer moves ("trade codebook" beside "trade codebook A").
const treeEnd = "."

// treeStep is the state of the picker after the words in prefix.
type treeStep struct {
	prefix  []string // words chosen so far, forced ones included
	options []string // the next words to choose from (treeEnd may be one)
	move    string   // set when the words make exactly one whole move
}

// walkTree advances from prefix through forced words and returns the step.
func walkTree(legal []string, prefix []string) treeStep {
	for {
		next := map[string]bool{}
		whole := false
		for _, m := range legal {
			f := strings.Fields(m)
			if len(f) < len(prefix) || !equalWords(f[:len(prefix)], prefix) {
				continue
			}
			if len(f) == len(prefix) {
				whole = true
			} else {
				next[f[len(prefix)]] = true
			}
		}
		switch {
		case whole && len(next) == 0:
			return treeStep{prefix: prefix, move: strings.Join(prefix, " ")}
		case !whole && len(next) == 1:
			for w := range next {
				prefix = append(append([]string(nil), prefix...), w)
			}
			continue
		}
		step := treeStep{prefix: prefix}
		for w := range next {
			step.options = append(step.options, w)
		}
		sort.Strings(step.options)
		if whole {
			step.options = append([]string{treeEnd}, step.options...)
		}
		return step
	}
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// menuComponents draws the step of a menu after the words chosen so far.
func menuComponents(m *render.Menu, st controlState, legal []string) []discordgo.MessageComponent {
	if len(legal) == 0 {
		return nil
	}
	return treeControls(st, walkTree(legal, st.prefix), m.Word)
}

// treeControls draws a step: select menus of the next words (25 options
// each, at most four menus), or the one move all the words lead to, and a
// Back button.
func treeControls(st controlState, step treeStep, label func(prefix []string, word string) string) []discordgo.MessageComponent {
	id := func(action byte, arg string) string {
		return buttonID{Table: st.table, Version: st.version, Action: action, Arg: arg}.String()
	}
	var rows []discordgo.MessageComponent
	if step.move != "" {
		// The only move there is (every word forced): one button makes it.
		var said []string
		for i, w := range step.prefix {
			said = append(said, label(step.prefix[:i], w))
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: truncate(strings.Join(said, " "), 80), Style: discordgo.PrimaryButton, CustomID: id(actMove, step.move)},
		}})
	}
	prefix := strings.Join(step.prefix, " ")
	for start, n := 0, 0; start < len(step.options) && n < 4; start, n = start+maxOptions, n+1 {
		end := min(start+maxOptions, len(step.options))
		var opts []discordgo.SelectMenuOption
		for _, w := range step.options[start:end] {
			text := words.T(st.lang, "just that")
			if w != treeEnd {
				text = label(step.prefix, w)
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
	if len(step.prefix) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: words.T(st.lang, "Back"), Style: discordgo.SecondaryButton, CustomID: id(actPick, "b")},
		}})
	}
	return rows
}
