package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/lang/langtest"
)

// TestLocaleLang: the languages matched once are lang.Match's, and a
// locale Discord does not list is matched as it comes.
func TestLocaleLang(t *testing.T) {
	for _, loc := range []discordgo.Locale{discordgo.SpanishLATAM, discordgo.PortugueseBR, discordgo.German, discordgo.French, "", "de-AT", "nonsense"} {
		assert.Equal(t, lang.Match(string(loc)), localeLang(loc), loc)
	}
	for loc := range discordgo.Locales {
		assert.Equal(t, lang.Match(string(loc)), localeLang(loc), loc)
	}
	assert.Equal(t, lang.Spanish, localeLang(discordgo.SpanishLATAM))
}

// TestWords: the bot's words: every language has every key, each with the key's
// arguments, and every key the code asks for is there.
func TestWords(t *testing.T) {
	langtest.Complete(t, words)
	langtest.Used(t, words, ".")
}
