package bot

// Autocomplete: the choices Discord shows while a player types an option
// whose values are the server's own (the house rules played there), at
// most Discord's 25.

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// maxChoices is the most choices Discord takes in an autocomplete answer.
const maxChoices = 25

// standardRules is the rules option's value for the standard game.
const standardRules = "standard"

// onAutocomplete answers an autocomplete interaction: /leaderboard's
// rules and season. Anything else is offered nothing.
func (b *Bot) onAutocomplete(ctx context.Context, i *discordgo.Interaction) reply {
	d := i.ApplicationCommandData()
	var choices []*discordgo.ApplicationCommandOptionChoice
	if d.Name == "leaderboard" {
		opts := options{}
		var typed, focused string
		for _, o := range d.Options {
			opts[o.Name] = o
			if o.Focused && o.Type == discordgo.ApplicationCommandOptionString {
				typed, focused = o.StringValue(), o.Name
			}
		}
		switch focused {
		case "rules":
			choices = b.rulesChoices(ctx, i, opts.str("game"), typed)
		case "season":
			choices = b.seasonChoices(ctx, i, typed)
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return respond(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}})
}

// rulesChoices are the house rules of game played in the server, as the
// player's language says them, those that contain typed: the standard
// game first.
func (b *Bot) rulesChoices(ctx context.Context, i *discordgo.Interaction, game, typed string) []*discordgo.ApplicationCommandOptionChoice {
	info, ok := b.games.Lookup(game)
	if !ok {
		return nil
	}
	played, err := b.store.HouseRulesPlayed(ctx, i.GuildID, info.Name)
	if err != nil {
		b.log.Warn("reading the house rules played failed", "err", err)
		return nil
	}
	l := userLang(i)
	want := strings.ToLower(typed)
	out := []*discordgo.ApplicationCommandOptionChoice{}
	offer := func(name, value string) {
		if len(out) < maxChoices && strings.Contains(strings.ToLower(name), want) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, 100), Value: value})
		}
	}
	offer(words.T(l, "the standard game"), standardRules)
	for _, p := range played {
		if o, err := info.ParseOptions(p); err == nil && len(p) <= 100 {
			offer(info.DescribeOptionsIn(l, o), p)
		}
	}
	return out
}
