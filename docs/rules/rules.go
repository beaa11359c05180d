// Package rules holds the rules of the dealer's games as players read
// them: one markdown file a game, docs/rules/<game>.md, named by the game's
// registry name. Each file has the game's title as its heading, then an
// "In short" section, a "Moves" section (the notation, with examples) and
// the rules in full. Discord's /rules, the terminal's help and the files
// themselves are this one text, so they never disagree.
package rules

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed *.md
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
	if strings.ContainsAny(game, "/.\\") {
		return "", false
	}
	b, err := files.ReadFile(strings.ToLower(strings.TrimSpace(game)) + ".md")
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
		out = append(out, strings.TrimSuffix(e.Name(), ".md"))
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
	_, body, found := strings.Cut(text, "\n## "+heading+"\n")
	if !found {
		return "", false
	}
	if i := strings.Index(body, "\n## "); i >= 0 {
		body = body[:i]
	}
	return strings.Trim(body, "\n"), true
}

// Discord is the answer to /rules for game: its title, its "In short"
// section and where the full rules are, within DiscordLimit bytes. It names
// no link: the full text is at the terminal (dealer rules GAME) and in the
// dealer's source.
func Discord(game string) (string, bool) {
	title, ok := Title(game)
	if !ok {
		return "", false
	}
	short, ok := Section(game, Short)
	if !ok {
		return "", false
	}
	name := strings.ToLower(strings.TrimSpace(game))
	return fmt.Sprintf("**%s**\n%s\n\n*The moves and the full rules, with examples:* `dealer rules %s` "+
		"at the terminal, or docs/rules/%s.md in the dealer's source.", title, unwrap(short), name, name), true
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
