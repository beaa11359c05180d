package rules_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/docs/rules"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/render/lang"
)

// Every game on offer has its rules, headed by its title, with the
// sections the bot and the terminal read.
func TestEveryGameHasItsRules(t *testing.T) {
	var names []string
	for _, g := range catalog.Registry().All() {
		names = append(names, g.Name)
		t.Run(g.Name, func(t *testing.T) {
			title, ok := rules.Title(g.Name)
			require.True(t, ok, "docs/rules/%s.md", g.Name)
			assert.Equal(t, g.Title, title)
			for _, s := range []string{rules.Short, rules.Moves, "The rules"} {
				body, ok := rules.Section(g.Name, s)
				assert.True(t, ok, s)
				assert.NotEmpty(t, body, s)
			}
			text, _ := rules.Text(g.Name)
			assert.Contains(t, text, "### Example", "the rules show an example")
		})
	}
	assert.ElementsMatch(t, names, rules.Games(), "a rules file for each game on offer, and no other")
}

// The files read well in a terminal and an editor: no line is over 80
// columns, in any language.
func TestRulesLinesFit80Columns(t *testing.T) {
	for _, l := range lang.All {
		for _, name := range rules.Games() {
			text, _ := rules.TextIn(name, l)
			for i, line := range strings.Split(text, "\n") {
				assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, "%s/%s.md:%d: %s", l, name, i+1, line)
			}
		}
	}
}

// Every game has its short rules in every language, under the game's own
// title, and nothing else: the full rules are in English only.
func TestShortRulesInEveryLanguage(t *testing.T) {
	for _, l := range lang.All {
		for _, name := range rules.Games() {
			t.Run(string(l)+"/"+name, func(t *testing.T) {
				text, ok := rules.TextIn(name, l)
				require.True(t, ok, "docs/rules/%s/%s.md", l, name)
				title, _ := rules.Title(name)
				assert.True(t, strings.HasPrefix(text, "# "+title+"\n"), "headed by the title, untranslated")
				short, ok := rules.ShortIn(name, l)
				require.True(t, ok)
				assert.NotEmpty(t, short)
				if l != lang.English {
					english, _ := rules.Section(name, rules.Short)
					assert.NotEqual(t, english, short, "translated")
					assert.Equal(t, 1, strings.Count(text, "\n## "), "one section, In short")
				}
			})
		}
	}
}

// A translation keeps the notation: every move in backticks in the
// English short rules is in each translation.
func TestShortRulesKeepTheMoves(t *testing.T) {
	move := regexp.MustCompile("`[^`]+`")
	for _, name := range rules.Games() {
		english, _ := rules.Section(name, rules.Short)
		moves := move.FindAllString(english, -1)
		for _, l := range lang.All {
			short, _ := rules.ShortIn(name, l)
			assert.ElementsMatch(t, moves, move.FindAllString(short, -1), "%s/%s.md", l, name)
		}
	}
}

// /rules answers in every language within Discord's 2,000 characters,
// with the short rules in that language, a pointer to the full ones (in
// English) that is not a link, and the title untranslated.
func TestDiscordInAnswersFit(t *testing.T) {
	for _, l := range lang.All {
		for _, name := range rules.Games() {
			t.Run(string(l)+"/"+name, func(t *testing.T) {
				text, ok := rules.DiscordIn(name, l)
				require.True(t, ok)
				assert.LessOrEqual(t, len(text), rules.DiscordLimit)
				title, _ := rules.Title(name)
				assert.True(t, strings.HasPrefix(text, "**"+title+"**\n"), text)
				short, _ := rules.ShortIn(name, l)
				assert.Contains(t, text, strings.Join(strings.Fields(short)[:8], " "), "the short rules in %s, unwrapped", l)
				assert.Contains(t, text, "dealer rules "+name)
				assert.Contains(t, text, "docs/rules/"+name+".md")
				assert.NotContains(t, text, "http")
			})
		}
	}
	english, _ := rules.Discord("doublets")
	spanish, _ := rules.DiscordIn("doublets", lang.Spanish)
	assert.Contains(t, spanish, "(en inglés)", "the full rules are in English")
	assert.NotEqual(t, english, spanish)
}

// A language without short rules of its own gets English, the zero Lang
// among them.
func TestDiscordInFallsBackToEnglish(t *testing.T) {
	for _, l := range []lang.Lang{"", "fr", "../es", "EN"} {
		for _, name := range rules.Games() {
			english, ok := rules.Discord(name)
			require.True(t, ok)
			text, ok := rules.DiscordIn(name, l)
			assert.True(t, ok, "%q %s", l, name)
			assert.Equal(t, english, text, "%q %s", l, name)
		}
		if l != "" {
			_, ok := rules.ShortIn("doublets", l)
			assert.False(t, ok, "%q has no short rules of its own", l)
		}
	}
}

// /rules answers within Discord's 2,000 characters, with the short rules
// and a pointer to the full ones that is not a link.
func TestDiscordAnswerFits(t *testing.T) {
	for _, name := range rules.Games() {
		t.Run(name, func(t *testing.T) {
			text, ok := rules.Discord(name)
			require.True(t, ok)
			assert.LessOrEqual(t, len(text), rules.DiscordLimit)
			title, _ := rules.Title(name)
			assert.True(t, strings.HasPrefix(text, "**"+title+"**\n"), text)
			short, _ := rules.Section(name, rules.Short)
			first := strings.Fields(short)
			assert.Contains(t, text, strings.Join(first[:8], " "), "the short rules, unwrapped")
			assert.Contains(t, text, "dealer rules "+name)
			assert.NotContains(t, text, "http")
		})
	}
}

// Every example move in a Moves section is a move the game reads.
func TestMoveExamplesParse(t *testing.T) {
	example := regexp.MustCompile(`^    (\S.*?)(?:  |$)`)
	for _, g := range catalog.Registry().All() {
		t.Run(g.Name, func(t *testing.T) {
			moves, ok := rules.Section(g.Name, rules.Moves)
			require.True(t, ok)
			e, err := g.New(1, g.MinSeats)
			require.NoError(t, err)
			n := 0
			for _, line := range strings.Split(moves, "\n") {
				m := example.FindStringSubmatch(line)
				if m == nil || strings.Contains(m[1], "…") {
					continue
				}
				for _, mv := range strings.Split(m[1], ", ") {
					_, err := e.Parse(mv)
					assert.NoError(t, err, "%s: %q", g.Name, mv)
					n++
				}
			}
			assert.Positive(t, n)
		})
	}
}

func TestUnknownGames(t *testing.T) {
	for _, name := range []string{"", "chess", "../rules", "doublets.md", "highcard"} {
		_, ok := rules.Text(name)
		assert.False(t, ok, name)
		_, ok = rules.Discord(name)
		assert.False(t, ok, name)
		_, ok = rules.DiscordIn(name, lang.German)
		assert.False(t, ok, name)
		_, ok = rules.TextIn(name, lang.Spanish)
		assert.False(t, ok, name)
		_, ok = rules.Section(name, rules.Short)
		assert.False(t, ok, name)
	}
	_, ok := rules.Section("doublets", "No such section")
	assert.False(t, ok)
}
