package discordtest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/internal/discordtest"
)

// TestCommandLocalizations: localized commands are checked as Discord checks
// them: known locales, localized names by the command-name rules,
// descriptions within 100 characters, and options keeping distinct names in
// every locale.
func TestCommandLocalizations(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		body string
		ok   bool
	}{
		{"localized", `[{"name":"play","description":"Deal","name_localizations":{"es-ES":"jugar","de":"spielen"},"description_localizations":{"pt-BR":"Distribuir"},
			"options":[{"type":3,"name":"game","description":"Which","name_localizations":{"de":"spiel"},"choices":[{"name":"wins","value":"w","name_localizations":{"de":"Siege"}}]}]}]`, true},
		{"unknown locale", `[{"name":"play","description":"Deal","name_localizations":{"xx":"jugar"}}]`, false},
		{"capital letters", `[{"name":"play","description":"Deal","name_localizations":{"de":"Spielen"}}]`, false},
		{"a space", `[{"name":"play","description":"Deal","name_localizations":{"es-ES":"jugar ya"}}]`, false},
		{"long description", `[{"name":"play","description":"Deal","description_localizations":{"de":"` + strings.Repeat("ü", 101) + `"}}]`, false},
		{"two options one name", `[{"name":"play","description":"Deal","options":[
			{"type":3,"name":"game","description":"x","name_localizations":{"de":"spiel"}},
			{"type":4,"name":"deal","description":"y","name_localizations":{"de":"spiel"}}]}]`, false},
	} {
		// a fake each: command registration has a tight rate limit
		fake := newFake(t, discordtest.Options{Guilds: twoGuilds()})
		bot := newRawBot(t, fake, guildID, `[{"name":"t","description":"test"}]`)
		st, body := bot.call("PUT", "/applications/"+fake.AppID()+"/guilds/"+guildID+"/commands", c.body)
		if c.ok {
			assert.Less(t, st, 300, "%s: %s", c.name, body)
		} else {
			assert.Equal(t, 400, st, "%s: %s", c.name, body)
		}
	}
}
