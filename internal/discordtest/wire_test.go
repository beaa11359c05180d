package discordtest_test

// discordgo v0.29.0 serialisation facts that the fake and the bot rely on.
// If a discordgo upgrade changes them, this fails.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWirePartialUpdateSendsEmptyFields: InteractionResponseData has no
// omitempty on content/components/embeds, so a "partial" type-7 update
// always sends content:"", components:null, embeds:null — and the fake, like
// Discord, then clears them.
func TestWirePartialUpdateSendsEmptyFields(t *testing.T) {
	got := marshal(t, discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "x"}})
	want := `{"type":7,"data":{"tts":false,"content":"x","components":null,"embeds":null}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	got = marshal(t, discordgo.InteractionResponse{Type: 5, Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
	if !strings.Contains(got, `"flags":64`) || !strings.Contains(got, `"content":""`) {
		t.Fatalf("type 5: %s", got)
	}
	// WebhookEdit (InteractionResponseEdit) uses pointers + omitempty: only what you set is sent.
	c := "done"
	if got := marshal(t, discordgo.WebhookEdit{Content: &c}); got != `{"content":"done"}` {
		t.Fatalf("webhook edit: %s", got)
	}
	// An empty Attachments slice is sent as [] (drop the old files); nil is omitted (keep them).
	if got := marshal(t, discordgo.WebhookEdit{Attachments: &[]*discordgo.MessageAttachment{}}); got != `{"attachments":[]}` {
		t.Fatalf("attachments: %s", got)
	}
}

// TestWireEndpointOverrideDoesNotPropagate: Endpoint* string variables are
// computed once at package init, so overriding EndpointDiscord does not move
// EndpointAPI & co.: the fake is reached through Session.Client instead.
func TestWireEndpointOverrideDoesNotPropagate(t *testing.T) {
	old := discordgo.EndpointDiscord
	defer func() { discordgo.EndpointDiscord = old }()
	discordgo.EndpointDiscord = "http://127.0.0.1:1/"
	if !strings.HasPrefix(discordgo.EndpointInteractionResponse("1", "t"), "https://discord.com/api/v9/") {
		t.Fatal("EndpointDiscord override propagated; harness assumptions changed")
	}
}
