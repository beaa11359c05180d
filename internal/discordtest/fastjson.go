package discordtest

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// decodeComponents decodes a message's components (raw is valid JSON, from
// a checked body), as json.Unmarshal(raw, &rows) would. Under load the
// fake decodes a table of buttons for every move, and encoding/json takes
// some 30 µs over 2 kB of them; this reader takes a third of that. It
// reads the plain JSON bots send and nothing else: a string with an escape,
// a key that differs from a field's name only by case, a repeated key, a
// value of another type than its field's (or anything it is unsure of)
// makes it give up, and the result is then json.Unmarshal's, errors
// included. So the fake's checks see the same components either way
// (FuzzDecodeComponents compares the two).
func decodeComponents(raw []byte) ([]wireComponent, error) {
	r := jsonReader{b: raw}
	var rows []wireComponent
	if r.components(&rows, 0) && r.end() {
		return rows, nil
	}
	rows = nil
	err := json.Unmarshal(raw, &rows)
	return rows, err
}

// jsonReader reads JSON from b at i. Its methods report false when they
// cannot read what comes as encoding/json would.
type jsonReader struct {
	b []byte
	i int
}

// maxComponentDepth bounds nesting (rows of components, in a message): past
// it, encoding/json decides.
const maxComponentDepth = 8

