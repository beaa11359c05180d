package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/render/lang"
)

// discordLocales are the Discord locales each language is registered
// under (Discord has two Spanishes).
var discordLocales = map[lang.Lang][]discordgo.Locale{
	lang.Spanish:    {discordgo.SpanishES, discordgo.SpanishLATAM},
	lang.Portuguese: {discordgo.PortugueseBR},
	lang.German:     {discordgo.German},
}

// localizations are key's texts in every language but English, by
// Discord locale; nil when no language has its own.
func localizations(key string) map[discordgo.Locale]string {
	var out map[discordgo.Locale]string
	for l, locales := range discordLocales {
		text, ok := words.Text(l, key)
		if !ok || text == key {
			continue
		}
		if out == nil {
			out = map[discordgo.Locale]string{}
		}
		for _, loc := range locales {
			out[loc] = text
		}
	}
	return out
}

// localize gives every command, option and choice its names and
// descriptions in every language the bot's catalog has them in: a
// command's and an option's name is its own key ("play"), a description
// or a choice's name its English text. What already has localizations
// (the house rules', written per game) keeps them.
func localize(cmds []*discordgo.ApplicationCommand) {
	for _, c := range cmds {
		if m := localizations(c.Name); m != nil {
			c.NameLocalizations = &m
		}
		if m := localizations(c.Description); m != nil {
			c.DescriptionLocalizations = &m
		}
		localizeOptions(c.Options)
	}
}

func localizeOptions(opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		if o.NameLocalizations == nil {
			o.NameLocalizations = localizations(o.Name)
		}
		if o.DescriptionLocalizations == nil {
			o.DescriptionLocalizations = localizations(o.Description)
		}
		for _, ch := range o.Choices {
			if ch.NameLocalizations == nil {
				ch.NameLocalizations = localizations(ch.Name)
			}
		}
		localizeOptions(o.Options)
	}
}
