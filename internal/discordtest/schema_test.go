package discordtest_test

import (
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestDiscordgoBodiesMatchTheOfficialSchema: the bodies discordgo v0.29.0
// writes for the calls the dealer bot makes conform to Discord's official
// OpenAPI description. If a discordgo upgrade, a spec update or a new kind
// of call breaks this, the fake would refuse the bot's requests: this says
// which field.
func TestDiscordgoBodiesMatchTheOfficialSchema(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "1", Style: discordgo.PrimaryButton, CustomID: "t:1:0:s1"},
			discordgo.Button{Label: "Undo", Style: discordgo.SecondaryButton, CustomID: "t:1:0:u", Disabled: true},
			discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: "t:1:0:r", Emoji: &discordgo.ComponentEmoji{Name: "🏳️"}},
			discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.org/rules"},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: "t:1:0:a", Placeholder: "Add a computer player", MinValues: new(int), MaxValues: 1,
				Options: []discordgo.SelectMenuOption{{Label: "Bond", Value: "1", Description: "a careful player", Default: true}}},
		}},
	}
	picture := &[]*discordgo.MessageAttachment{{ID: "0", Filename: "table.png"}}
	for _, c := range []struct {
		name  string
		route string
		body  any
	}{
		{"message with components", discordtest.RouteSendMessage, discordgo.MessageSend{Content: "your hand", Components: rows,
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{"1100000000000000001"}}}},
		{"message with an embed", discordtest.RouteSendMessage, discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{
			Title: "Leaderboard", Description: "1. alice", Color: 0x2e7d32, Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{{Name: "Games", Value: "3", Inline: true}}, Footer: &discordgo.MessageEmbedFooter{Text: "today"}}}}},
		{"message without mentions", discordtest.RouteSendMessage, discordgo.MessageSend{Content: "x", AllowedMentions: &discordgo.MessageAllowedMentions{}}},
		{"channel edit replacing the picture", discordtest.RouteEditMessage, discordgo.MessageEdit{Content: str("move 2"), Components: &rows,
			Attachments: &[]*discordgo.MessageAttachment{}, ID: "1", Channel: "2"}},
		{"channel edit listing the new file (v10)", discordtest.RouteEditMessage, discordgo.MessageEdit{Content: str("move 2"), Attachments: picture, ID: "1", Channel: "2"}},
		{"channel edit clearing the buttons", discordtest.RouteEditMessage, discordgo.MessageEdit{Content: str("Game over"), Components: &[]discordgo.MessageComponent{}, ID: "1", Channel: "2"}},
		{"type 4", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "table", Components: rows, Attachments: &[]*discordgo.MessageAttachment{}}}},
		{"type 4, private", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "not your turn", Flags: discordgo.MessageFlagsEphemeral}}},
		{"type 5, private", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}},
		{"type 6", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}},
		{"type 7, partial (content, null components and embeds)", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "x"}}},
		{"type 7, whole table", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "move 3", Components: rows, Attachments: picture}}},
		{"type 7, no components", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "Game over", Components: []discordgo.MessageComponent{}, Attachments: &[]*discordgo.MessageAttachment{}}}},
		{"type 9, modal", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "Deal number", Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "n", Label: "Deal", Style: discordgo.TextInputShort, Required: true, MaxLength: 10}}}}}}},
		{"type 8, autocomplete", discordtest.RouteCallback, discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Doublets", Value: "doublets"}}}}},
		{"edit of @original", discordtest.RouteWebhookEdit, discordgo.WebhookEdit{Content: str("move 1"), Components: &rows, Attachments: &[]*discordgo.MessageAttachment{}}},
		{"edit of @original, v10 attachments", discordtest.RouteWebhookEdit, discordgo.WebhookEdit{Content: str("move 1"), Attachments: picture}},
		{"follow-up, private with buttons", discordtest.RouteFollowup, discordgo.WebhookParams{Content: "your hand", Components: rows, Flags: discordgo.MessageFlagsEphemeral}},
		{"follow-up with an embed", discordtest.RouteFollowup, discordgo.WebhookParams{Embeds: []*discordgo.MessageEmbed{{Title: "Stats"}}, AllowedMentions: &discordgo.MessageAllowedMentions{}}},
		{"DM channel", discordtest.RouteCreateDM, struct {
			RecipientID string `json:"recipient_id"`
		}{"1100000000000000001"}},
		{"commands", discordtest.RouteGuildCommands, []*discordgo.ApplicationCommand{
			{Name: "play", Description: "Deal a game", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true,
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Double FreeCell", Value: "doublefreecell"}}},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "deal", Description: "Deal number", MinValue: new(float64), MaxValue: 1 << 31},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose stats"},
				{Type: discordgo.ApplicationCommandOptionString, Name: "name", Description: "A name", Autocomplete: true, MaxLength: 32},
			}},
			{Name: "rules", Description: "How to play", Contexts: &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM},
				IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			body, err := json.Marshal(c.body)
			require.NoError(t, err)
			problems, err := discordtest.SchemaCheck(c.route, body)
			require.NoError(t, err)
			assert.Empty(t, problems, "%s", body)
		})
	}
}

// TestSchemaCheck: SchemaCheck itself: a route without a body, a bad body.
func TestSchemaCheck(t *testing.T) {
	t.Parallel()
	p, err := discordtest.SchemaCheck(discordtest.RouteGetChannel, []byte(`{}`))
	require.NoError(t, err)
	assert.Nil(t, p, "no request body schema for GET")
	p, err = discordtest.SchemaCheck(discordtest.RouteSendMessage, []byte(`{"components":[{"type":1,"components":[{"type":2,"style":9,"custom_id":"b","label":"B"}]}]}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"/components/0/components/0/style: value must be one of 1, 2, 3, 4, 5, 6"}, p)
}

// BenchmarkSchemaCheck is the cost of validating a table update (type 7
// with 5 rows of buttons), the most common body under load.
func BenchmarkSchemaCheck(b *testing.B) {
	var rows []discordgo.MessageComponent
	for r := 0; r < 5; r++ {
		var bs []discordgo.MessageComponent
		for i := 0; i < 5; i++ {
			bs = append(bs, discordgo.Button{Label: "10", Style: discordgo.SecondaryButton, CustomID: "t:1:0:s" + string(rune('a'+5*r+i))})
		}
		rows = append(rows, discordgo.ActionsRow{Components: bs})
	}
	body, _ := json.Marshal(discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "move 3", Components: rows, Attachments: &[]*discordgo.MessageAttachment{}}})
	if p, err := discordtest.SchemaCheck(discordtest.RouteCallback, body); err != nil || p != nil {
		b.Fatal(p, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		discordtest.SchemaCheck(discordtest.RouteCallback, body)
	}
}
