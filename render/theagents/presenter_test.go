package theagents

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/rendertest"
)

func TestWord(t *testing.T) {
	names := []string{"Ann", "Bob", "Carol"}
	for _, tc := range []struct {
		prefix, word, want string
	}{
		{"", "play", "Play an agent"},
		{"", "end", "End your turn"},
		{"", "buy", "Buy a card"},
		{"", "xyzzy", "xyzzy"},
		{"buy", "agent", "an agent (1 IP)"},
		{"buy", "mission", "a mission (3 IP)"},
		{"play", "mole", "Mole"},
		{"trade", "graveyard", "Graveyard Shift (2 IP)"},
		{"play mole A2", "cmd", "command facing"},
		{"play mole A2 cmd", "1", "command facing Bob"},
		{"play hitman A0 cmd 1", "ip", "IP to"},
		{"play hitman A0 cmd 1 ip", "2", "IP to Carol"},
		{"steal", "0", "Ann"},
		{"steal", "7", "7"}, // no such seat
		{"play", "A2", "faction A, slot 2"},
		{"play mole", "A2", "faction A, slot 2"},
		{"use", "A2", "faction A, card 2"},
		{"kill", "C10", "faction C, card 10"},
		{"trade codebook", "A", "faction A"},
		{"assign graveyard", "F", "F"},
	} {
		got := Word(names, strings.Fields(tc.prefix), tc.word, lang.English)
		assert.Equal(t, tc.want, got, "%q after %q", tc.word, tc.prefix)
	}
}

func TestControls(t *testing.T) {
	v := craftedHand()
	assert.Equal(t, render.Controls{}, Controls(v, render.Params{Names: testNames}), "no legal move, nothing to click")

	c := Controls(v, render.Params{Names: testNames, Legal: []string{"play mole A2 cmd 1", "end"}})
	require.NotNil(t, c.Menu)
	assert.Nil(t, c.Board)
	assert.Nil(t, c.Buttons)
	assert.Equal(t, "command facing Bartholomew the Magnificent", c.Menu.Word([]string{"play", "mole", "A2", "cmd"}, "1"))
	assert.Equal(t, "Play an agent", c.Menu.Word(nil, "play"))

	// the registered game gives the same controls
	c = Game.Controls(v, render.Params{Names: testNames, Legal: []string{"end"}})
	require.NotNil(t, c.Menu)
	assert.Equal(t, "Ann", c.Menu.Word([]string{"steal"}, "0"))
}

func TestPrivate(t *testing.T) {
	hand := func(n int) []game.AgentCard { return make([]game.AgentCard, n) }
	missions := func(n int) []game.MissionCard { return make([]game.MissionCard, n) }
	for _, tc := range []struct {
		turns, agents, missions int
		want                    string
	}{
		{7, 4, 1, "Round 3. You have 12 IP, 4 agents and 1 mission."},
		{0, 1, 0, "Round 1. You have 12 IP, 1 agent and 0 missions."},
		{2, 0, 2, "Round 1. You have 12 IP, 0 agents and 2 missions."},
		{3, 6, 3, "Round 2. You have 12 IP, 6 agents and 3 missions."},
	} {
		v := craftedHand() // three players, Ann (12 IP) viewing
		v.Turns, v.Hand, v.Missions = tc.turns, hand(tc.agents), missions(tc.missions)
		assert.Equal(t, tc.want, Private(v, render.Params{Names: testNames}))
		assert.Equal(t, tc.want, Game.Private(v, render.Params{Names: testNames}))
	}
}

// TestGame: the registration is whole, and its pictures and text are the
// package's.
func TestGame(t *testing.T) {
	assert.Equal(t, game.Info.Name, Game.Name)
	assert.Empty(t, Game.Missing())
	v := craftedHand()
	assert.Equal(t, Text(v, testNames, false), Game.Text(v, testNames, false))

	r := rendertest.Renderer(t)
	p := render.Params{Names: testNames}
	want, err := Table(r, v, testNames, lang.English)
	require.NoError(t, err)
	got, err := Game.Table(r, v, p)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	want, err = Hand(r, v, testNames, lang.English)
	require.NoError(t, err)
	got, err = Game.Hand(r, v, p)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestSpectate: a move reads to the channel as it was made, save the card
// it names that the channel never sees: a mission traded from a hand, an
// agent taken from a hand, a Free Agent.
func TestSpectate(t *testing.T) {
	cases := []struct{ move, want string }{
		{"play sniper A0 cmd 1", "play sniper A0 cmd 1"},
		{"play Sniper A0 cmd 1", "play sniper A0 cmd 1"}, // written canonically
		{"play hitman cmd 2 ip 0", "play a Free Agent cmd 2 ip 0"},
		{"play informant cmd 0 ip 1", "play a Free Agent cmd 0 ip 1"},
		{"trade graveyard", "trade a mission from hand"},
		{"trade graveyard B", "trade graveyard B"}, // it was on a faction, for all to see
		{"take sniper", "take an agent"},
		{"spy 2", "spy 2"},
		{"steal 1", "steal 1"},
		{"assign graveyard A", "assign graveyard A"},
		{"recall graveyard A", "recall graveyard A"},
		{"move graveyard A B", "move graveyard A B"},
		{"use B2", "use B2"},
		{"kill A2", "kill A2"},
		{"buy agent", "buy agent"},
		{"end", "end"},
		{"not a move", "?"},
		{"", "?"},
	}
	for _, tc := range cases {
		got, ok := Game.Spectate(tc.move, render.Params{})
		require.True(t, ok)
		assert.Equal(t, tc.want, got, "%q", tc.move)
	}
	got, _ := Game.Spectate("take sniper", render.Params{Lang: lang.German})
	assert.Equal(t, "einen Agenten nehmen", got, "in the reader's language")
}
