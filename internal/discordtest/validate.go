package discordtest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Discord's limits for classic (non-V2) messages.
const (
	MaxContent        = 2000
	MaxEmbeds         = 10
	MaxEmbedTotal     = 6000
	MaxRows           = 5
	MaxButtonsPerRow  = 5
	MaxSelectOptions  = 25
	MaxCustomID       = 100
	MaxButtonLabel    = 80
	MaxAttachments    = 10
	MaxModalTitle     = 45
	MaxModalRows      = 5
	MaxTextInputLabel = 45
)

func runes(s string) int { return utf8.RuneCountInString(s) }

func fe(path, code, msg string) formError { return formError{path: path, code: code, msg: msg} }

func tooLong(path string, max int) formError {
	return fe(path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", max))
}

func join(prefix, path string) string {
	if prefix == "" {
		return path
	}
	return prefix + "." + path
}

func isSelect(t int) bool {
	return t == ComponentStringSelect || t == ComponentUserSelect || t == ComponentRoleSelect ||
		t == ComponentMentionSelect || t == ComponentChannelSelect
}

// validateRows enforces the classic layout rules on a message's
// components, decoded; prefix is the JSON path of the components array.
func validateRows(rows []wireComponent, prefix string) []formError {
	var errs []formError
	if len(rows) > MaxRows {
		errs = append(errs, tooLong(prefix, MaxRows))
	}
	seen := make(map[string]string, MaxRows*MaxButtonsPerRow)
	for i, row := range rows {
		rp := prefix + "." + strconv.Itoa(i) // not Sprintf: this runs for every component of every move
		if row.Type != ComponentActionRow {
			errs = append(errs, fe(rp+".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Value of field \"type\" must be one of (1,); got %d (top-level components must be action rows)", row.Type)))
			continue
		}
		errs = append(errs, validateRow(row, rp, seen)...)
	}
	return errs
}

