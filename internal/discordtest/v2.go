package discordtest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Discord's rules for Components V2 messages (flag IS_COMPONENTS_V2), from
// its component reference and message resource: the flag cannot be taken
// off once set; content, embeds, stickers and polls cannot go with it; a
// message has at most 40 components, nested ones counted, and at most 4,000
// characters of text displays; a media gallery holds 1–10 items, each
// described in at most 1,024 characters; files show only where a
// component names them (attachment://name), and the fake refuses a file
// no component shows.
const (
	MaxV2Components   = 40
	MaxV2Text         = 4000
	MaxGalleryItems   = 10
	MaxGalleryAltText = 1024
	MaxSectionTexts   = 3
)

// Layout is what a V2 message shows beside its action rows (Body.Components).
type Layout struct {
	Accent   *int          // the first container's accent colour (nil: none)
	Texts    []string      // the text displays' contents, in order
	Gallery  []GalleryItem // the media galleries' items, in order
	Media    []string      // every media URL a component names (galleries, files, thumbnails)
	Count    int           // components in all, nested ones counted
	Children []int         // the first container's children's types, in order
}

// GalleryItem is an item of a media gallery.
type GalleryItem struct {
	URL         string // "attachment://name.png" for an uploaded file
	Description string // its alt text
}

func (l Layout) clone() Layout {
	c := l
	c.Texts = slices.Clone(l.Texts)
	c.Gallery = slices.Clone(l.Gallery)
	c.Media = slices.Clone(l.Media)
	c.Children = slices.Clone(l.Children)
	return c
}

// IsV2 reports whether the message has the IS_COMPONENTS_V2 flag.
func (b Body) IsV2() bool { return b.Flags&FlagComponentsV2 != 0 }

// wireItem is a media gallery's item as the bot sends it.
type wireItem struct {
	Media       wireMedia `json:"media"`
	Description *string   `json:"description"`
	Spoiler     bool      `json:"spoiler"`
}

// wireMedia is an unfurled media item.
type wireMedia struct {
	URL string `json:"url"`
}

// v2Walk reads a V2 message's components: their checks, and the model.
type v2Walk struct {
	errs   []formError
	layout Layout
	rows   []Row
	seen   map[string]string // custom ids, where first used
	text   int               // characters of text displays
	inBox  bool              // the first container was met
}

// validateV2 checks a V2 message's components (decoded) and models them.
func validateV2(top []wireComponent, prefix string) ([]Row, Layout, []formError) {
	w := v2Walk{seen: map[string]string{}}
	for i, c := range top {
		w.component(c, prefix+"."+strconv.Itoa(i), 0)
	}
	if w.layout.Count > MaxV2Components {
		w.errs = append(w.errs, fe(prefix, "MAX_COMPONENTS", fmt.Sprintf("A message can have at most %d components, nested ones counted; got %d", MaxV2Components, w.layout.Count)))
	}
	if w.text > MaxV2Text {
		w.errs = append(w.errs, fe(prefix, "MAX_TEXT_DISPLAY_LENGTH", fmt.Sprintf("The text displays of a message can have at most %d characters; got %d", MaxV2Text, w.text)))
	}
	return w.rows, w.layout, w.errs
}

// component checks one component at depth (0: top level, 1: in a
// container).
func (w *v2Walk) component(c wireComponent, cp string, depth int) {
	w.layout.Count++
	switch c.Type {
	case ComponentContainer:
		if depth > 0 {
			w.bad(cp, c.Type, "a container cannot hold a container")
			return
		}
		if len(c.Components) == 0 {
			w.errs = append(w.errs, fe(cp+".components", "BASE_TYPE_BAD_LENGTH", "Must be at least 1 in length."))
		}
		first := !w.inBox
		if first {
			w.inBox, w.layout.Accent = true, c.AccentColor
		}
		for j, k := range c.Components {
			if first {
				w.layout.Children = append(w.layout.Children, k.Type)
			}
			w.component(k, cp+".components."+strconv.Itoa(j), depth+1)
		}
	case ComponentActionRow:
		w.layout.Count += len(c.Components)
		w.errs = append(w.errs, validateRow(c, cp, w.seen)...)
		w.rows = append(w.rows, rowsOf([]wireComponent{c})...)
	case ComponentTextDisplay:
		w.textDisplay(c, cp)
	case ComponentMediaGallery:
		w.gallery(c, cp)
	case ComponentSection:
		w.section(c, cp)
	case ComponentSeparator:
	case ComponentFile:
		if c.File == nil || !strings.HasPrefix(c.File.URL, "attachment://") {
			w.errs = append(w.errs, fe(cp+".file.url", "BASE_TYPE_REQUIRED", "A file component shows an uploaded file (attachment://name)"))
		} else {
			w.layout.Media = append(w.layout.Media, c.File.URL)
		}
	default:
		w.bad(cp, c.Type, "not allowed here in a Components V2 message")
	}
}

