package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
)

// interactionOnly: the owners of an interaction, and in a server the
// bot's permissions in the channel, say whether the bot may post there.
func TestInteractionOnly(t *testing.T) {
	const all = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles
	guild, user := discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall
	for _, tc := range []struct {
		name    string
		context discordgo.InteractionContextType
		owners  map[discordgo.ApplicationIntegrationType]string
		perms   int64
		want    bool
	}{
		{"an older payload, without owners", discordgo.InteractionContextGuild, nil, all, false},
		{"a server that invited the bot", discordgo.InteractionContextGuild, map[discordgo.ApplicationIntegrationType]string{guild: "1"}, all, false},
		{"a server channel the bot may not write in", discordgo.InteractionContextGuild, map[discordgo.ApplicationIntegrationType]string{guild: "1"}, discordgo.PermissionViewChannel, true},
		{"a server that never invited it, by a user's install", discordgo.InteractionContextGuild, map[discordgo.ApplicationIntegrationType]string{user: "2"}, all, true},
		{"the bot's DM, a server's install behind it", discordgo.InteractionContextBotDM, map[discordgo.ApplicationIntegrationType]string{guild: "0", user: "2"}, discordgo.PermissionAttachFiles, false},
		{"the bot's DM, the user's install alone", discordgo.InteractionContextBotDM, map[discordgo.ApplicationIntegrationType]string{user: "2"}, discordgo.PermissionAttachFiles, true},
		{"a group DM", discordgo.InteractionContextPrivateChannel, map[discordgo.ApplicationIntegrationType]string{user: "2"}, discordgo.PermissionAttachFiles, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := &discordgo.Interaction{Context: tc.context, AuthorizingIntegrationOwners: tc.owners, AppPermissions: tc.perms}
			assert.Equal(t, tc.want, interactionOnly(i))
		})
	}
}
