package bot

import (
	"encoding/json"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Interaction answers go through the session's own request functions with
// a bucket chosen here, not discordgo's: discordgo v0.29.0 keeps a
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

// webhookCall sends one request about interaction i (see request).
func (b *Bot) webhookCall(i *discordgo.Interaction, method, url string, data any, files []*discordgo.File) ([]byte, error) {
	return b.request(method, url, interactionBucket(i.Token), data, files)
}

// request sends one request in bucket: data as JSON, or with files as
// multipart, each new file listed in the message's attachments. It does not
// wait out rate limits: its callers decide whether a wait still fits.
func (b *Bot) request(method, url, bucket string, data any, files []*discordgo.File) ([]byte, error) {
	body, err := b.send(method, url, bucket, data, files)
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		b.metrics.rateLimited.WithLabelValues(routeOf(method, url)).Inc()
	}
	return body, err
}

// send is request's one attempt.
func (b *Bot) send(method, url, bucket string, data any, files []*discordgo.File) ([]byte, error) {
	if len(files) == 0 {
		return b.s.RequestWithBucketID(method, url, data, bucket, discordgo.WithRetryOnRatelimit(false))
	}
	body, err := listFiles(data, files)
	if err != nil {
		return nil, err
	}
	contentType, multipart, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, err
	}
	return b.s.RequestRaw(method, url, contentType, multipart, bucket, 0, discordgo.WithRetryOnRatelimit(false))
}

// attachmentRef lists a new file in a message's attachments by its index,
// with a picture's description (alt text).
type attachmentRef struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// listFiles is the JSON of a message with its new files listed in its
// attachments, the form both API v9 and v10 accept (v10 drops files a
// message does not list; discordgo would send every field of its
// attachment type).
func listFiles(message any, files []*discordgo.File) (json.RawMessage, error) {
	raw, err := json.Marshal(message)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	refs := make([]attachmentRef, len(files))
	for k, f := range files {
		refs[k] = attachmentRef{ID: strconv.Itoa(k), Filename: f.Name}
		if d, ok := f.Reader.(described); ok {
			refs[k].Description = d.alt
		}
	}
	if fields["attachments"], err = json.Marshal(refs); err != nil {
		return nil, err
	}
	// The object written by hand, keys in json.Marshal's order: its values
	// are valid already, and json.Marshal would check and compact each
	// again (on every picture sent).
	keys := make([]string, 0, len(fields))
	n := 2
	for k, v := range fields {
		keys = append(keys, k)
		n += len(k) + len(v) + 4
	}
	slices.Sort(keys)
	out := make([]byte, 0, n)
	out = append(out, '{')
	for i, k := range keys {
		if i > 0 {
			out = append(out, ',')
		}
		key, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		out = append(append(append(out, key...), ':'), fields[k]...)
	}
	return append(out, '}'), nil
}

// callback answers an interaction for the first time.
func (b *Bot) callback(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		_, err := b.webhookCall(i, "POST", url, resp, nil)
		return err
	}
	data, err := listFiles(resp.Data, resp.Data.Files)
	if err != nil {
		return err
	}
	body := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}{resp.Type, data}
	contentType, multipart, err := discordgo.MultipartBodyWithJSON(body, resp.Data.Files)
	if err != nil {
		return err
	}
	_, err = b.s.RequestRaw("POST", url, contentType, multipart, interactionBucket(i.Token), 0, discordgo.WithRetryOnRatelimit(false))
	return err
}

// original is the URL of an interaction's original answer.
func original(i *discordgo.Interaction) string {
	return discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
}

// editOriginal replaces an interaction's original answer with d.
func (b *Bot) editOriginal(i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	edit := &discordgo.WebhookEdit{
		Content: &d.Content, Components: &d.Components, Embeds: &d.Embeds,
		Attachments: d.Attachments, AllowedMentions: d.AllowedMentions,
	}
	if edit.Attachments == nil {
		edit.Attachments = &[]*discordgo.MessageAttachment{}
	}
	_, err := b.webhookCall(i, "PATCH", original(i), edit, d.Files)
	return err
}

// followUp sends d as a new message after the interaction's answer:
// private when d is ephemeral. Files and controls go with it.
func (b *Bot) followUp(i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	params := &discordgo.WebhookParams{
		Content: d.Content, Components: d.Components, Embeds: d.Embeds, Flags: d.Flags,
		AllowedMentions: d.AllowedMentions,
	}
	_, err := b.webhookCall(i, "POST", discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", params, d.Files)
	return err
}

// deleteOriginal removes an interaction's original answer.
func (b *Bot) deleteOriginal(i *discordgo.Interaction) error {
	_, err := b.webhookCall(i, "DELETE", original(i), nil, nil)
	return err
}

// originalMessage reads the message an interaction's response created (to
// learn its id).
func (b *Bot) originalMessage(i *discordgo.Interaction) (*discordgo.Message, error) {
	body, err := b.webhookCall(i, "GET", original(i), nil, nil)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	return &m, nil
}
