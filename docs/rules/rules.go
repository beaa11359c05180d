// Package rules holds the rules of the dealer's games as players read
// them: one markdown file a game, docs/rules/<game>.md, named by the game's
// registry name. Each file has the game's title as its heading, then an
// "In short" section, a "Moves" section (the notation, with examples) and
// the rules in full. Discord's /rules, the terminal's help and the files
// themselves are this one text, so they never disagree.
//
// The short rules are also in the other languages the dealer speaks, in
// docs/rules/<lang>/<game>.md (docs/rules/es/doublets.md): the title, as in
// English, and the "In short" section translated. The full rules are in
// English only.
package rules

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/dealer/dealer/render/lang"
)

//go:embed *.md */*.md
var files embed.FS

// The sections every rules file has.
const (
	Short = "In short"
	Moves = "Moves"
)

// DiscordLimit is the most a /rules answer may hold: Discord takes 2,000
// characters a message, and this leaves room to spare.
const DiscordLimit = 1990

// Text returns the rules of game in markdown, or false if it has none.
func Text(game string) (string, bool) {
	return TextIn(game, lang.English)
}

// TextIn returns the rules of game in l, in markdown: for English the full
// rules, for another language its title and short rules. It is false if
// l, or game, has none: it does not fall back to English.
func TextIn(game string, l lang.Lang) (string, bool) {
	if strings.ContainsAny(game, "/.\\") || !l.Or().Known() {
		return "", false
	}
	name := strings.ToLower(strings.TrimSpace(game)) + ".md"
	if l.Or() != lang.English {
		name = path.Join(string(l), name)
	}
	b, err := files.ReadFile(name)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Games lists the games that have rules, by name.
func Games() []string {
	entries, _ := files.ReadDir(".")
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			out = append(out, strings.TrimSuffix(e.Name(), ".md"))
		}
	}
	sort.Strings(out)
	return out
}

// Title is the game's name as its rules file heads it ("Double FreeCell").
func Title(game string) (string, bool) {
	text, ok := Text(game)
	if !ok {
		return "", false
	}
	first, _, _ := strings.Cut(text, "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "# ")), true
}

// Section returns the body of the section of game's rules headed "## "
// heading, without its heading and the blank lines round it.
func Section(game, heading string) (string, bool) {
	text, ok := Text(game)
	if !ok {
		return "", false
	}
	return section(text, heading)
}

// ShortIn returns the "In short" section of game's rules in l, or false if
// l has none: it does not fall back to English.
func ShortIn(game string, l lang.Lang) (string, bool) {
	text, ok := TextIn(game, l)
	if !ok {
		return "", false
	}
	return section(text, Short)
}

// section is the body of the section of text headed "## "+heading.
func section(text, heading string) (string, bool) {
	_, body, found := strings.Cut(text, "\n## "+heading+"\n")
	if !found {
		return "", false
	}
	if i := strings.Index(body, "\n## "); i >= 0 {
		body = body[:i]
	}
	return strings.Trim(body, "\n"), true
}

// Discord is the answer to /rules for game in English: DiscordIn(game,
// lang.English).
func Discord(game string) (string, bool) {
	return DiscordIn(game, lang.English)
}

// footers say where the full rules are, by language: a format of the
// game's name, twice. Another language than English says that they are in
// English.
var footers = map[lang.Lang]string{
	lang.English: "*The moves and the full rules, with examples:* `dealer rules %s` " +
		"at the terminal, or docs/rules/%s.md in the dealer's source.",
	lang.Spanish: "*Las jugadas y las reglas completas, con ejemplos (en inglés):* " +
		"`dealer rules %s` en la terminal, o docs/rules/%s.md en el código fuente del dealer.",
	lang.Portuguese: "*As jogadas e as regras completas, com exemplos (em inglês):* " +
		"`dealer rules %s` no terminal, ou docs/rules/%s.md no código-fonte do dealer.",
	lang.German: "*Die Züge und die vollständigen Regeln, mit Beispielen (auf Englisch):* " +
		"`dealer rules %s` im Terminal, oder docs/rules/%s.md im Quellcode des dealer.",
}

// DiscordIn is the answer to /rules for game in l: its title, its "In
// short" section in l (in English when l has none) and where the full
// rules are, within DiscordLimit bytes. It names no link: the full text is
// at the terminal (dealer rules GAME) and in the dealer's source.
func DiscordIn(game string, l lang.Lang) (string, bool) {
	title, ok := Title(game)
	if !ok {
		return "", false
	}
	short, ok := ShortIn(game, l)
	if !ok {
		short, ok = Section(game, Short)
	}
	if !ok {
		return "", false
	}
	footer, ok := footers[l.Or()]
	if !ok {
		footer = footers[lang.English]
	}
	name := strings.ToLower(strings.TrimSpace(game))
	return fmt.Sprintf("**%s**\n%s\n\n"+footer, title, unwrap(short), name, name), true
}

// unwrap joins a markdown paragraph's lines, for Discord to wrap as the
// reader's screen allows.
func unwrap(md string) string {
	paras := strings.Split(md, "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.Join(paras, "\n\n")
}
