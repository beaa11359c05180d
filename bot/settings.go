package bot

// /settings: a player's own settings, kept in the store, and the renderer
// they choose for the pictures drawn for that player alone: their
// solitaire tables and their hands. A multiplayer table's picture in the
// channel is everyone's, and stays classic.

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/store"
)

// settingsCommand is /settings, usable anywhere: with no options it shows
// the player's settings; deck and cards change them.
func (b *Bot) settingsCommand(gameChoices) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Description: "Your own settings: how the cards in your pictures look",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "deck", Description: "The suits' colours (default: classic)",
				Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "classic: ♥ ♦ red, ♠ ♣ black", Value: "classic"},
					{Name: "four-colour: ♦ blue, ♣ green", Value: "four-colour"},
				}},
			{Type: discordgo.ApplicationCommandOptionString, Name: "cards", Description: "The cards' corners (default: normal)",
				Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "normal", Value: "normal"},
					{Name: "large, for phones", Value: "large"},
				}},
		},
	}
}

// settings answers /settings, privately: the player's settings, changed
// first by the options given.
func (b *Bot) settings(ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
	user := discord.UserOf(i)
	if user.ID == "" {
		return private(words.T(userLang(i), "I couldn't tell who you are: try again."))
	}
	st, err := b.store.Settings(ctx, user.ID)
	if err != nil {
		b.log.Error("reading settings failed", "err", err)
		return private(words.T(userLang(i), "I couldn't read your settings just now: try again."))
	}
	was := st
	switch opts.str("deck") {
	case "classic":
		st.FourColour = false
	case "four-colour":
		st.FourColour = true
	}
	switch opts.str("cards") {
	case "normal":
		st.Large = false
	case "large":
		st.Large = true
	}
	given := opts.str("deck") != "" || opts.str("cards") != ""
	if given {
		if err := b.store.SetSettings(ctx, user.ID, st); err != nil {
			b.log.Error("saving settings failed", "err", err)
			return private(words.T(userLang(i), "I couldn't save your settings just now: try again."))
		}
		if st != was { // draw the new deck's cards now rather than at the next picture
			b.wire.Go("drawing a deck", func() { b.render.With(deckOf(st)) })
		}
	}
	return private(settingsText(userLang(i), st, given))
}

// settingsText says a player's settings, and where they apply.
func settingsText(l lang.Lang, st store.Settings, saved bool) string {
	var sb strings.Builder
	if saved {
		sb.WriteString(words.T(l, "**Saved.**") + " ")
	}
	sb.WriteString(words.T(l, "Your settings:") + "\n")
	if st.FourColour {
		sb.WriteString(words.T(l, "- deck: **four-colour**: ♠ black, ♥ red, ♦ blue, ♣ green") + "\n")
	} else {
		sb.WriteString(words.T(l, "- deck: **classic**: ♥ ♦ red, ♠ ♣ black") + "\n")
	}
	if st.Large {
		sb.WriteString(words.T(l, "- cards: **large**: bigger corners, for phones") + "\n")
	} else {
		sb.WriteString(words.T(l, "- cards: **normal**") + "\n")
	}
	sb.WriteString(words.T(l, "- language: **%s**, as your Discord is set", l.Name()) + "\n")
	sb.WriteString(words.T(l, "They apply to the pictures drawn for you alone, from the next one: your solitaire tables and your hands. "+
		"A table everyone sees in the channel keeps the classic cards. Change them with `/settings deck:… cards:…`."))
	return sb.String()
}

// deckOf is the renderer's deck for a player's settings.
func deckOf(st store.Settings) render.Deck {
	return render.Deck{FourColour: st.FourColour, Large: st.Large}
}

// renderFor is the renderer for pictures drawn for one player alone: in
// the deck of their settings; classic for no player (a computer's seat)
// or when their settings cannot be read.
func (b *Bot) renderFor(userID string) *render.Renderer {
	if userID == "" {
		return b.render
	}
	ctx, cancel := b.quick()
	defer cancel()
	st, err := b.store.Settings(ctx, userID)
	if err != nil {
		b.log.Warn("reading a player's settings failed: classic cards", "err", err)
		return b.render
	}
	return b.render.With(deckOf(st))
}
