package bot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// resignSolitaire plays /play with opts as user and resigns it at once: a
// finished game, for the boards.
func (h *harness) resignSolitaire(user string, opts map[string]any) {
	h.t.Helper()
	r := h.command(user, "play", opts)
	require.False(h.t, r.Ephemeral, r.Text())
	ask := h.click(r.ID, user, button(h.t, r.Message, "Resign").CustomID)
	over := h.click(r.ID, user, button(h.t, ask.Message, "Yes").CustomID)
	require.Contains(h.t, over.Text(), "Game over")
}

// autocomplete types typed into /command's option focused as user and
// returns the choices offered.
func (h *harness) autocomplete(user, command string, opts map[string]any, focused, typed string) []discordtest.Choice {
	h.t.Helper()
	in, err := h.fake.Autocomplete(guildID, channelID, user, command, opts, focused, typed)
	require.NoError(h.t, err)
	r, err := in.WaitFinal(wait)
	require.NoError(h.t, err)
	require.Equal(h.t, discordtest.CallbackAutocomplete, r.Type)
	return r.Choices
}

// /leaderboard's rules: autocompleted from the house rules played in the
// server, in the player's language, filtered by what they type; the board
// chosen is that house rules' own; an unknown value is refused.
func TestLeaderboardHouseRules(t *testing.T) {
	h := newHarness(t)
	h.resignSolitaire(alice, map[string]any{"game": "doublets"})
	h.resignSolitaire(bob, map[string]any{"game": "doublets", "passes": 1})

	choices := h.autocomplete(alice, "leaderboard", map[string]any{"game": "doublets"}, "rules", "")
	require.Len(t, choices, 2)
	assert.Equal(t, discordtest.Choice{Name: "the standard game", Value: "standard"}, choices[0])
	assert.Contains(t, choices[1].Name, "1")
	assert.Equal(t, "passes=1", choices[1].Value)
	assert.Len(t, h.autocomplete(alice, "leaderboard", map[string]any{"game": "doublets"}, "rules", "standard"), 1, "filtered by what is typed")
	assert.Empty(t, h.autocomplete(alice, "leaderboard", map[string]any{"game": "doubleagent"}, "rules", "pass"), "nothing played under such rules")

	house := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "rules": "passes=1"})
	assert.Contains(t, house.Text(), "(house rules:")
	assert.Contains(t, house.Text(), "<@"+bob+">")
	assert.NotContains(t, house.Text(), "<@"+alice+">", "the standard game's players are not on it")
	standard := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "rules": "standard"})
	assert.Contains(t, standard.Text(), "<@"+alice+">")
	assert.NotContains(t, standard.Text(), "<@"+bob+">")
	wrong := h.command(alice, "leaderboard", map[string]any{"game": "doublets", "rules": "cells=99"})
	assert.True(t, wrong.Ephemeral)
	assert.Contains(t, wrong.Text(), "Choose house rules from the list")
}

// The user command "Dealer stats" on a member shows their /stats.
func TestDealerStatsUserCommand(t *testing.T) {
	h := newHarness(t)
	h.resignSolitaire(alice, map[string]any{"game": "doublets"})
	in, err := h.fake.UserCommand(guildID, channelID, bob, "Dealer stats", alice)
	require.NoError(t, err)
	r, err := in.WaitFinal(wait)
	require.NoError(t, err)
	assert.Contains(t, r.Text(), "Statistics of <@"+alice+">")
	assert.Contains(t, r.Text(), "**Doublets**: 1 game")
}
