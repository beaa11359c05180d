package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

const ana = "1100000000000000005" // a player whose Discord is in Spanish

// TestCommandsAreLocalized: the command list carries the localizations,
// which the fake checks as Discord does (locales, name rules, lengths,
// distinct option names).
func TestCommandsAreLocalized(t *testing.T) {
	h := newHarness(t)
	cmds := h.fake.Commands(guildID)
	require.NotEmpty(t, cmds)
	byName := map[string]map[string]any{}
	for _, c := range cmds {
		byName[c["name"].(string)] = c
	}
	for name, want := range map[string]map[string]string{
		"play":     {"es-ES": "jugar", "es-419": "jugar", "pt-BR": "jogar", "de": "spielen"},
		"settings": {"es-ES": "ajustes", "pt-BR": "configurações", "de": "einstellungen"},
	} {
		c := byName[name]
		require.NotNil(t, c, name)
		names, _ := c["name_localizations"].(map[string]any)
		for loc, w := range want {
			assert.Equal(t, w, names[loc], "%s in %s", name, loc)
		}
		descs, _ := c["description_localizations"].(map[string]any)
		assert.Len(t, descs, 4, "%s: a description in every locale of the three languages", name)
	}
	var cells map[string]any
	for _, o := range byName["play"]["options"].([]any) {
		if o.(map[string]any)["name"] == "cells" {
			cells = o.(map[string]any)
		}
	}
	require.NotNil(t, cells, "/play has the house rules' options")
	descs, _ := cells["description_localizations"].(map[string]any)
	assert.Contains(t, descs["de"], "Double FreeCell", "a house rule's description names its game in every language")
	assert.NotEqual(t, cells["description"], descs["de"])
}

// TestSpanishPlayerAtAnEnglishTable: a Spanish player at an English server's
// table: what only they see is Spanish, what the channel sees stays English;
// the language is kept for what is sent later with no interaction to read it
// from.
func TestSpanishPlayerAtAnEnglishTable(t *testing.T) {
	h := newHarness(t)
	h.fake.AddUser(discordtest.User{ID: ana, Name: "ana", Locale: "es-ES"})
	m := h.play(alice)
	assert.Contains(t, m.Text(), "deal #", "the table is in the server's English")

	r := h.click(m.ID, ana, m.CustomIDs()[0])
	assert.True(t, r.LastMessage().Ephemeral)
	assert.Contains(t, r.LastMessage().Text(), "Esta es la partida de <@"+alice+">", "Ana's private answer is Spanish")
	now, _ := h.fake.Message(m.ID)
	assert.Equal(t, m.Text(), now.Text(), "the channel's message is untouched and English")

	s := h.command(ana, "settings", nil)
	assert.True(t, s.Ephemeral)
	assert.Contains(t, s.Text(), "Tus ajustes")
	assert.Contains(t, s.Text(), "Español")
	rules := h.command(ana, "rules", map[string]any{"game": "doublefreecell"})
	assert.True(t, rules.Ephemeral)
	assert.Contains(t, rules.Text(), "FreeCell con dos barajas", "/rules answers in Spanish")
	l, err := h.st.PlayerLang(context.Background(), ana)
	require.NoError(t, err)
	assert.Equal(t, "es", l, "Ana's language is kept")

	// A multiplayer table: Ana's hand by DM in Spanish, the table in
	// English.
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	assert.Contains(t, lobby.Text(), "a table for", "the lobby is English")
	r = h.click(lobby.ID, ana, button(t, lobby.Message, "Join").CustomID)
	table := h.click(lobby.ID, alice, button(t, r.Message, "Start").CustomID)
	require.False(t, table.Ephemeral)
	assert.Contains(t, table.Text(), "To play:", "the table is English")
	button(t, table.Message, "My hand")
	dm, err := h.fake.WaitDM(ana, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "mesa #") })
	require.NoError(t, err, "Ana's hand comes by DM, in Spanish")
	assert.Contains(t, dm.Text(), "<#"+channelID+">")
	require.NotEmpty(t, dm.Attachments)
	t.Logf("Ana's hand, described: %s", dm.Attachments[0].Description)
	assert.Contains(t, dm.Attachments[0].Description, "triunfo", "the picture's description is Spanish too")
	hand := h.click(lobby.ID, ana, button(t, table.Message, "My hand").CustomID)
	assert.True(t, hand.Ephemeral)
	assert.Contains(t, hand.Text(), "mesa #", "My hand answers Ana in Spanish")
	dmAlice, err := h.fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "table #") })
	require.NoError(t, err, "Alice's hand is English")
	assert.NotContains(t, dmAlice.Text(), "mesa")
}

