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
// columns.
func TestRulesLinesFit80Columns(t *testing.T) {
	for _, name := range rules.Games() {
		text, _ := rules.Text(name)
		for i, line := range strings.Split(text, "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, "%s.md:%d: %s", name, i+1, line)
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
		_, ok = rules.Section(name, rules.Short)
		assert.False(t, ok, name)
	}
	_, ok := rules.Section("doublets", "No such section")
	assert.False(t, ok)
}