// validateRow checks an action row at rp; seen holds the custom ids met so
// far in the message (where first used).
func validateRow(row wireComponent, rp string, seen map[string]string) []formError {
	var errs []formError
	if len(row.Components) == 0 {
		return append(errs, fe(rp+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
	}
	if len(row.Components) > MaxButtonsPerRow {
		errs = append(errs, fe(rp+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
	}
	hasSelect := false
	for _, c := range row.Components {
		if isSelect(c.Type) {
			hasSelect = true
		}
	}
	if hasSelect && len(row.Components) > 1 {
		errs = append(errs, fe(rp+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width (a select menu must be alone in its row)"))
	}
	for j, c := range row.Components {
		cp := rp + ".components." + strconv.Itoa(j)
		switch {
		case c.Type == ComponentButton:
			errs = append(errs, validateButton(c, cp)...)
		case isSelect(c.Type):
			errs = append(errs, validateSelect(c, cp)...)
		default:
			errs = append(errs, fe(cp+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d is not allowed in a message action row", c.Type)))
			continue
		}
		if id := c.CustomID; id != "" {
			if first, dup := seen[id]; dup {
				errs = append(errs, fe(cp+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", fmt.Sprintf("Component custom id cannot be duplicated (%q already used at %s)", id, first)))
			} else {
				seen[id] = cp
			}
		}
	}
	return errs
}

func validateCustomID(c wireComponent, cp string) []formError {
	if c.CustomID == "" {
		return []formError{fe(cp+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")}
	}
	if runes(c.CustomID) > MaxCustomID {
		return []formError{tooLong(cp+".custom_id", MaxCustomID)}
	}
	return nil
}

func validateButton(c wireComponent, cp string) []formError {
	var errs []formError
	switch c.Style {
	case ButtonPrimary, ButtonSecondary, ButtonSuccess, ButtonDanger:
		errs = append(errs, validateCustomID(c, cp)...)
		if c.URL != "" {
			errs = append(errs, fe(cp+".url", "BUTTON_NON_LINK_HAS_URL", "A non-link button cannot have a url"))
		}
	case ButtonLink:
		if c.URL == "" {
			errs = append(errs, fe(cp+".url", "BASE_TYPE_REQUIRED", "This field is required"))
		}
		if c.CustomID != "" {
			errs = append(errs, fe(cp+".custom_id", "BUTTON_LINK_HAS_CUSTOM_ID", "A link button cannot have a custom id"))
		}
	case ButtonPremium:
		if c.SkuID == "" {
			errs = append(errs, fe(cp+".sku_id", "BASE_TYPE_REQUIRED", "This field is required"))
		}
	default:
		errs = append(errs, fe(cp+".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {1, 2, 3, 4, 5, 6}; got %d", c.Style)))
	}
	if runes(c.Label) > MaxButtonLabel {
		errs = append(errs, tooLong(cp+".label", MaxButtonLabel))
	}
	if c.Style != ButtonPremium && c.Label == "" && c.Emoji == nil {
		errs = append(errs, fe(cp+".label", "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji"))
	}
	return errs
}

func validateSelect(c wireComponent, cp string) []formError {
	errs := validateCustomID(c, cp)
	if runes(c.Placeholder) > 150 {
		errs = append(errs, tooLong(cp+".placeholder", 150))
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if minV < 0 || minV > 25 {
		errs = append(errs, fe(cp+".min_values", "NUMBER_TYPE_MAX", "min_values must be between 0 and 25"))
	}
	if maxV < 1 || maxV > 25 {
		errs = append(errs, fe(cp+".max_values", "NUMBER_TYPE_MAX", "max_values must be between 1 and 25"))
	}
	if minV > maxV {
		errs = append(errs, fe(cp+".min_values", "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX", "min_values cannot exceed max_values"))
	}
	if c.Type != ComponentStringSelect {
		return errs
	}
	switch n := len(c.Options); {
	case n == 0:
		errs = append(errs, fe(cp+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."))
	case n > MaxSelectOptions:
		errs = append(errs, fe(cp+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."))
	case maxV > n:
		errs = append(errs, fe(cp+".max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS", fmt.Sprintf("max_values (%d) exceeds the number of options (%d)", maxV, n)))
	}
	values := map[string]bool{}
	for k, o := range c.Options {
		op := cp + ".options." + strconv.Itoa(k)
		if o.Label == "" || runes(o.Label) > 100 {
			errs = append(errs, fe(op+".label", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		}
		if o.Value == "" || runes(o.Value) > 100 {
			errs = append(errs, fe(op+".value", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		}
		if runes(o.Description) > 100 {
			errs = append(errs, tooLong(op+".description", 100))
		}
		if values[o.Value] {
			errs = append(errs, fe(op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", fmt.Sprintf("Option value %q is duplicated", o.Value)))
		}
		values[o.Value] = true
	}
	return errs
}

func validateEmbeds(ws []wireEmbed, prefix string) []formError {
	var errs []formError
	if len(ws) > MaxEmbeds {
		errs = append(errs, tooLong(prefix, MaxEmbeds))
	}
	total := 0
	for i, e := range ws {
		ep := fmt.Sprintf("%s.%d", prefix, i)
		check := func(field, v string, max int) {
			total += runes(v)
			if runes(v) > max {
				errs = append(errs, tooLong(ep+"."+field, max))
			}
		}
		check("title", e.Title, 256)
		check("description", e.Description, 4096)
		if e.Footer != nil {
			check("footer.text", e.Footer.Text, 2048)
		}
		if e.Author != nil {
			check("author.name", e.Author.Name, 256)
		}
		if len(e.Fields) > 25 {
			errs = append(errs, tooLong(ep+".fields", 25))
		}
		for k, f := range e.Fields {
			fp := fmt.Sprintf("fields.%d", k)
			if f.Name == "" {
				errs = append(errs, fe(ep+"."+fp+".name", "BASE_TYPE_REQUIRED", "This field is required"))
			}
			if f.Value == "" {
				errs = append(errs, fe(ep+"."+fp+".value", "BASE_TYPE_REQUIRED", "This field is required"))
			}
			check(fp+".name", f.Name, 256)
			check(fp+".value", f.Value, 1024)
		}
	}
	if total > MaxEmbedTotal {
		errs = append(errs, fe(prefix, "MESSAGE_EMBEDS_TOO_LONG", fmt.Sprintf("Embed size exceeds maximum size of %d", MaxEmbedTotal)))
	}
	return errs
}

// applyPayload (s.mu held) applies a create or edit payload (plus uploaded files) to m,
// or returns the error Discord gives and leaves m unchanged.
//
// Edit semantics follow API v9: a key that is present replaces the field
// (null or "" clears it), an absent key leaves it alone. Uploaded files are
// added; when "attachments" is present, only the existing attachments it
// lists are kept (so "attachments": [] plus a new file replaces the picture),
// and when it is absent every existing attachment is kept (discordgo#1524).
//
// prefix is the JSON path of the message object in the body ("" or "data").
func (s *Server) applyPayload(m *Message, payload json.RawMessage, files []File, create bool, prefix, via string) *apiErr {
	var p map[string]json.RawMessage
	if len(payload) > 0 {
		var err error
		if p, err = decodeFields(payload); err != nil {
			return apiError(400, 50109, "The request body contains invalid JSON.")
		}
	}
	return s.applyFields(m, p, files, create, prefix, via)
}

// applyFields is applyPayload on a payload already decoded to its keys
// (the values may be the request body's own bytes, which nothing writes
// to: they are kept without a copy).
func (s *Server) applyFields(m *Message, p map[string]json.RawMessage, files []File, create bool, prefix, via string) *apiErr {
	// A new Body: the stored one is never written to (readers' copies
	// and History share nothing with it but immutable slices).
	nb := m.Body
	if create {
		nb = Body{}
	}
	nb.Via, nb.At = via, time.Now()
	errs := applyText(&nb, p, create, prefix)
	errs = append(errs, applyComponents(&nb, p, prefix)...)
	fileErrs, tooBig := s.applyAttachments(&nb, p, files, prefix)
	if tooBig != nil {
		return tooBig
	}
	errs = append(errs, fileErrs...)
	if errs = append(errs, checkV2Body(&nb, p, !create && m.IsV2(), prefix)...); len(errs) > 0 {
		return invalidForm(errs...)
	}
	if s.opts.RequireAltText {
		for _, it := range nb.V2.Gallery {
			if strings.TrimSpace(it.Description) == "" {
				s.violationLocked("media gallery item %q sent without a description (alt text)", it.URL)
			}
		}
	}
	if nb.Content == "" && len(nb.Embeds) == 0 && len(nb.Attachments) == 0 && len(nb.Components) == 0 && nb.V2.Count == 0 {
		return apiError(400, 50006, "Cannot send an empty message")
	}
	if !create && !s.opts.Lean {
		m.History = append(m.History, m.Body)
	}
	m.Body = nb
	return nil
}

// applyText applies a payload's content, embeds and flags to nb.
func applyText(nb *Body, p map[string]json.RawMessage, create bool, prefix string) []formError {
	var errs []formError
	if raw, ok := p["content"]; ok {
		var c *string
		if err := json.Unmarshal(raw, &c); err != nil {
			errs = append(errs, fe(join(prefix, "content"), "BASE_TYPE_STRING", "Must be a string."))
		}
		nb.Content = str(c)
	}
	if runes(nb.Content) > MaxContent {
		errs = append(errs, tooLong(join(prefix, "content"), MaxContent))
	}
	if raw, ok := p["embeds"]; ok {
		embeds, wire, err := parseEmbeds(raw)
		if err != nil {
			errs = append(errs, fe(join(prefix, "embeds"), "MODEL_TYPE_CONVERT", err.Error()))
		}
		errs = append(errs, validateEmbeds(wire, join(prefix, "embeds"))...)
		nb.Embeds, nb.EmbedsJSON = embeds, nil
		if len(embeds) > 0 {
			nb.EmbedsJSON = raw
		}
	}
	if raw, ok := p["flags"]; ok {
		var f int
		_ = json.Unmarshal(raw, &f)
		if create {
			nb.Flags = f & (FlagSuppressEmbeds | FlagEphemeral | 1<<12 | FlagComponentsV2)
		} else { // an edit may set or unset these two (unsetting V2 is refused: checkV2Body)
			nb.Flags = nb.Flags&^(FlagSuppressEmbeds|FlagComponentsV2) | f&(FlagSuppressEmbeds|FlagComponentsV2)
		}
	}
	return errs
}

// applyComponents applies a payload's components to nb, decoded once for
// the checks and the model alike: a V2 message's by the V2 rules (nb's
// flags are the payload's already), another's by the classic ones.
func applyComponents(nb *Body, p map[string]json.RawMessage, prefix string) []formError {
	raw, ok := p["components"]
	if !ok {
		return nil
	}
	var errs []formError
	var rows []Row
	nb.V2 = Layout{}
	if string(raw) != "null" {
		if wire, err := decodeComponents(raw); err != nil {
			errs = append(errs, fe(join(prefix, "components"), "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType: "+err.Error()))
			errs = append(errs, fe(join(prefix, "components"), "MODEL_TYPE_CONVERT", err.Error()))
		} else if nb.IsV2() {
			var v2errs []formError
			rows, nb.V2, v2errs = validateV2(wire, join(prefix, "components"))
			errs = append(errs, v2errs...)
		} else {
			errs = append(errs, validateRows(wire, join(prefix, "components"))...)
			rows = rowsOf(wire)
		}
	}
	nb.Components, nb.ComponentsJSON = rows, nil
	if len(rows) > 0 {
		nb.ComponentsJSON = raw
	}
	return errs
}

// applyAttachments applies a payload's attachments list and its files to
// nb: the attachments kept, and each file added with the description the
// list gives it. A file over the size limit is an error of its own (413).
func (s *Server) applyAttachments(nb *Body, p map[string]json.RawMessage, files []File, prefix string) ([]formError, *apiErr) {
	descr, errs := keepAttachments(nb, p, len(files), prefix)
	nb.Attachments = slices.Clip(nb.Attachments) // appended to: no write into the stored body's array
	for i, f := range files {
		if f.Field != fmt.Sprintf("files[%d]", i) {
			errs = append(errs, fe("files", "FAKE_MULTIPART", fmt.Sprintf("multipart field %q out of order (want files[%d])", f.Field, i)))
		}
		if len(f.Data) > s.opts.MaxFileSize {
			return nil, apiError(413, 40005, "Request entity too large")
		}
		if f.Name == "" {
			errs = append(errs, fe(fmt.Sprintf("files.%d", i), "BASE_TYPE_REQUIRED", "a file needs a filename"))
		}
		if s.opts.RequireAltText && strings.HasPrefix(f.ContentType, "image/") && strings.TrimSpace(descr[i]) == "" {
			// Not Discord's rule but the project's: a picture a screen
			// reader cannot read is a failure in the bot's tests.
			s.violationLocked("picture %q sent without a description (alt text)", f.Name)
		}
		// f.Data is the request's own copy (parseBody), never written
		// again: shared, not copied.
		nb.Attachments = append(nb.Attachments, Attachment{ID: s.NewID(), Filename: f.Name, ContentType: f.ContentType,
			Description: descr[i], Data: f.Data})
	}
	if len(nb.Attachments) > MaxAttachments {
		errs = append(errs, tooLong(join(prefix, "attachments"), MaxAttachments))
	}
	return errs, nil
}

// keepAttachments reads a payload's attachments list: the message's
// attachments it names are kept in nb, the others dropped; the entries
// that refer to the request's files (by index, of nfiles) give their
// descriptions, which it returns by file.
func keepAttachments(nb *Body, p map[string]json.RawMessage, nfiles int, prefix string) (map[int]string, []formError) {
	descr := map[int]string{}
	raw, ok := p["attachments"]
	if !ok || string(raw) == "null" {
		return descr, nil
	}
	var errs []formError
	var list []struct {
		ID          json.RawMessage `json:"id"`
		Description string          `json:"description"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		errs = append(errs, fe(join(prefix, "attachments"), "MODEL_TYPE_CONVERT", err.Error()))
	}
	keep := map[string]bool{}
	for _, a := range list {
		id := strings.Trim(string(a.ID), `"`)
		if n, err := strconv.Atoi(id); err == nil && n >= 0 && n < nfiles && len(id) < 6 {
			descr[n] = a.Description // refers to files[n]
			continue
		}
		keep[id] = true
	}
	var kept []Attachment
	for _, a := range nb.Attachments {
		if keep[a.ID] {
			kept = append(kept, a)
		}
	}
	nb.Attachments = kept
	return descr, errs
}

// describe summarises an error answer for a violation line.
func (e *apiErr) describe() string {
	code, _ := e.body["code"].(int)
	msg, _ := e.body["message"].(string)
	out := fmt.Sprintf("%d %s", code, msg)
	if errs, ok := e.body["errors"].(map[string]any); ok {
		var lines []string
		var walk func(path string, v map[string]any)
		walk = func(path string, v map[string]any) {
			for _, k := range sortedKeys(v) {
				if k == "_errors" {
					for _, x := range v[k].([]any) {
						m := x.(map[string]any)
						lines = append(lines, fmt.Sprintf("%s: %s (%s)", path, m["message"], m["code"]))
					}
					continue
				}
				if sub, ok := v[k].(map[string]any); ok {
					walk(join(path, k), sub)
				}
			}
		}
		walk("", errs)
		out += ": " + strings.Join(lines, "; ")
	}
	return out
}