func (w *v2Walk) bad(cp string, t int, why string) {
	w.errs = append(w.errs, fe(cp+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d: %s", t, why)))
}

func (w *v2Walk) textDisplay(c wireComponent, cp string) {
	if c.Content == "" {
		w.errs = append(w.errs, fe(cp+".content", "BASE_TYPE_REQUIRED", "This field is required"))
	}
	w.text += runes(c.Content)
	w.layout.Texts = append(w.layout.Texts, c.Content)
}

func (w *v2Walk) gallery(c wireComponent, cp string) {
	if len(c.Items) == 0 || len(c.Items) > MaxGalleryItems {
		w.errs = append(w.errs, fe(cp+".items", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxGalleryItems)))
	}
	for k, it := range c.Items {
		ip := cp + ".items." + strconv.Itoa(k)
		if it.Media.URL == "" {
			w.errs = append(w.errs, fe(ip+".media.url", "BASE_TYPE_REQUIRED", "This field is required"))
		}
		d := str(it.Description)
		if it.Description != nil && (d == "" || runes(d) > MaxGalleryAltText) {
			w.errs = append(w.errs, fe(ip+".description", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxGalleryAltText)))
		}
		w.layout.Gallery = append(w.layout.Gallery, GalleryItem{URL: it.Media.URL, Description: d})
		w.layout.Media = append(w.layout.Media, it.Media.URL)
	}
}

func (w *v2Walk) section(c wireComponent, cp string) {
	if len(c.Components) == 0 || len(c.Components) > MaxSectionTexts {
		w.errs = append(w.errs, fe(cp+".components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", MaxSectionTexts)))
	}
	for j, k := range c.Components {
		w.layout.Count++
		if k.Type != ComponentTextDisplay {
			w.bad(cp+".components."+strconv.Itoa(j), k.Type, "a section holds text displays")
			continue
		}
		w.textDisplay(k, cp+".components."+strconv.Itoa(j))
	}
	switch a := c.Accessory; {
	case a == nil:
		w.errs = append(w.errs, fe(cp+".accessory", "BASE_TYPE_REQUIRED", "This field is required"))
	case a.Type == ComponentButton:
		w.layout.Count++
		w.errs = append(w.errs, validateButton(*a, cp+".accessory")...)
		w.rows = append(w.rows, Row{Buttons: []Button{{CustomID: a.CustomID, Label: a.Label, Style: a.Style, URL: a.URL, Disabled: a.Disabled}}})
	case a.Type == ComponentThumbnail:
		w.layout.Count++
		if a.Media != nil {
			w.layout.Media = append(w.layout.Media, a.Media.URL)
		}
	default:
		w.bad(cp+".accessory", a.Type, "a section's accessory is a button or a thumbnail")
	}
}

// v2Fields are the payload's fields that cannot go with the V2 flag.
var v2Fields = []string{"content", "embeds", "sticker_ids", "poll"}

// checkV2Body checks the message nb would become against the V2 rules
// (nb.Flags is the flag as it will be; had is whether the message already
// had it): the flag kept, no legacy field, every file shown by a component
// and every component's file there.
func checkV2Body(nb *Body, p map[string]json.RawMessage, had bool, prefix string) []formError {
	var errs []formError
	if had && !nb.IsV2() {
		errs = append(errs, fe(join(prefix, "flags"), "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG", "The IS_COMPONENTS_V2 flag cannot be removed from a message once set"))
	}
	if !nb.IsV2() {
		return errs
	}
	legacy := nb.Content != "" || len(nb.Embeds) > 0
	for _, f := range v2Fields[2:] {
		if raw, ok := p[f]; ok && string(raw) != "null" && string(raw) != "[]" {
			legacy = true
		}
	}
	if legacy {
		errs = append(errs, fe(prefix, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "content, embeds, sticker_ids and poll cannot be used with the IS_COMPONENTS_V2 flag (an upgraded message must clear them)"))
	}
	shown := map[string]bool{}
	for _, url := range nb.V2.Media {
		name, ok := strings.CutPrefix(url, "attachment://")
		if !ok {
			continue
		}
		shown[name] = true
		if _, there := nb.Attachment(name); !there {
			errs = append(errs, fe(join(prefix, "components"), "UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND", fmt.Sprintf("a component names attachment %q, which the message does not have", name)))
		}
	}
	for _, a := range nb.Attachments {
		if !shown[a.Filename] {
			errs = append(errs, fe(join(prefix, "attachments"), "FAKE_UNSHOWN_ATTACHMENT", fmt.Sprintf("attachment %q is shown by no component: a V2 message shows a file only where a component names it", a.Filename)))
		}
	}
	return errs
}