// TestGermanServer: a server whose language is German: its tables speak
// German, buttons and pictures' descriptions too; an English player's
// private answer stays English.
func TestGermanServer(t *testing.T) {
	h := newHarnessWith(t, func(o *discordtest.Options) { o.Guilds[0].Locale = "de" })
	m := h.play(alice)
	assert.Contains(t, m.Text(), "Spiel #", m.Text())
	assert.Contains(t, m.Text(), "Tisch von <@"+alice+">")
	var all []string
	for _, b := range m.Buttons() {
		all = append(all, b.Label)
	}
	labels := strings.Join(all, " | ")
	assert.Contains(t, labels, "Rückgängig", labels)
	require.NotEmpty(t, m.Attachments)
	r := h.click(m.ID, bob, m.CustomIDs()[0])
	assert.Contains(t, r.LastMessage().Text(), "<@"+alice+">'s game", "Bob's client is English: his private answer is too")
	l, err := h.st.GuildLang(context.Background(), guildID)
	require.NoError(t, err)
	assert.Equal(t, "de", l)
}

// TestEveryLanguagePlaysAGame: a whole game in each language: the lobby,
// every hand, every move and the end, the boards and the settings, with the
// fake checking every request against Discord's limits (labels, 2,000
// characters, menus, Components V2's) and every picture's description;
// the table, its hands and the board are V2 messages from first to last.
func TestEveryLanguagePlaysAGame(t *testing.T) {
	for _, tc := range []struct {
		locale, start, over, board string
	}{
		{"es-ES", "Empezar", "Fin de la partida", "clasificación"},
		{"pt-BR", "Começar", "Fim de jogo", "classificação"},
		{"de", "Starten", "Spiel vorbei", "Bestenliste"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			h := newHarnessWith(t, func(o *discordtest.Options) { o.Guilds[0].Locale = tc.locale })
			h.fake.AddUser(discordtest.User{ID: alice, Name: "alice", Locale: tc.locale})
			lobby := h.command(alice, "play", map[string]any{"game": "secretagent", "deals": 1}) // a short game: its words are the same
			table := h.click(lobby.ID, alice, button(t, lobby.Message, tc.start).CustomID)
			require.False(t, table.Ephemeral, table.Text())
			for range 1000 {
				now, _ := h.fake.Message(lobby.ID)
				if strings.Contains(now.Text(), tc.over) {
					break
				}
				hand := h.click(lobby.ID, alice, now.Buttons()[0].CustomID) // My hand
				require.True(t, hand.Ephemeral, hand.Text())
				b, ok := hand.Message.EnabledButton("")
				if !ok {
					h.waitSays(lobby.ID, tc.over, "Alice can always act until the game is over")
					break
				}
				requireV2(t, hand.Message, true)
				played := h.click(hand.ID, alice, b.CustomID)
				require.NotEmpty(t, played.LastMessage().Text())
			}
			final, _ := h.fake.Message(lobby.ID)
			assert.Contains(t, final.Text(), tc.over)
			requireV2(t, final, true)
			for _, b := range final.History {
				assert.True(t, b.IsV2(), "the lobby and every state of the table V2: %s", b.Text())
			}
			require.Len(t, labels(final), 1)
			assert.NotEqual(t, "Rematch", labels(final)[0], "Rematch in the server's language")
			board := h.command(alice, "leaderboard", map[string]any{"game": "secretagent", "by": "points"})
			assert.Contains(t, board.Text(), tc.board)
			requireV2(t, board.Message, false)
			stats := h.command(alice, "stats", nil)
			assert.NotContains(t, stats.Text(), "Statistics of")
			settings := h.command(alice, "settings", map[string]any{"deck": "four-colour"})
			assert.NotContains(t, settings.Text(), "Your settings")
			solo := h.play(alice)
			assert.NotContains(t, solo.Text(), "'s table")
		})
	}
}
