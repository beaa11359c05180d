package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
)

// The Activity is the web table run by Discord inside the app (the web
// package serves its page). With Options.Activity the bot registers the
// app's Entry Point command, the one the App Launcher shows, and answers
// it by launching the Activity in that channel: Discord then opens the
// page for whoever ran it, and anyone in the channel may join.

// launchCommand is the Entry Point command, offered wherever the app is
// installed or used (its entry says anywhere: a server, the bot's DM, a
// DM or group DM of a user who installed it).
func (b *Bot) launchCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Type:        discord.EntryPointCommand,
		Description: "Open the card table here, and play at the table itself",
	}
}

// launch answers the Entry Point command by launching the Activity. It
// reads nothing, so it answers long before the wire would defer it.
func (b *Bot) launch(context.Context, *discordgo.Interaction, options) reply {
	return respond(&discordgo.InteractionResponse{Type: discord.LaunchActivity})
}
