package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// saidIn is what an answer says: its content, or a V2 message's text
// displays, one a line.
func saidIn(d *discordgo.InteractionResponseData) string {
	parts := []string{}
	if d.Content != "" {
		parts = append(parts, d.Content)
	}
	var walk func(comps []discordgo.MessageComponent)
	walk = func(comps []discordgo.MessageComponent) {
		for _, c := range comps {
			switch c := c.(type) {
			case discordgo.TextDisplay:
				parts = append(parts, c.Content)
			case discordgo.Container:
				walk(c.Components)
			}
		}
	}
	walk(d.Components)
	return strings.Join(parts, "\n")
}

// actionRows are a message's action rows, those in its containers too.
func actionRows(comps []discordgo.MessageComponent) []discordgo.ActionsRow {
	var out []discordgo.ActionsRow
	for _, c := range comps {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out = append(out, c)
		case discordgo.Container:
			out = append(out, actionRows(c.Components)...)
		}
	}
	return out
}
