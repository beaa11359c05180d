package bot

import (
	"github.com/bwmarrin/discordgo"
)

// Links are the addresses of the dealer's web pages (web.URLs), for the
// link buttons on leaderboards, statistics and finished tables. With
// Options.Links nil the bot shows none, and has no /web command.
type Links interface {
	Server(guild string) string
	Leaderboard(guild, game, by, rules, season string) string
	Player(guild, user string) string
	Table(token string) string
}

// linkRow is one row of link buttons (label, URL pairs); empty URLs are
// left out, and no row at all is nil.
func linkRow(pairs ...string) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			buttons = append(buttons, discordgo.Button{Label: pairs[i], Style: discordgo.LinkButton, URL: pairs[i+1]})
		}
	}
	if len(buttons) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// withLinks puts a row of link buttons under a text answer.
func withLinks(resp *discordgo.InteractionResponse, pairs ...string) *discordgo.InteractionResponse {
	if row := linkRow(pairs...); row != nil {
		resp.Data.Components = row
	}
	return resp
}

// tableLink is the address of a table's page (live, or its replay once
// over); "" without web pages. t is locked.
func (b *Bot) tableLink(t *table) string {
	if b.links == nil {
		return ""
	}
	if t.token == "" {
		ctx, cancel := b.quick()
		token, err := b.store.TableToken(ctx, t.Row.ID)
		cancel()
		if err != nil {
			b.log.Warn("reading a table's token failed", "table", t.Row.ID, "err", err)
			return ""
		}
		t.token = token
	}
	return b.links.Table(t.token)
}

// changed tells the web pages (Options.OnChange) that table id changed.
func (b *Bot) changed(id int64) {
	if b.onChange != nil {
		b.onChange(id)
	}
}
