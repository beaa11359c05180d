package bot

import (
	"github.com/bwmarrin/discordgo"
)

// commands are the slash commands the bot registers (one bulk overwrite at
// every start, so a removed command disappears too).
func (b *Bot) commands() []*discordgo.ApplicationCommand {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range b.games.All() {
		if hosted(g.Name) {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title, Value: g.Name})
		}
	}
	game := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: desc, Required: true, Choices: choices,
		}
	}
	var dailyChoices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range b.games.All() {
		if g.Solve != nil && hosted(g.Name) {
			dailyChoices = append(dailyChoices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title, Value: g.Name})
		}
	}
	dailyGame := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true, Choices: dailyChoices}
	minDeal := 1.0
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return []*discordgo.ApplicationCommand{
		{
			Name: "play", Description: "Deal a new game at this table", Contexts: &guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				game("Which game"),
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "deal", Description: "A deal number, to replay a deal (default: a random one)", MinValue: &minDeal, MaxValue: 1e15},
			},
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
	}
}

// onCommand answers a slash command.
func (b *Bot) onCommand(i *discordgo.Interaction) (*discordgo.InteractionResponse, func(error)) {
	d := i.ApplicationCommandData()
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range d.Options {
		opts[o.Name] = o
	}
	switch d.Name {
	case "play":
		return b.play(i, opts)
	case "leaderboard":
		return b.leaderboard(i, opts), nil
	case "stats":
		return b.stats(i, opts), nil
	case "rules":
		return b.rules(opts), nil
	case "daily":
		return b.daily(i, opts)
	}
	return private("I don't know that command any more. Discord may still be showing an old list: try again in a minute."), nil
}
