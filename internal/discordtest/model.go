package discordtest

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// Channel types (wire values).
const (
	ChannelGuildText = 0
	ChannelDM        = 1
)

// Component types (wire values: classic components, then Components V2's).
const (
	ComponentActionRow     = 1
	ComponentButton        = 2
	ComponentStringSelect  = 3
	ComponentTextInput     = 4
	ComponentUserSelect    = 5
	ComponentRoleSelect    = 6
	ComponentMentionSelect = 7
	ComponentChannelSelect = 8
	ComponentSection       = 9
	ComponentTextDisplay   = 10
	ComponentThumbnail     = 11
	ComponentMediaGallery  = 12
	ComponentFile          = 13
	ComponentSeparator     = 14
	ComponentContainer     = 17
)

// Button styles (wire values).
const (
	ButtonPrimary   = 1
	ButtonSecondary = 2
	ButtonSuccess   = 3
	ButtonDanger    = 4
	ButtonLink      = 5
	ButtonPremium   = 6
)

// Message flags (wire values).
const (
	FlagSuppressEmbeds = 1 << 2
	FlagEphemeral      = 1 << 6
	FlagLoading        = 1 << 7
	FlagComponentsV2   = 1 << 15
)

// Channel is a guild text channel or a DM channel.
type Channel struct {
	ID, GuildID, Name string
	Type              int    // ChannelGuildText or ChannelDM
	Recipient         string // DM only: the user
	messages          []string
}

// Attachment is a stored file, with its bytes.
type Attachment struct {
	ID, Filename, ContentType, Description string
	Data                                   []byte
}

// Button is a button component.
type Button struct {
	CustomID string
	Label    string
	Emoji    string // name of the emoji, if any
	Style    int    // ButtonPrimary…ButtonLink
	URL      string // link buttons
	Disabled bool
}

// SelectOption is an option of a string select menu.
type SelectOption struct {
	Label, Value, Description, Emoji string
	Default                          bool
}

// Select is a select menu.
type Select struct {
	Type        int // ComponentStringSelect, ComponentUserSelect…
	CustomID    string
	Placeholder string
	MinValues   int // as sent (Discord's default when absent is 1)
	MaxValues   int
	Disabled    bool
	Options     []SelectOption
}

// Row is an action row: either up to five buttons, or one select menu.
type Row struct {
	Buttons []Button
	Select  *Select
}

// EmbedField is a field of an embed.
type EmbedField struct {
	Name, Value string
	Inline      bool
}

// Embed is the part of an embed tests look at.
type Embed struct {
	Title, Description, URL string
	Color                   int
	ImageURL, ThumbnailURL  string // "attachment://name.png" for uploaded files
	Footer, Author          string
	Fields                  []EmbedField
}

// Body is what a message shows at one point of its life.
type Body struct {
	Content     string
	Embeds      []Embed
	Components  []Row // every action row, in a V2 message wherever it is nested
	V2          Layout
	Attachments []Attachment
	Flags       int
	At          time.Time // when this state was set
	Via         string    // what set it: "create", "callback 4", "callback 7", "webhook edit", "followup", "channel edit"

	EmbedsJSON     json.RawMessage // embeds exactly as the bot sent them
	ComponentsJSON json.RawMessage // components exactly as the bot sent them
}

// Message is the fake's model of a message. Values returned by the fake are
// copies: read them freely.
type Message struct {
	ID, ChannelID, GuildID string // GuildID is "" in DMs
	AuthorID               string
	Type                   int       // 0 default, 19 reply, 20 chat-input command response
	InteractionID          string    // the interaction whose response or follow-up this is
	UserID                 string    // ephemeral messages: the only user who sees it
	Ephemeral              bool      // flag 64
	Loading                bool      // a deferred "thinking…" response not yet replaced
	Deleted                bool      // deleted since (still readable here)
	Created                time.Time // when it was created (real time; see AgeMessage)
	Body                             // what it shows now
	History                []Body    // earlier states, oldest first (len = number of edits)
}

