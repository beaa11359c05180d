package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleComponents is a table's controls: rows of buttons (one with no
// style, one a link) and a menu.
func sampleComponents() []discordgo.MessageComponent {
	// The custom ids of table 12345 (9ix in base 36) at version 42 (16).
	id := func(action string) string { return "t:9ix:16:" + action }
	var rows []discordgo.MessageComponent
	for r := range 3 {
		var row []discordgo.MessageComponent
		for c := range 5 {
			place := strconv.Itoa(r*5 + c)
			row = append(row, discordgo.Button{Label: "7♠ <" + place + "> & \"x\"", Style: discordgo.SecondaryButton, Disabled: c%2 == 0, CustomID: id("s" + place)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	rows = append(rows,
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Hint", CustomID: id("i")},
			discordgo.Button{Label: "Replay", Style: discordgo.LinkButton, URL: "https://example.com/t/12345?a=1&b=2"},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id("p0"), Placeholder: "Pick",
			Options: []discordgo.SelectMenuOption{{Label: "one", Value: "1"}, {Label: "two", Value: "2", Description: "the second"}},
		}}})
	return rows
}

// samplePNG is a picture with its description.
func samplePNG(name string) *discordgo.File {
	png := make([]byte, 5000)
	for k := range png {
		png[k] = byte(k * 7)
	}
	return PNG(name, png, "The table: seven columns, \"the stock\" and four foundations.")
}

// sampleResponse is a solitaire's answer as the bot sends it.
func sampleResponse(comps []discordgo.MessageComponent) *discordgo.InteractionResponse {
	data := &discordgo.InteractionResponseData{
		Content:    "**Klondike** · deal #1234 · <@123456789012345678>'s table · move 42\nScore 120.",
		Components: comps, Files: []*discordgo.File{samplePNG("klondike-1234-42.png")}, Attachments: &[]*discordgo.MessageAttachment{},
	}
	data.AllowedMentions = NoMentions
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
}

// discordgoJSON is message as discordgo encodes it, with files listed in
// its attachments (what listFiles did before it encoded in one pass).
func discordgoJSON(t *testing.T, message any, files []*discordgo.File) map[string]any {
	t.Helper()
	raw, err := json.Marshal(message)
	require.NoError(t, err)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(raw, &fields))
	var refs []any
	for k, f := range files {
		ref := map[string]any{"id": strconv.Itoa(k), "filename": f.Name}
		if d, ok := f.Reader.(described); ok && d.alt != "" {
			ref["description"] = d.alt
		}
		refs = append(refs, ref)
	}
	fields["attachments"] = refs
	return fields
}

// decoded is JSON decoded generically.
func decoded(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal(raw, &v), "%s", raw)
	return v
}

// TestListFilesAsDiscordgo: a message with files says what discordgo's
// encoding of it says, for every kind of message the bot sends files
// with, with controls, none ([]) and no field (nil).
func TestListFilesAsDiscordgo(t *testing.T) {
	content := "move 3"
	for _, comps := range [][]discordgo.MessageComponent{sampleComponents(), {}, nil} {
		files := []*discordgo.File{samplePNG("a.png"), {Name: `b "x".png`, Reader: bytes.NewReader([]byte("b"))}}
		messages := []any{
			sampleResponse(comps).Data,
			&discordgo.WebhookEdit{Content: &content, Components: &comps, Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: NoMentions},
			&discordgo.WebhookEdit{Content: &content},
			&discordgo.WebhookParams{Content: content, Components: comps, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: NoMentions},
			&discordgo.MessageSend{Content: content, Components: comps, AllowedMentions: NoMentions},
			&discordgo.MessageEdit{Content: &content, Components: &comps, AllowedMentions: NoMentions},
			&discordgo.MessageEdit{Content: &content},
		}
		for _, m := range messages {
			t.Run(fmt.Sprintf("%T/%d", m, len(comps)), func(t *testing.T) {
				got, err := listFiles(m, files)
				require.NoError(t, err)
				assert.Equal(t, discordgoJSON(t, m, files), decoded(t, got))
			})
		}
	}
	_, err := listFiles(&struct{}{}, []*discordgo.File{samplePNG("a.png")})
	assert.Error(t, err, "a message of a kind it does not know")
}

// parts reads a multipart body: each part's headers and bytes.
func parts(t *testing.T, contentType string, body []byte) [][2]string {
	t.Helper()
	_, params, err := mime.ParseMediaType(contentType)
	require.NoError(t, err)
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var out [][2]string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		out = append(out, [2]string{fmt.Sprint(p.Header), string(b)})
	}
}

// TestMultipartBodyAsDiscordgo: the parts are discordgo's, the payload
// and the files' bytes as given.
func TestMultipartBodyAsDiscordgo(t *testing.T) {
	files := func() []*discordgo.File {
		return []*discordgo.File{samplePNG(`a\"b.png`), {Name: "c.bin", Reader: bytes.NewReader([]byte("c"))}}
	}
	payload := []byte(`{"content":"x","attachments":[]}`)
	wantType, want, err := discordgo.MultipartBodyWithJSON(json.RawMessage(payload), files())
	require.NoError(t, err)
	gotType, got, err := multipartBody(payload, files())
	require.NoError(t, err)
	wantMedia, _, _ := mime.ParseMediaType(wantType)
	gotMedia, _, _ := mime.ParseMediaType(gotType)
	assert.Equal(t, wantMedia, gotMedia)
	assert.Equal(t, parts(t, wantType, want), parts(t, gotType, got))
}

// TestCallbackBody: an answer with a picture is its type and its data.
func TestCallbackBody(t *testing.T) {
	resp := sampleResponse(sampleComponents())
	contentType, body, err := callbackBody(resp)
	require.NoError(t, err)
	ps := parts(t, contentType, body)
	require.Len(t, ps, 2)
	got := decoded(t, []byte(ps[0][1]))
	assert.Equal(t, float64(resp.Type), got["type"])
	assert.Equal(t, discordgoJSON(t, resp.Data, resp.Data.Files), got["data"])
}

// BenchmarkCallbackBody is the encoding of a solitaire's answer.
func BenchmarkCallbackBody(b *testing.B) {
	resp := sampleResponse(sampleComponents())
	b.ReportAllocs()
	for b.Loop() {
		resp.Data.Files[0].Reader.(described).Seek(0, io.SeekStart)
		if _, _, err := callbackBody(resp); err != nil {
			b.Fatal(err)
		}
	}
}
