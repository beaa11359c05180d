package discord

import "github.com/bwmarrin/discordgo"

// What discordgo v0.29.0 lacks of Activities (the app's web page run by
// Discord in an iframe).

// EntryPointCommand is the PRIMARY_ENTRY_POINT command type: the app's one
// command that the App Launcher shows, which launches its Activity.
const EntryPointCommand discordgo.ApplicationCommandType = 4

// LaunchActivity is the interaction response that launches the app's
// Activity in the interaction's channel (LAUNCH_ACTIVITY). It has no data.
const LaunchActivity discordgo.InteractionResponseType = 12

// appHandler is an Entry Point command's handler when the app answers it
// (APP_HANDLER), rather than Discord launching the Activity by itself.
const appHandler = 1

// registered is a command as the bulk overwrite sends it: discordgo's,
// with an Entry Point command's handler.
type registered struct {
	*discordgo.ApplicationCommand
	Handler int `json:"handler,omitempty"`
}

// entryPoint reports whether i runs an Entry Point command, which is never
// deferred: LAUNCH_ACTIVITY must be the first answer.
func entryPoint(i *discordgo.Interaction) bool {
	return i.Type == discordgo.InteractionApplicationCommand && i.ApplicationCommandData().CommandType == EntryPointCommand
}