// Edits is the number of times the message was changed after creation.
func (m Message) Edits() int { return len(m.History) }

func (m *Message) clone() Message {
	c := *m
	c.Body = m.Body.clone()
	c.History = make([]Body, len(m.History))
	for i, b := range m.History {
		c.History[i] = b.clone()
	}
	return c
}

func (b Body) clone() Body {
	c := b
	c.Embeds = append([]Embed(nil), b.Embeds...)
	c.Attachments = append([]Attachment(nil), b.Attachments...)
	c.V2 = b.V2.clone()
	c.Components = make([]Row, len(b.Components))
	n := 0
	for _, r := range b.Components {
		n += len(r.Buttons)
	}
	buttons := make([]Button, 0, n) // one array for every row's buttons (players read tables all the time)
	for i, r := range b.Components {
		if len(r.Buttons) > 0 {
			start := len(buttons)
			buttons = append(buttons, r.Buttons...)
			c.Components[i].Buttons = buttons[start:len(buttons):len(buttons)]
		}
		if r.Select != nil {
			sel := *r.Select
			sel.Options = append([]SelectOption(nil), r.Select.Options...)
			c.Components[i].Select = &sel
		}
	}
	return c
}

// CustomIDs lists the custom_id of every component, row by row.
func (b Body) CustomIDs() []string {
	var out []string
	for _, r := range b.Components {
		for _, bt := range r.Buttons {
			if bt.CustomID != "" {
				out = append(out, bt.CustomID)
			}
		}
		if r.Select != nil {
			out = append(out, r.Select.CustomID)
		}
	}
	return out
}

// Buttons lists every button, row by row.
func (b Body) Buttons() []Button {
	var out []Button
	for _, r := range b.Components {
		out = append(out, r.Buttons...)
	}
	return out
}

// Button finds the button with customID.
func (b Body) Button(customID string) (Button, bool) {
	return b.findButton(func(bt *Button) bool { return bt.CustomID == customID })
}

// ButtonByLabel finds the first button whose label is label.
func (b Body) ButtonByLabel(label string) (Button, bool) {
	return b.findButton(func(bt *Button) bool { return bt.Label == label })
}

// EnabledButton finds the first enabled button whose label starts with
// prefix ("": any).
func (b Body) EnabledButton(prefix string) (Button, bool) {
	return b.findButton(func(bt *Button) bool { return !bt.Disabled && strings.HasPrefix(bt.Label, prefix) })
}

// Enabled lists the labels of the enabled buttons, row by row.
func (b Body) Enabled() []string {
	var out []string
	for _, bt := range b.Buttons() {
		if !bt.Disabled {
			out = append(out, bt.Label)
		}
	}
	return out
}

func (b Body) findButton(match func(*Button) bool) (Button, bool) {
	for _, r := range b.Components {
		for i := range r.Buttons {
			if match(&r.Buttons[i]) {
				return r.Buttons[i], true
			}
		}
	}
	return Button{}, false
}

// Select finds the select menu with customID.
func (b Body) Select(customID string) (Select, bool) {
	for _, r := range b.Components {
		if r.Select != nil && r.Select.CustomID == customID {
			return *r.Select, true
		}
	}
	return Select{}, false
}

// Selects lists every select menu.
func (b Body) Selects() []Select {
	var out []Select
	for _, r := range b.Components {
		if r.Select != nil {
			out = append(out, *r.Select)
		}
	}
	return out
}

