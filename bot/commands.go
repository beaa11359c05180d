package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// The slash commands, named once each: the command's definition and its
// handler in one entry. Adding a command is one entry here, its definition
// and its handler (and its words in locales/); the bot registers the list
// (one bulk overwrite at every start, so a removed command disappears too).

// slashCommand is one slash command.
type slashCommand struct {
	name string
	// define is the command's description and options (its name is the
	// entry's).
	define func(b *Bot, g gameChoices) *discordgo.ApplicationCommand
	// private: the answer is private, and so is its deferral.
	private bool
	// pages: offered only with web pages (Options.Links); activity: only
	// with the Activity (Options.Activity).
	pages, activity bool
	// anywhere: also for a user who installed the dealer to their account,
	// in any server, DM or group DM (anywhere.go); else for a server's
	// install alone, in the contexts its definition names.
	anywhere bool
	handle   func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) reply
}

// slashCommands are the bot's commands, in the order Discord lists them.
var slashCommands = []slashCommand{
	{name: "play", define: (*Bot).playCommand, anywhere: true, handle: (*Bot).play},
	{name: "leaderboard", define: (*Bot).leaderboardCommand, anywhere: true, handle: text((*Bot).leaderboard)},
	{name: "stats", define: (*Bot).statsCommand, anywhere: true, handle: text((*Bot).stats)},
	{name: "daily", define: (*Bot).dailyCommand, anywhere: true, handle: (*Bot).daily},
	{name: "rules", define: (*Bot).rulesCommand, private: true, anywhere: true, handle: text((*Bot).rules)},
	{name: "settings", define: (*Bot).settingsCommand, private: true, anywhere: true, handle: text((*Bot).settings)},
	{name: "web", define: (*Bot).webCommand, pages: true, handle: text((*Bot).pages)},
	{name: "season", define: (*Bot).seasonCommand, private: true, handle: text((*Bot).season)},
	{name: "privacy", define: (*Bot).privacyCommand, private: true, anywhere: true, handle: text((*Bot).privacy)},
	{name: "Dealer stats", define: (*Bot).statsUserCommand, handle: text((*Bot).memberStats)},
	{name: "launch", define: (*Bot).launchCommand, activity: true, anywhere: true, handle: (*Bot).launch},
}

// text is a handler whose answer names no table.
func text(f func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse) func(*Bot, context.Context, *discordgo.Interaction, options) reply {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) reply {
		return respond(f(b, ctx, i, opts))
	}
}

// commands are the slash commands the bot registers, in every language.
func (b *Bot) commands() []*discordgo.ApplicationCommand {
	g := b.gameChoices()
	var cmds []*discordgo.ApplicationCommand
	for _, c := range slashCommands {
		if b.offers(c) {
			d := c.define(b, g)
			d.Name = c.name
			installedWhere(d, c.anywhere)
			cmds = append(cmds, d)
		}
	}
	localize(cmds)
	return cmds
}

// offers reports whether the bot offers command c.
func (b *Bot) offers(c slashCommand) bool {
	return (!c.pages || b.links != nil) && (!c.activity || b.activity)
}

// command is the slash command named name, if the bot offers it.
func (b *Bot) command(name string) (slashCommand, bool) {
	for _, c := range slashCommands {
		if c.name == name && b.offers(c) {
			return c, true
		}
	}
	return slashCommand{}, false
}

// privateAnswer reports whether an interaction's answer will be private: a
// command whose entry says so (the wire defers it privately too).
func privateAnswer(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	name := i.ApplicationCommandData().Name
	for _, c := range slashCommands {
		if c.name == name {
			return c.private
		}
	}
	return false
}

// onCommand answers a slash command.
func (b *Bot) onCommand(ctx context.Context, i *discordgo.Interaction) reply {
	d := i.ApplicationCommandData()
	c, ok := b.command(d.Name)
	if !ok {
		return respond(private(words.T(userLang(i), "I don't know that command any more. Discord may still be showing an old list: try again in a minute.")))
	}
	opts := options{}
	for _, o := range d.Options {
		opts[o.Name] = o
	}
	return c.handle(b, ctx, i, opts)
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

// gameChoices are the games the commands offer: every game, and those with
// a daily deal (a solver to choose it).
type gameChoices struct {
	all, daily []*discordgo.ApplicationCommandOptionChoice
}

// gameChoices reads the games from the registry.
func (b *Bot) gameChoices() gameChoices {
	var g gameChoices
	for _, game := range b.games.All() {
		choice := &discordgo.ApplicationCommandOptionChoice{Name: game.Title, Value: game.Name}
		g.all = append(g.all, choice)
		if game.Solve != nil {
			g.daily = append(g.daily, &discordgo.ApplicationCommandOptionChoice{Name: game.Title, Value: game.Name})
		}
	}
	return g
}

// gameOption is a command's required option "game", one of choices.
func gameOption(choices []*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true, Choices: choices,
	}
}

// guildOnly is the contexts of a command used in servers only.
func guildOnly() *[]discordgo.InteractionContextType {
	return &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
}

// serverOrDM is the contexts of a command used in servers and in the
// player's DM with the bot (where the bot may post and edit its messages).
func serverOrDM() *[]discordgo.InteractionContextType {
	return &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
}
