package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"mime/multipart"
	"net/textproto"
	"strconv"
	"strings"

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
	payload, err := listFiles(data, files)
	if err != nil {
		return nil, err
	}
	contentType, body, err := multipartBody(payload, files)
	if err != nil {
		return nil, err
	}
	return b.s.RequestRaw(method, url, contentType, body, bucket, 0, discordgo.WithRetryOnRatelimit(false))
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
//
// It is encoded in one pass, for every picture sent: the message's own
// attachments and components are hidden by the wrapper's (encoding/json
// lets the shallower field win), the components in their plain form (see
// plainComponents).
func listFiles(message any, files []*discordgo.File) ([]byte, error) {
	refs := make([]attachmentRef, len(files))
	for k, f := range files {
		refs[k] = attachmentRef{ID: strconv.Itoa(k), Filename: f.Name}
		if d, ok := f.Reader.(described); ok {
			refs[k].Description = d.alt
		}
	}
	// Each wrapper's components keep the message's field's tag: null, [],
	// or left out, as discordgo would send them.
	switch m := message.(type) {
	case *discordgo.InteractionResponseData:
		return json.Marshal(struct {
			*discordgo.InteractionResponseData
			Components  []any           `json:"components"`
			Attachments []attachmentRef `json:"attachments"`
		}{m, plainComponents(m.Components), refs})
	case *discordgo.WebhookEdit:
		return json.Marshal(struct {
			*discordgo.WebhookEdit
			Components  *[]any          `json:"components,omitempty"`
			Attachments []attachmentRef `json:"attachments"`
		}{m, plainComponentsOf(m.Components), refs})
	case *discordgo.WebhookParams:
		return json.Marshal(struct {
			*discordgo.WebhookParams
			Components  []any           `json:"components"`
			Attachments []attachmentRef `json:"attachments"`
		}{m, plainComponents(m.Components), refs})
	case *discordgo.MessageSend:
		return json.Marshal(struct {
			*discordgo.MessageSend
			Components  []any           `json:"components"`
			Attachments []attachmentRef `json:"attachments"`
		}{m, plainComponents(m.Components), refs})
	case *discordgo.MessageEdit:
		return json.Marshal(struct {
			*discordgo.MessageEdit
			Components  *[]any          `json:"components,omitempty"`
			Attachments []attachmentRef `json:"attachments"`
		}{m, plainComponentsOf(m.Components), refs})
	}
	return nil, fmt.Errorf("sending files with a %T is not supported", message)
}

// button is discordgo's without its MarshalJSON.
type button discordgo.Button

// plainButton and plainRow are the JSON discordgo's MarshalJSON writes for
// a button and a row, as plain structs.
type (
	plainButton struct {
		button
		Type discordgo.ComponentType `json:"type"`
	}
	plainRow struct {
		Components []any                   `json:"components"`
		ID         int                     `json:"id,omitempty"`
		Type       discordgo.ComponentType `json:"type"`
	}
)

// plainComponents is components with its rows and buttons as plain
// structs: discordgo's MarshalJSON marshals each anew, and encoding/json
// then checks and compacts what it returns, at every level (a message's
// buttons were scanned three times). Other components stay as they are.
// nil stays nil.
func plainComponents(components []discordgo.MessageComponent) []any {
	if components == nil {
		return nil
	}
	out := make([]any, len(components))
	for k, c := range components {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out[k] = plainRow{Components: plainComponents(c.Components), ID: c.ID, Type: c.Type()}
		case discordgo.Button:
			if c.Style == 0 { // as discordgo's MarshalJSON
				c.Style = discordgo.PrimaryButton
			}
			out[k] = plainButton{button(c), c.Type()}
		default:
			out[k] = c
		}
	}
	return out
}

// plainComponentsOf is plainComponents of an edit's components: nil
// (left out) for nil.
func plainComponentsOf(components *[]discordgo.MessageComponent) *[]any {
	if components == nil {
		return nil
	}
	plain := plainComponents(*components)
	return &plain
}

// quoteEscaper escapes a file name in a part's header, as discordgo does.
var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

// multipartBody is a request's multipart body: the payload and the files,
// as discordgo's MultipartBodyWithJSON writes them, but into a buffer
// sized once (growing it while copying a picture in cost as much as the
// copy) and without encoding the payload again.
func multipartBody(payload []byte, files []*discordgo.File) (contentType string, body []byte, err error) {
	size := len(payload) + 256*(len(files)+1)
	for _, f := range files {
		if r, ok := f.Reader.(interface{ Len() int }); ok {
			size += r.Len()
		}
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	w := multipart.NewWriter(buf)
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	p, _ := w.CreatePart(h) // writing to a bytes.Buffer does not fail
	p.Write(payload)
	for k, f := range files {
		h := make(textproto.MIMEHeader)
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, k, quoteEscaper.Replace(f.Name)))
		contentType := f.ContentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		h.Set("Content-Type", contentType)
		p, _ := w.CreatePart(h)
		if _, err := io.Copy(p, f.Reader); err != nil {
			return "", nil, err
		}
	}
	w.Close()
	return w.FormDataContentType(), buf.Bytes(), nil
}

// callback answers an interaction for the first time.
func (b *Bot) callback(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		_, err := b.webhookCall(i, "POST", url, resp, nil)
		return err
	}
	contentType, multipart, err := callbackBody(resp)
	if err != nil {
		return err
	}
	_, err = b.s.RequestRaw("POST", url, contentType, multipart, interactionBucket(i.Token), 0, discordgo.WithRetryOnRatelimit(false))
	return err
}

// callbackBody is the multipart body of an answer with files.
func callbackBody(resp *discordgo.InteractionResponse) (string, []byte, error) {
	data, err := listFiles(resp.Data, resp.Data.Files)
	if err != nil {
		return "", nil, err
	}
	payload := make([]byte, 0, len(data)+32)
	payload = append(payload, `{"type":`...)
	payload = strconv.AppendInt(payload, int64(resp.Type), 10)
	payload = append(append(append(payload, `,"data":`...), data...), '}')
	return multipartBody(payload, resp.Data.Files)
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

// messageRef is where a message is.
type messageRef struct {
	ID        string `json:"id"`
	ChannelID string `json:"channel_id"`
}

// originalMessage reads where the message an interaction's response
// created is. Only that is decoded: discordgo's Message decodes every
// component twice over, for every table opened.
func (b *Bot) originalMessage(i *discordgo.Interaction) (messageRef, error) {
	body, err := b.webhookCall(i, "GET", original(i), nil, nil)
	if err != nil {
		return messageRef{}, err
	}
	var m messageRef
	err = json.Unmarshal(body, &m)
	return m, err
}