// Attachment finds the attachment named filename.
func (b Body) Attachment(filename string) (Attachment, bool) {
	for _, a := range b.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// Text is everything a reader sees as text: the content, then each embed's
// author, title, description, fields and footer, one per line; in a V2
// message, its text displays.
func (b Body) Text() string {
	parts := []string{}
	if b.Content != "" {
		parts = append(parts, b.Content)
	}
	parts = append(parts, b.V2.Texts...)
	for _, e := range b.Embeds {
		for _, s := range []string{e.Author, e.Title, e.Description} {
			if s != "" {
				parts = append(parts, s)
			}
		}
		for _, f := range e.Fields {
			parts = append(parts, f.Name+": "+f.Value)
		}
		if e.Footer != "" {
			parts = append(parts, e.Footer)
		}
	}
	return strings.Join(parts, "\n")
}

// ---- parsing the wire into the model ------------------------------------

// wireComponent is a component as the bot sends it (classic components).
type wireComponent struct {
	Type        int             `json:"type"`
	CustomID    string          `json:"custom_id"` // null or absent: "", as Discord reads it
	Label       string          `json:"label"`
	Style       int             `json:"style"`
	URL         string          `json:"url"`
	SkuID       string          `json:"sku_id"`
	Disabled    bool            `json:"disabled"`
	Emoji       *wireEmoji      `json:"emoji"`
	Placeholder string          `json:"placeholder"`
	MinValues   *int            `json:"min_values"`
	MaxValues   *int            `json:"max_values"`
	Options     []wireOption    `json:"options"`
	Components  []wireComponent `json:"components"`
	Content     string          `json:"content"`      // a text display's
	AccentColor *int            `json:"accent_color"` // a container's
	Items       []wireItem      `json:"items"`        // a media gallery's
	Accessory   *wireComponent  `json:"accessory"`    // a section's
	Media       *wireMedia      `json:"media"`        // a thumbnail's
	File        *wireMedia      `json:"file"`         // a file component's
	Value       string          `json:"value"`
	Required    *bool           `json:"required"`
	MinLength   int             `json:"min_length"`
	MaxLength   int             `json:"max_length"`
}

type wireEmoji struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type wireOption struct {
	Label       string     `json:"label"`
	Value       string     `json:"value"`
	Description string     `json:"description"`
	Emoji       *wireEmoji `json:"emoji"`
	Default     bool       `json:"default"`
}

// str is *p, or "" for nil.
func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// rowsOf is the model of decoded components.
func rowsOf(rows []wireComponent) []Row {
	out := make([]Row, 0, len(rows))
	for _, r := range rows {
		var row Row
		for _, c := range r.Components {
			switch c.Type {
			case ComponentButton:
				if row.Buttons == nil {
					row.Buttons = make([]Button, 0, len(r.Components))
				}
				b := Button{CustomID: c.CustomID, Label: c.Label, Style: c.Style, URL: c.URL, Disabled: c.Disabled}
				if c.Emoji != nil {
					b.Emoji = c.Emoji.Name
				}
				row.Buttons = append(row.Buttons, b)
			case ComponentStringSelect, ComponentUserSelect, ComponentRoleSelect, ComponentMentionSelect, ComponentChannelSelect:
				sel := &Select{Type: c.Type, CustomID: c.CustomID, Placeholder: c.Placeholder, Disabled: c.Disabled, MinValues: 1, MaxValues: 1}
				if c.MinValues != nil {
					sel.MinValues = *c.MinValues
				}
				if c.MaxValues != nil {
					sel.MaxValues = *c.MaxValues
				}
				for _, o := range c.Options {
					so := SelectOption{Label: o.Label, Value: o.Value, Description: o.Description, Default: o.Default}
					if o.Emoji != nil {
						so.Emoji = o.Emoji.Name
					}
					sel.Options = append(sel.Options, so)
				}
				row.Select = sel
			}
		}
		out = append(out, row)
	}
	return out
}

type wireEmbed struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Color       int    `json:"color"`
	Image       *struct {
		URL string `json:"url"`
	} `json:"image"`
	Thumbnail *struct {
		URL string `json:"url"`
	} `json:"thumbnail"`
	Footer *struct {
		Text string `json:"text"`
	} `json:"footer"`
	Author *struct {
		Name string `json:"name"`
	} `json:"author"`
	Fields []struct {
		Name   string `json:"name"`
		Value  string `json:"value"`
		Inline bool   `json:"inline"`
	} `json:"fields"`
}

