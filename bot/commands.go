package bot

import (
	"context"
	"github.com/bwmarrin/discordgo"
)

// commands are the slash commands the bot registers (one bulk overwrite at
// every start, so a removed command disappears too).
func (b *Bot) commands() []*discordgo.ApplicationCommand {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range b.games.All() {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title, Value: g.Name})
	}
	game := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc, Required: true, Choices: choices,
		}
	}
	var dailyChoices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range b.games.All() {
		if g.Solve != nil {
			dailyChoices = append(dailyChoices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title, Value: g.Name})
		}
	}
	dailyGame := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true, Choices: dailyChoices}
	minDeal := 1.0
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	cmds := []*discordgo.ApplicationCommand{
		{
			Name: "play", Description: "Deal a new game at this table", Contexts: &guildOnly,
			Options: append([]*discordgo.ApplicationCommandOption{
				game("Which game"),
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "deal", Description: "A deal number, to replay a deal (default: a random one)", MinValue: &minDeal, MaxValue: 1e15},
			}, houseRuleOptions(b.games.All())...),
		},
		{
			Name: "leaderboard", Description: "The best players of a game in this server", Contexts: &guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				game("Which game"),
				{Type: discordgo.ApplicationCommandOptionString, Name: "by", Description: "Rank by (default: wins)", Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "wins", Value: "wins"}, {Name: "points", Value: "points"}, {Name: "best score", Value: "score"}, {Name: "today's daily deal", Value: "daily"},
				}},
			},
		},
		{
			Name: "stats", Description: "Games, wins and bests of a player in this server", Contexts: &guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose statistics (default: yours)"},
			},
		},
		{
			Name: "daily", Description: "Today's deal: the same for everyone, one attempt each", Contexts: &guildOnly,
			Options: []*discordgo.ApplicationCommandOption{dailyGame},
		},
		{
			Name: "rules", Description: "The rules of a game, in short",
			Options: []*discordgo.ApplicationCommandOption{game("Which game")},
		},
		settingsCommand(),
	}
	if b.links != nil {
		cmds = append(cmds, webCommand())
	}
	localize(cmds)
	return cmds
}

// options are a command's options by name.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

// str is a string option's value, or "" (discordgo's StringValue panics on
// an option of another type: an out-of-date command list).
func (o options) str(name string) string {
	if v := o[name]; v != nil && v.Type == discordgo.ApplicationCommandOptionString {
		return v.StringValue()
	}
	return ""
}

// onCommand answers a slash command.
func (b *Bot) onCommand(ctx context.Context, i *discordgo.Interaction) reply {
	d := i.ApplicationCommandData()
	opts := options{}
	for _, o := range d.Options {
		opts[o.Name] = o
	}
	switch d.Name {
	case "play":
		return b.play(ctx, i, opts)
	case "daily":
		return b.daily(ctx, i, opts)
	case "leaderboard":
		return respond(b.leaderboard(ctx, i, opts))
	case "stats":
		return respond(b.stats(ctx, i, opts))
	case "rules":
		return respond(b.rules(i, opts))
	case "settings":
		return respond(b.settings(ctx, i, opts))
	case "web":
		if b.links != nil {
			return respond(b.pages(ctx, i, opts))
		}
	}
	return respond(private(T(userLang(i), "I don't know that command any more. Discord may still be showing an old list: try again in a minute.")))
}
