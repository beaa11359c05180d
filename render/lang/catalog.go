package lang

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"golang.org/x/text/feature/plural"
)

// A Catalog is one package's texts in every language of All, loaded from
// a directory of JSON files named by language (en.json, es.json,
// pt-BR.json, de.json), each an object from key to text. The key is the
// English text; en.json lists every key, and so must every other file
// (langtest.Complete checks it). A Catalog is read-only once loaded and
// safe for concurrent use.
type Catalog struct {
	name  string
	texts map[Lang]map[string]string
}

// Load reads a Catalog from dir in fsys (usually an embed.FS). name says
// whose texts these are, in errors and tests.
func Load(name string, fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{name: name, texts: map[Lang]map[string]string{}}
	for _, l := range All {
		b, err := fs.ReadFile(fsys, path.Join(dir, string(l)+".json"))
		if err != nil {
			return nil, fmt.Errorf("lang: %s: %w", name, err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("lang: %s/%s.json: %w", name, l, err)
		}
		c.texts[l] = m
	}
	return c, nil
}

// MustLoad is Load for catalogs embedded in the program, where a broken
// file is a programming error.
func MustLoad(name string, fsys fs.FS, dir string) *Catalog {
	c, err := Load(name, fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Name says whose texts these are.
func (c *Catalog) Name() string { return c.name }

// T is key in l, formatted with args as fmt.Sprintf does when there are
// any. A key l lacks is written in English, as the key itself.
func (c *Catalog) T(l Lang, key string, args ...any) string {
	text, ok := c.Text(l, key)
	if !ok {
		text = key
	}
	if len(args) == 0 {
		return text
	}
	return fmt.Sprintf(text, args...)
}

// N is T of one when n counts one thing in l's grammar and of other
// otherwise; both are keys, and n is the first argument.
func (c *Catalog) N(l Lang, n int, one, other string, args ...any) string {
	key := other
	if plural.Cardinal.MatchPlural(l.Or().tag(), n, 0, 0, 0, 0) == plural.One {
		key = one
	}
	return c.T(l, key, append([]any{n}, args...)...)
}

// Text is key's text in l, unformatted, and whether l has it.
func (c *Catalog) Text(l Lang, key string) (string, bool) {
	if c == nil {
		return "", false
	}
	text, ok := c.texts[l.Or()][key]
	if !ok || text == "" {
		return "", false
	}
	return text, true
}

// Keys lists the keys of language l, sorted.
func (c *Catalog) Keys(l Lang) []string {
	var keys []string
	for k := range c.texts[l.Or()] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
