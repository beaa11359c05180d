package discord

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// interactionBuckets is how many rate-limit buckets interaction answers
// are spread over. They go through the session's own request functions
// with a bucket chosen here, not discordgo's: discordgo v0.29.0 keeps a
// rate-limit bucket per interaction token for ever (its memory grows with
// every click the bot ever answered) and puts every file-less edit of a
// deferred answer in one bucket for the whole process (one slow edit holds
// up all the others). Interactions are spread over a fixed number of
// buckets instead: bounded memory, and two interactions rarely share one.
const interactionBuckets = 256

// interactionBucket is the bucket of an interaction's requests.
func interactionBucket(token string) string {
	h := fnv.New32a()
	h.Write([]byte(token))
	return "interaction/" + strconv.Itoa(int(h.Sum32()%interactionBuckets))
}

// webhookCall sends one request about interaction i within ctx (see
// request).
func (w *Wire) webhookCall(ctx context.Context, i *discordgo.Interaction, method, url string, data any, files []*discordgo.File) ([]byte, error) {
	return w.request(ctx, method, url, interactionBucket(i.Token), data, files)
}

// callback answers an interaction for the first time.
func (w *Wire) callback(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		_, err := w.webhookCall(ctx, i, "POST", url, autocompleteBody(resp), nil)
		return err
	}
	documented(resp)
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		_, err := w.webhookCall(ctx, i, "POST", url, resp, nil)
		return err
	}
	contentType, multipart, err := callbackBody(resp)
	if err != nil {
		return err
	}
	_, err = w.raw(ctx, "POST", url, contentType, multipart, interactionBucket(i.Token))
	return err
}

// autocompleteBody is an autocomplete answer as Discord documents it: its
// choices alone (discordgo's type would send every message field too).
func autocompleteBody(resp *discordgo.InteractionResponse) any {
	type data struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	if resp.Data != nil && resp.Data.Choices != nil {
		choices = resp.Data.Choices
	}
	return struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data data                              `json:"data"`
	}{resp.Type, data{choices}}
}

// original is the URL of an interaction's original answer.
func original(i *discordgo.Interaction) string {
	return discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
}

// webhookEdit is discordgo's WebhookEdit with the flags an edit may set:
// IS_COMPONENTS_V2, which a deferral cannot (Discord ignores it there), so
// a deferred V2 answer sets it by the edit that brings it.
type webhookEdit struct {
	*discordgo.WebhookEdit
	Flags discordgo.MessageFlags `json:"flags,omitempty"`
}

// editOriginal replaces an interaction's original answer with d.
func (w *Wire) editOriginal(ctx context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	edit := &webhookEdit{WebhookEdit: &discordgo.WebhookEdit{
		Content: &d.Content, Components: &d.Components, Embeds: &d.Embeds,
		Attachments: d.Attachments, AllowedMentions: d.AllowedMentions,
	}, Flags: d.Flags & discordgo.MessageFlagsIsComponentsV2}
	if edit.Attachments == nil {
		edit.Attachments = &[]*discordgo.MessageAttachment{}
	}
	_, err := w.webhookCall(ctx, i, "PATCH", original(i), edit, d.Files)
	return err
}

// followUp sends d as a new message after the interaction's answer:
// private when d is ephemeral. Files and controls go with it.
func (w *Wire) followUp(ctx context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	params := &discordgo.WebhookParams{
		Content: d.Content, Components: d.Components, Embeds: d.Embeds, Flags: d.Flags,
		AllowedMentions: d.AllowedMentions,
	}
	_, err := w.webhookCall(ctx, i, "POST", discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", params, d.Files)
	return err
}

// deleteOriginal removes an interaction's original answer.
func (w *Wire) deleteOriginal(ctx context.Context, i *discordgo.Interaction) error {
	_, err := w.webhookCall(ctx, i, "DELETE", original(i), nil, nil)
	return err
}

// MessageRef is where a message is.
type MessageRef struct {
	ID        string `json:"id"`
	ChannelID string `json:"channel_id"`
}

// OriginalMessage reads where the message an interaction's response
// created is. Only that is decoded: discordgo's Message decodes every
// component twice over, for every table opened.
func (w *Wire) OriginalMessage(ctx context.Context, i *discordgo.Interaction) (MessageRef, error) {
	body, err := w.webhookCall(ctx, i, "GET", original(i), nil, nil)
	if err != nil {
		return MessageRef{}, err
	}
	var m MessageRef
	err = json.Unmarshal(body, &m)
	return m, err
}