func (r *jsonReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// next skips spaces and reports whether c comes next, consuming it.
func (r *jsonReader) next(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// end reports whether nothing but spaces is left.
func (r *jsonReader) end() bool {
	r.space()
	return r.i == len(r.b)
}

// literal consumes the word w (null, true, false) if it comes next.
func (r *jsonReader) literal(w string) bool {
	r.space()
	if len(r.b)-r.i >= len(w) && string(r.b[r.i:r.i+len(w)]) == w {
		r.i += len(w)
		return true
	}
	return false
}

// str reads a string with no escape in it.
func (r *jsonReader) str() (string, bool) {
	s, ok := r.strBytes()
	return string(s), ok
}

// strBytes is str as the bytes of the input.
func (r *jsonReader) strBytes() ([]byte, bool) {
	if !r.next('"') {
		return nil, false
	}
	start := r.i
	for r.i < len(r.b) {
		switch c := r.b[r.i]; {
		case c == '"':
			s := r.b[start:r.i]
			r.i++
			if !utf8.Valid(s) { // encoding/json would replace bad bytes
				return nil, false
			}
			return s, true
		case c == '\\' || c < 0x20:
			return nil, false
		}
		r.i++
	}
	return nil, false
}

// integer reads an integer with no fraction or exponent, as an int field
// takes it.
func (r *jsonReader) integer() (int, bool) {
	r.space()
	neg := r.i < len(r.b) && r.b[r.i] == '-'
	if neg {
		r.i++
	}
	n, digits := 0, 0
	for ; r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9'; r.i++ {
		n = n*10 + int(r.b[r.i]-'0')
		digits++
	}
	if digits == 0 || digits > 18 { // more could overflow: encoding/json decides
		return 0, false
	}
	if r.i < len(r.b) && (r.b[r.i] == '.' || r.b[r.i] == 'e' || r.b[r.i] == 'E') {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// boolean reads true or false.
func (r *jsonReader) boolean() (bool, bool) {
	if r.literal("true") {
		return true, true
	}
	return false, r.literal("false")
}

// object reads an object, calling field for each key; field reads the
// value and reports whether it could. Known keys may come once; a key
// that matches one of known only by case makes it give up (encoding/json
// would fill that field with it). Other keys' values are skipped.
func (r *jsonReader) object(known []string, field func(k int) bool) bool {
	if !r.next('{') {
		return false
	}
	if r.next('}') {
		return true
	}
	var seen uint64
	for {
		key, ok := r.strBytes()
		if !ok || !r.next(':') {
			return false
		}
		k := fieldIndex(known, key)
		switch {
		case k == -2:
			return false
		case k == -1:
			if !r.skip(1) {
				return false
			}
		case seen&(1<<k) != 0:
			return false
		default:
			seen |= 1 << k
			if r.literal("null") { // leaves a fresh field as it is
				break
			}
			if !field(k) {
				return false
			}
		}
		if r.next('}') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

// fieldIndex is key's index in known, -1 if it is none of them, -2 if it
// might match one of them loosely (by case, or any non-ASCII key).
func fieldIndex(known []string, key []byte) int {
	for k, name := range known {
		if string(key) == name {
			return k
		}
	}
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return -2
		}
	}
	for _, name := range known {
		if bytes.EqualFold(key, []byte(name)) {
			return -2
		}
	}
	return -1
}

// skip skips one value of any kind.
func (r *jsonReader) skip(depth int) bool {
	if depth > maxComponentDepth {
		return false
	}
	r.space()
	if r.i >= len(r.b) {
		return false
	}
	switch c := r.b[r.i]; {
	case c == '"':
		// A string, escapes and all.
		for r.i++; r.i < len(r.b); r.i++ {
			switch r.b[r.i] {
			case '\\':
				r.i++
			case '"':
				r.i++
				return true
			}
		}
		return false
	case c == '{':
		r.i++
		if r.next('}') {
			return true
		}
		for {
			if _, ok := r.strBytes(); !ok || !r.next(':') || !r.skip(depth+1) {
				return false
			}
			if r.next('}') {
				return true
			}
			if !r.next(',') {
				return false
			}
		}
	case c == '[':
		return r.array(func() bool { return r.skip(depth + 1) })
	case c == 't' || c == 'f' || c == 'n':
		return r.literal("true") || r.literal("false") || r.literal("null")
	default: // a number
		start := r.i
		for r.i < len(r.b) && strings.IndexByte("+-.eE0123456789", r.b[r.i]) >= 0 {
			r.i++
		}
		return r.i > start
	}
}

// array reads an array, calling elem for each element.
func (r *jsonReader) array(elem func() bool) bool {
	if !r.next('[') {
		return false
	}
	if r.next(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if r.next(']') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

var componentFields = []string{"type", "custom_id", "label", "style", "url", "sku_id", "disabled", "emoji",
	"placeholder", "min_values", "max_values", "options", "components", "value", "required", "min_length", "max_length",
	"content", "accent_color", "items", "accessory", "media", "file"}

// components reads an array of components into *out (an empty array is an
// empty slice, as encoding/json makes it).
func (r *jsonReader) components(out *[]wireComponent, depth int) bool {
	if depth > maxComponentDepth {
		return false
	}
	var buf [MaxButtonsPerRow]wireComponent // a row's worth, on the stack: the slice is made once, to size
	list := buf[:0]
	ok := r.array(func() bool {
		list = append(list, wireComponent{})
		return r.component(&list[len(list)-1], depth)
	})
	*out = append([]wireComponent{}, list...)
	return ok
}

func (r *jsonReader) component(c *wireComponent, depth int) bool {
	return r.object(componentFields, func(k int) bool {
		var ok bool
		switch componentFields[k] {
		case "type":
			c.Type, ok = r.integer()
		case "custom_id":
			c.CustomID, ok = r.str()
		case "label":
			c.Label, ok = r.str()
		case "style":
			c.Style, ok = r.integer()
		case "url":
			c.URL, ok = r.str()
		case "sku_id":
			c.SkuID, ok = r.str()
		case "disabled":
			c.Disabled, ok = r.boolean()
		case "emoji":
			c.Emoji = new(wireEmoji)
			ok = r.emoji(c.Emoji)
		case "placeholder":
			c.Placeholder, ok = r.str()
		case "min_values":
			c.MinValues, ok = r.intPtr()
		case "max_values":
			c.MaxValues, ok = r.intPtr()
		case "options":
			ok = r.options(&c.Options)
		case "components":
			ok = r.components(&c.Components, depth+1)
		case "value":
			c.Value, ok = r.str()
		case "required":
			var b bool
			b, ok = r.boolean()
			c.Required = &b
		case "min_length":
			c.MinLength, ok = r.integer()
		case "max_length":
			c.MaxLength, ok = r.integer()
		default:
			ok = r.v2Field(c, componentFields[k], depth)
		}
		return ok
	})
}

// v2Field reads one of a Components V2 component's own fields.
func (r *jsonReader) v2Field(c *wireComponent, key string, depth int) bool {
	var ok bool
	switch key {
	case "content":
		c.Content, ok = r.str()
	case "accent_color":
		c.AccentColor, ok = r.intPtr()
	case "items":
		ok = r.items(&c.Items)
	case "accessory":
		c.Accessory = new(wireComponent)
		ok = depth < maxComponentDepth && r.component(c.Accessory, depth+1)
	case "media":
		c.Media = new(wireMedia)
		ok = r.media(c.Media)
	case "file":
		c.File = new(wireMedia)
		ok = r.media(c.File)
	}
	return ok
}

var mediaFields = []string{"url"}

func (r *jsonReader) media(m *wireMedia) bool {
	return r.object(mediaFields, func(int) bool {
		var ok bool
		m.URL, ok = r.str()
		return ok
	})
}

var itemFields = []string{"media", "description", "spoiler"}

// items reads a media gallery's items.
func (r *jsonReader) items(out *[]wireItem) bool {
	var ok bool
	*out, ok = objects(r, itemFields, func(it *wireItem, k int) bool {
		var ok bool
		switch k {
		case 0:
			ok = r.media(&it.Media)
		case 1:
			var d string
			d, ok = r.str()
			it.Description = &d
		case 2:
			it.Spoiler, ok = r.boolean()
		}
		return ok
	})
	return ok
}

// objects reads an array of objects with the keys known, field reading
// each key's value into the element (an empty array is an empty slice, as
// encoding/json makes it).
func objects[T any](r *jsonReader, known []string, field func(e *T, k int) bool) ([]T, bool) {
	list := []T{}
	ok := r.array(func() bool {
		var e T
		ok := r.object(known, func(k int) bool { return field(&e, k) })
		list = append(list, e)
		return ok
	})
	return list, ok
}

func (r *jsonReader) intPtr() (*int, bool) {
	n, ok := r.integer()
	return &n, ok
}

var emojiFields = []string{"id", "name"}

func (r *jsonReader) emoji(e *wireEmoji) bool {
	return r.object(emojiFields, func(k int) bool {
		var ok bool
		if k == 0 {
			e.ID, ok = r.str()
		} else {
			e.Name, ok = r.str()
		}
		return ok
	})
}

var optionFields = []string{"label", "value", "description", "emoji", "default"}

func (r *jsonReader) options(out *[]wireOption) bool {
	var ok bool
	*out, ok = objects(r, optionFields, func(o *wireOption, k int) bool {
		var ok bool
		switch k {
		case 0:
			o.Label, ok = r.str()
		case 1:
			o.Value, ok = r.str()
		case 2:
			o.Description, ok = r.str()
		case 3:
			o.Emoji = new(wireEmoji)
			ok = r.emoji(o.Emoji)
		case 4:
			o.Default, ok = r.boolean()
		}
		return ok
	})
	return ok
}

// decodeFields decodes a JSON object (raw is valid JSON, from a checked
// body) to its keys, as json.Unmarshal into a map[string]json.RawMessage
// would, but for the values, which are raw's own bytes rather than copies
// (raw is never written to). A key with an escape in it makes it leave the
// work to encoding/json.
func decodeFields(raw []byte) (map[string]json.RawMessage, error) {
	r := jsonReader{b: raw}
	if m, ok := r.fields(); ok && r.end() {
		return m, nil
	}
	var m map[string]json.RawMessage
	err := json.Unmarshal(raw, &m)
	return m, err
}

// fields reads an object to its keys and raw values (null: nil).
func (r *jsonReader) fields() (map[string]json.RawMessage, bool) {
	if r.literal("null") {
		return nil, true
	}
	if !r.next('{') {
		return nil, false
	}
	m := map[string]json.RawMessage{}
	if r.next('}') {
		return m, true
	}
	for {
		key, ok := r.strBytes()
		if !ok || !r.next(':') {
			return nil, false
		}
		r.space()
		start := r.i
		if !r.skip(1) {
			return nil, false
		}
		m[string(key)] = r.b[start:r.i:r.i] // a later repeat replaces it, as in encoding/json
		if r.next('}') {
			return m, true
		}
		if !r.next(',') {
			return nil, false
		}
	}
}

var callbackFields = []string{"type", "data"}

// callback reads an interaction response's type and data's keys (see
// decodeCallback).
func (r *jsonReader) callback() (c callbackBody, ok bool) {
	ok = r.object(callbackFields, func(k int) bool {
		var ok bool
		if k == 0 {
			c.Type, ok = r.integer()
		} else {
			c.Fields, ok = r.fields()
		}
		return ok
	})
	c.decoded = true
	return c, ok
}
