package bot

// Languages: a private answer is in the language of the player's Discord
// client (the interaction's locale); a public table message in the
// server's (its guild_locale). Both are kept in the store as they are
// seen, for what is sent with no interaction to read them from: a hand
// by DM after a timeout, a table redrawn on a timer.

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render/lang"
)

// userLang is the language to answer the player of i in, privately.
func userLang(i *discordgo.Interaction) lang.Lang { return localeLang(i.Locale) }

// guildLang is the language of i's server, for what everyone there sees;
// the player's outside a server.
func guildLang(i *discordgo.Interaction) lang.Lang {
	if i.GuildLocale != nil && *i.GuildLocale != "" {
		return localeLang(*i.GuildLocale)
	}
	return userLang(i)
}

// localeLangs is the language of each of Discord's locales, matched once:
// every interaction asks, often more than once, and matching parses the
// tag anew.
var localeLangs = func() map[discordgo.Locale]lang.Lang {
	m := make(map[discordgo.Locale]lang.Lang, len(discordgo.Locales))
	for loc := range discordgo.Locales {
		m[loc] = lang.Match(string(loc))
	}
	return m
}()

// localeLang is the language of a Discord locale (lang.Match).
func localeLang(loc discordgo.Locale) lang.Lang {
	if l, ok := localeLangs[loc]; ok {
		return l
	}
	return lang.Match(string(loc))
}

// noteLangs keeps the player's and the server's languages as i tells
// them, when they differ from what was last kept.
func (b *Bot) noteLangs(i *discordgo.Interaction) {
	if u := discord.UserOf(i); u.ID != "" && i.Locale != "" {
		if l := userLang(i); b.playerLang(u.ID) != l {
			ctx, cancel := b.quick()
			err := b.store.SetPlayerLang(ctx, u.ID, string(l))
			cancel()
			if err != nil {
				b.log.Warn("keeping a player's language failed", "err", err)
			} else {
				b.langs.Store("u:"+u.ID, l)
			}
		}
	}
	if i.GuildID != "" && i.GuildLocale != nil && *i.GuildLocale != "" {
		if l := guildLang(i); b.serverLang(i.GuildID) != l {
			ctx, cancel := b.quick()
			err := b.store.SetGuildLang(ctx, i.GuildID, string(l))
			cancel()
			if err != nil {
				b.log.Warn("keeping a server's language failed", "err", err)
			} else {
				b.langs.Store("g:"+i.GuildID, l)
			}
		}
	}
}

// playerLang is the language last seen for a player: English when never
// seen or unreadable.
func (b *Bot) playerLang(userID string) lang.Lang {
	if userID == "" {
		return lang.English
	}
	if l, ok := b.langs.Load("u:" + userID); ok {
		return l.(lang.Lang)
	}
	ctx, cancel := b.quick()
	defer cancel()
	s, err := b.store.PlayerLang(ctx, userID)
	if err != nil {
		b.log.Warn("reading a player's language failed: English", "err", err)
		return lang.English
	}
	l := lang.Match(s)
	b.langs.LoadOrStore("u:"+userID, l)
	return l
}

// serverLang is the language last seen for a server: English when never
// seen or unreadable.
func (b *Bot) serverLang(guildID string) lang.Lang {
	if guildID == "" {
		return lang.English
	}
	if l, ok := b.langs.Load("g:" + guildID); ok {
		return l.(lang.Lang)
	}
	ctx, cancel := b.quick()
	defer cancel()
	s, err := b.store.GuildLang(ctx, guildID)
	if err != nil {
		b.log.Warn("reading a server's language failed: English", "err", err)
		return lang.English
	}
	l := lang.Match(s)
	b.langs.LoadOrStore("g:"+guildID, l)
	return l
}
