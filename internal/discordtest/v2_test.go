package discordtest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// v2Table is a V2 table message's body: a container of a header, the
// picture file by name (with alt text) and a row of one button.
func v2Table(header, file, alt string) map[string]any {
	return map[string]any{
		"flags": 1 << 15, "content": "", "attachments": []any{map[string]any{"id": "0", "filename": file, "description": alt}},
		"components": []any{map[string]any{"type": 17, "accent_color": 0x5865F2, "components": []any{
			map[string]any{"type": 10, "content": header},
			map[string]any{"type": 12, "items": []any{map[string]any{"media": map[string]any{"url": "attachment://" + file}, "description": alt}}},
			map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}}},
		}}},
	}
}

// TestComponentsV2Edits: Discord's rules over a V2 message's life, through
// channel edits: a message made V1 upgrades by an edit that sets the flag
// and empties its content; the flag then stays (an edit without it is
// refused); content cannot come back; every file must be shown by a
// component, and every component's file be there. Each refusal leaves the
// message as it was.
func TestComponentsV2Edits(t *testing.T) {
	t.Parallel()
	fake := newFake(t, discordtest.Options{RateLimits: discordtest.RateLimits{Off: true}})
	bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
	png := func(name string) discordtest.File {
		return discordtest.File{Name: name, ContentType: "image/png", Data: []byte("\x89PNG " + name)}
	}
	st, body := bot.call("POST", "/channels/"+channelID+"/messages", map[string]any{"content": "**Table** · move 0",
		"attachments": []any{map[string]any{"id": "0", "filename": "t0.png", "description": "the table"}}}, png("t0.png"))
	require.Equal(t, 200, st, body)
	id := msgID(t, body)
	path := "/channels/" + channelID + "/messages/" + id

	upgradeKeepingContent := v2Table("**Table** · move 1", "t1.png", "the table, move 1")
	delete(upgradeKeepingContent, "content")
	withContent := v2Table("x", "t2.png", "alt")
	withContent["content"] = "back again"
	unshown := v2Table("x", "t2.png", "alt")
	unshown["attachments"] = []any{map[string]any{"id": "0", "filename": "t2.png"}, map[string]any{"id": "1", "filename": "extra.png"}}
	for _, c := range []struct {
		name   string
		body   map[string]any
		files  []discordtest.File
		status int
	}{
		{"an upgrade that leaves the content", upgradeKeepingContent, []discordtest.File{png("t1.png")}, 400},
		{"the upgrade", v2Table("**Table** · move 1", "t1.png", "the table, move 1"), []discordtest.File{png("t1.png")}, 200},
		{"an edit dropping the flag", map[string]any{"flags": 0, "content": "plain again"}, nil, 400},
		{"an edit with content", withContent, []discordtest.File{png("t2.png")}, 400},
		{"a file no component shows", unshown, []discordtest.File{png("t2.png"), png("extra.png")}, 400},
		{"a gallery naming a file not sent", v2Table("x", "missing.png", "alt"), nil, 400},
		{"an edit leaving out the flag (kept)", v2Table("**Table** · move 2", "t2.png", "the table, move 2"), []discordtest.File{png("t2.png")}, 200},
	} {
		before, _ := fake.Message(id)
		if c.name == "an edit leaving out the flag (kept)" {
			delete(c.body, "flags")
		}
		st, body := bot.call("PATCH", path, c.body, c.files...)
		assert.Equal(t, c.status, st, "%s: %s", c.name, body)
		after, _ := fake.Message(id)
		if c.status != 200 {
			assert.Equal(t, before.Edits(), after.Edits(), "%s: a refused edit changes nothing", c.name)
		}
	}
	m, ok := fake.Message(id)
	require.True(t, ok)
	assert.True(t, m.IsV2())
	assert.Empty(t, m.Content)
	assert.Equal(t, "**Table** · move 2", m.Text())
	require.Len(t, m.V2.Gallery, 1)
	assert.Equal(t, discordtest.GalleryItem{URL: "attachment://t2.png", Description: "the table, move 2"}, m.V2.Gallery[0])
	assert.Equal(t, 5, m.V2.Count, "container, text, gallery, row, button")
	assert.Equal(t, []int{discordtest.ComponentTextDisplay, discordtest.ComponentMediaGallery, discordtest.ComponentActionRow}, m.V2.Children)
	require.NotNil(t, m.V2.Accent)
	assert.Equal(t, 0x5865F2, *m.V2.Accent)
	assert.Equal(t, []string{"go"}, m.CustomIDs(), "the rows in the container are the message's")
	require.Len(t, m.Attachments, 1)
	assert.Equal(t, "t2.png", m.Attachments[0].Filename)
}
