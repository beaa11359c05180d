package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// PNG is a picture file with its description (alt text), which the
// message's attachments carry for screen readers (listFiles).
func PNG(name string, png []byte, alt string) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: described{bytes.NewReader(png), alt}}
}

// described is a picture's bytes and its description.
type described struct {
	*bytes.Reader
	alt string
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
	case *webhookEdit:
		return json.Marshal(struct {
			*webhookEdit
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

// plainButton, plainRow and plainContainer are the JSON discordgo's
// MarshalJSON writes for a button, a row and a container, as plain structs.
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
	plainContainer struct {
		ID          int                     `json:"id,omitempty"`
		AccentColor *int                    `json:"accent_color,omitempty"`
		Spoiler     bool                    `json:"spoiler"`
		Components  []any                   `json:"components"`
		Type        discordgo.ComponentType `json:"type"`
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
		case discordgo.Container: // a V2 message's: its rows as plain as the others
			out[k] = plainContainer{ID: c.ID, AccentColor: c.AccentColor, Spoiler: c.Spoiler, Components: plainComponents(c.Components), Type: c.Type()}
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

// AltText is a picture's description, as PNG was given it ("" for
// another file): a V2 message's gallery item says it too.
func AltText(f *discordgo.File) string {
	if d, ok := f.Reader.(described); ok {
		return d.alt
	}
	return ""
}