func parseEmbeds(raw json.RawMessage) ([]Embed, []wireEmbed, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil, nil
	}
	var ws []wireEmbed
	if err := json.Unmarshal(raw, &ws); err != nil {
		return nil, nil, err
	}
	out := make([]Embed, 0, len(ws))
	for _, w := range ws {
		e := Embed{Title: w.Title, Description: w.Description, URL: w.URL, Color: w.Color}
		if w.Image != nil {
			e.ImageURL = w.Image.URL
		}
		if w.Thumbnail != nil {
			e.ThumbnailURL = w.Thumbnail.URL
		}
		if w.Footer != nil {
			e.Footer = w.Footer.Text
		}
		if w.Author != nil {
			e.Author = w.Author.Name
		}
		for _, f := range w.Fields {
			e.Fields = append(e.Fields, EmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		out = append(out, e)
	}
	return out, ws, nil
}

// ---- the model back to the wire ------------------------------------------

// The wire forms below are structs rather than maps: encoding/json writes
// a struct's fields in order from a cached plan, where a map costs an
// allocation per key and a sort. Under load the fake encodes a message for
// every click (INTERACTION_CREATE carries it).

// attachmentJSON is an attachment as Discord returns it.
type attachmentJSON struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	ContentType string `json:"content_type,omitempty"`
	Description string `json:"description,omitempty"`
}

func attachmentWire(channelID string, a Attachment) attachmentJSON {
	path := "/attachments/" + channelID + "/" + a.ID + "/" + a.Filename
	return attachmentJSON{ID: a.ID, Filename: a.Filename, Size: len(a.Data), URL: "https://cdn.discordapp.com" + path,
		ProxyURL: "https://media.discordapp.net" + path, ContentType: a.ContentType, Description: a.Description}
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }

// stamp is a real time t as a timestamp on the fake's clock.
func (s *Server) stamp(t time.Time) string { return stamp(t.Add(s.opts.ClockOffset)) }

// messageJSON is a message as Discord returns it, but for its embeds and
// components, which messageWire adds as the bot sent them.
type messageJSON struct {
	ID                  string               `json:"id"`
	ChannelID           string               `json:"channel_id"`
	GuildID             string               `json:"guild_id,omitempty"`
	Type                int                  `json:"type"`
	Content             string               `json:"content"`
	Author              userJSON             `json:"author"`
	Attachments         []attachmentJSON     `json:"attachments"`
	Flags               int                  `json:"flags"`
	Timestamp           string               `json:"timestamp"`
	EditedTimestamp     *string              `json:"edited_timestamp"`
	TTS                 bool                 `json:"tts"`
	MentionEveryone     bool                 `json:"mention_everyone"`
	Mentions            []struct{}           `json:"mentions"`
	MentionRoles        []struct{}           `json:"mention_roles"`
	Pinned              bool                 `json:"pinned"`
	WebhookID           string               `json:"webhook_id,omitempty"`
	ApplicationID       string               `json:"application_id,omitempty"`
	InteractionMetadata *interactionMetaJSON `json:"interaction_metadata,omitempty"`
}

type interactionMetaJSON struct {
	ID                           string   `json:"id"`
	Type                         int      `json:"type"`
	User                         userJSON `json:"user"`
	AuthorizingIntegrationOwners struct{} `json:"authorizing_integration_owners"`
}

// messageOut is a message as Discord returns it, to encode: taken under
// s.mu, encoded after (encode), so that the lock is not held meanwhile.
type messageOut struct {
	messageJSON
	embeds, components json.RawMessage // the bot's own, as it sent them
}

