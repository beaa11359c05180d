package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/bot/discord"
)

// manageServer is Discord's Manage Server permission: a server's admins.
const manageServer = discordgo.PermissionManageGuild

// webCommand is /web pages:on|off: a server's admin turns the server's
// web pages (leaderboards, players, tables) off or on.
func (b *Bot) webCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		// Who may use it is checked when it is used: discordgo writes
		// default_member_permissions as a string, which Discord's API
		// description does not allow.
		Description: "Admins: turn this server's web pages (leaderboards, players, tables) on or off",
		Contexts:    guildOnly(),
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: "pages", Description: "On or off (default: on)", Required: true,
			Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}},
		}},
	}
}

// pages answers /web: only a member who may manage the server may turn
// its pages off or on.
func (b *Bot) pages(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	if i.GuildID == "" || i.Member == nil || i.Member.Permissions&manageServer == 0 {
		return private(words.T(userLang(i), "Only a member who may manage this server can turn its web pages on or off."))
	}
	off := opts.str("pages") == "off"
	if v := opts.str("pages"); v != "on" && v != "off" {
		return private(words.T(userLang(i), "Choose on or off."))
	}
	if err := b.store.SetPagesOff(ctx, i.GuildID, off); err != nil {
		b.log.Error("turning the web pages on or off failed", "guild", i.GuildID, "err", err)
		return private(words.T(userLang(i), "I couldn't save that just now: try again."))
	}
	b.log.Info("web pages turned", "guild", i.GuildID, "off", off, "by", discord.UserOf(i).ID)
	if off {
		return private(words.T(userLang(i), "This server's web pages are off: its leaderboards, players and tables show nothing on the web. `/web pages:on` turns them back on."))
	}
	return withLinks(private(words.T(userLang(i), "This server's web pages are on.")), words.T(userLang(i), "This server's pages"), b.links.Server(i.GuildID))
}
