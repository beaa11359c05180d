package bot

// Languages: a private answer is in the language of the player's Discord
// client (the interaction's locale); a public table message in the
// server's (its guild_locale). Both are kept in the store as they are
// seen, for what is sent with no interaction to read them from: a hand
// by DM after a timeout, a table redrawn on a timer.

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
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
		b.keepLang(playerLangs, u.ID, userLang(i))
	}
	if i.GuildID != "" && i.GuildLocale != nil && *i.GuildLocale != "" {
		b.keepLang(serverLangs, i.GuildID, guildLang(i))
	}
}

// keptLangs is one of the two languages kept, a player's or a server's:
// where the store keeps it and its key in b.langs.
type keptLangs struct {
	prefix string // of its keys in b.langs: "u:" or "g:"
	whose  string // for the logs: "a player's"
	read   func(s *store.Store, ctx context.Context, id string) (string, error)
	write  func(s *store.Store, ctx context.Context, id, lang string) error
}

var (
	playerLangs = keptLangs{"u:", "a player's", (*store.Store).PlayerLang, (*store.Store).SetPlayerLang}
	serverLangs = keptLangs{"g:", "a server's", (*store.Store).GuildLang, (*store.Store).SetGuildLang}
)

// keepLang keeps l as id's language of kind k, when it differs from what
// was last kept.
func (b *Bot) keepLang(k keptLangs, id string, l lang.Lang) {
	if b.lastLang(k, id) == l {
		return
	}
	ctx, cancel := b.quick()
	err := k.write(b.store, ctx, id, string(l))
	cancel()
	if err != nil {
		b.log.Warn("keeping "+k.whose+" language failed", "err", err)
		return
	}
	b.langs.Store(k.prefix+id, l)
}

// lastLang is the language of kind k last seen for id: English when never
// seen or unreadable.
func (b *Bot) lastLang(k keptLangs, id string) lang.Lang {
	if id == "" {
		return lang.English
	}
	if l, ok := b.langs.Load(k.prefix + id); ok {
		return l.(lang.Lang)
	}
	ctx, cancel := b.quick()
	defer cancel()
	s, err := k.read(b.store, ctx, id)
	if err != nil {
		b.log.Warn("reading "+k.whose+" language failed: English", "err", err)
		return lang.English
	}
	l := lang.Match(s)
	b.langs.LoadOrStore(k.prefix+id, l)
	return l
}

// playerLang is the language last seen for a player: English when never
// seen or unreadable.
func (b *Bot) playerLang(userID string) lang.Lang { return b.lastLang(playerLangs, userID) }

// serverLang is the language last seen for a server: English when never
// seen or unreadable.
func (b *Bot) serverLang(guildID string) lang.Lang { return b.lastLang(serverLangs, guildID) }

// tableLang is the language a table's own messages speak: its server's,
// or in a DM its opener's.
func (b *Bot) tableLang(row store.TableRow) lang.Lang {
	if row.GuildID == "" {
		return b.playerLang(row.OwnerID)
	}
	return b.serverLang(row.GuildID)
}