// messageWire is m as Discord returns it, to encode. Caller holds s.mu.
func (s *Server) messageWire(m *Message) messageOut {
	w := messageJSON{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Type: m.Type, Content: m.Content,
		Author: s.botUserWire(), Attachments: make([]attachmentJSON, len(m.Attachments)), Flags: m.Flags,
		Timestamp: s.stamp(m.Created), Mentions: []struct{}{}, MentionRoles: []struct{}{}}
	for i, a := range m.Attachments {
		w.Attachments[i] = attachmentWire(m.ChannelID, a)
	}
	if len(m.History) > 0 {
		edited := s.stamp(m.At)
		w.EditedTimestamp = &edited
	}
	if m.InteractionID != "" {
		w.WebhookID, w.ApplicationID = s.opts.AppID, s.opts.AppID
		if in := s.interactions[m.InteractionID]; in != nil {
			w.InteractionMetadata = &interactionMetaJSON{ID: in.ID, Type: in.Type, User: s.userWire(in.UserID)}
		}
	}
	return messageOut{w, m.EmbedsJSON, m.ComponentsJSON}
}

// encode is the message's JSON. The bot's embeds and components (valid
// JSON: parseBody checked the body) are added as they are: json.Marshal
// would scan and copy them again.
func (o messageOut) encode() json.RawMessage {
	return marshalWith(o.messageJSON, rawField{"embeds", rawOrEmpty(o.embeds)}, rawField{"components", rawOrEmpty(o.components)})
}

// MarshalJSON is encode, for a message inside another answer (a list).
func (o messageOut) MarshalJSON() ([]byte, error) { return o.encode(), nil }

func rawOrEmpty(r json.RawMessage) json.RawMessage {
	if len(r) == 0 || string(r) == "null" {
		return json.RawMessage("[]")
	}
	return r
}

// rawField is an object member whose value is encoded already.
type rawField struct {
	key   string // a plain key, written as is
	value []byte
}

// marshalWith is json.Marshal(v), v encoding to an object, with more
// members at its end, written into one buffer.
func marshalWith(v any, fields ...rawField) json.RawMessage {
	var buf bytes.Buffer
	n := 2048 // room for v (a message with its attachments, an interaction)
	for _, f := range fields {
		n += len(f.key) + len(f.value) + 4
	}
	buf.Grow(n)
	_ = json.NewEncoder(&buf).Encode(v) // structs of strings and numbers: no error
	out := bytes.TrimSuffix(buf.Bytes(), []byte("}\n"))
	for i, f := range fields {
		if i > 0 || len(out) > 1 { // after "{" alone, no comma
			out = append(out, ',')
		}
		out = append(out, '"')
		out = append(out, f.key...)
		out = append(out, `":`...)
		out = append(out, f.value...)
	}
	return append(out, '}')
}

// userJSON is a user as Discord returns it.
type userJSON struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	GlobalName    *string `json:"global_name"`
	Discriminator string  `json:"discriminator"`
	Avatar        *string `json:"avatar"`
	Bot           bool    `json:"bot"`
	PublicFlags   int     `json:"public_flags"`
}

func (s *Server) userWire(id string) userJSON {
	name := "user" + id
	if u, ok := s.users[id]; ok {
		name = u.Name
	}
	return userJSON{ID: id, Username: name, GlobalName: &name, Discriminator: "0"}
}

func (s *Server) botUserWire() userJSON {
	return userJSON{ID: s.opts.AppID, Username: s.opts.BotName, Discriminator: "0", Bot: true}
}

func (s *Server) channelWire(c *Channel) map[string]any {
	w := map[string]any{"id": c.ID, "type": c.Type, "flags": 0, "last_message_id": nil}
	if c.Type == ChannelDM {
		w["recipients"] = []any{s.userWire(c.Recipient)}
	} else {
		w["guild_id"] = c.GuildID
		w["name"] = c.Name
		w["position"] = 0
		w["permission_overwrites"] = []any{}
	}
	if n := len(c.messages); n > 0 {
		w["last_message_id"] = c.messages[n-1]
	}
	return w
}
