package bot

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render/catalog"
)

// The README's recipes for a button action and a slash command, proved
// small: each is added here, in this file alone, as the recipe says (one
// entry in routes.go's table and its handler; one entry in commands.go's
// table, its definition and its handler), and used through the fake
// Discord. Nothing else in the bot changes for them.

// A test-only button action: "how many moves so far", on a solitaire.
const actMovesSoFar = 'v'

// movesSoFar is its handler: a private answer, the table left as it is.
func movesSoFar(b *Bot, ctx context.Context, c click) reply {
	return respond(private(fmt.Sprintf("%d moves so far", c.t.Game.Moves())))
}

// A test-only slash command: /games, the games the bot deals.
var gamesCommand = slashCommand{
	name: "games",
	define: func(b *Bot, g gameChoices) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Description: "The games I deal"}
	},
	private: true,
	handle: text(func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) *discordgo.InteractionResponse {
		return private(fmt.Sprintf("I deal %d games.", len(b.games.All())))
	}),
}

// addRoute puts r in the route table under action for the rest of the
// test, as disgo's router takes a component handler.
func addRoute(t *testing.T, action byte, r route) {
	t.Helper()
	require.NotContains(t, routes, action, "action %q is taken", action)
	routes[action] = r
	t.Cleanup(func() { delete(routes, action) })
}

// addCommand adds c to the command table for the rest of the test.
func addCommand(t *testing.T, c slashCommand) {
	t.Helper()
	before := slashCommands
	slashCommands = append(append([]slashCommand{}, before...), c)
	t.Cleanup(func() { slashCommands = before })
}

const (
	recipeGuild   = "1234567890123456789"
	recipeChannel = "1234567890123456790"
	recipeWait    = 30 * time.Second
)

// openOnFake is a bot on a fresh SQLite file, connected to a fake Discord
// with one server and one player (owner). Add routes and commands first:
// the bot registers its commands as it opens.
func openOnFake(t *testing.T) *discordtest.Server {
	t.Helper()
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: recipeGuild, Name: "Card Club", ChannelID: recipeChannel}}})
	fake.AddUser(discordtest.User{ID: owner, Name: "alice"})
	t.Cleanup(func() { require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse") })
	fake.Connect(t, newTestBot(t, fake.NewSession(), recipeGuild), recipeWait)
	return fake
}

// TestRecipeButtonAction: a button action added in one place answers its
// click through the fake Discord, and the buttons today's messages carry
// still route beside it (TestEveryCustomIDRoutes checks every kind).
func TestRecipeButtonAction(t *testing.T) {
	addRoute(t, actMovesSoFar, route{name: "moves so far", arg: argNone, solitaire: movesSoFar})
	fake := openOnFake(t)

	final := discordtest.Final(t, recipeWait)
	table := final(fake.SlashCommand(recipeGuild, recipeChannel, owner, "play", map[string]any{"game": "doublefreecell"}))
	today := discordtest.EnabledButton(t, table.Message, "")
	id, err := parseButtonID(today.CustomID)
	require.NoError(t, err, "a button of today's table")

	// The new action, on the table's message (a button drawn for it by
	// board.go, or sent by hand as here).
	click := func(action byte) discordtest.Response {
		custom := buttonID{Table: id.Table, Version: id.Version, Action: action}.String()
		return final(fake.SendComponent(discordtest.RawComponent{MessageID: table.ID, UserID: owner, CustomID: custom}))
	}
	tests := []struct {
		name    string
		answer  func() discordtest.Response
		want    string
		private bool
	}{
		{"the new action", func() discordtest.Response { return click(actMovesSoFar) }, "0 moves so far", true},
		{"today's button", func() discordtest.Response { return final(fake.Click(table.ID, owner, today.CustomID)) }, "Double FreeCell", false},
		{"an action no route takes", func() discordtest.Response { return click('w') }, "isn't one of mine", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.answer()
			assert.Contains(t, got.Text(), tt.want)
			assert.Equal(t, tt.private, got.Ephemeral)
		})
	}
}

// TestRecipeSlashCommand: a slash command added in one place is
// registered with Discord and answers through the fake.
func TestRecipeSlashCommand(t *testing.T) {
	addCommand(t, gamesCommand)
	fake := openOnFake(t)

	got := discordtest.Final(t, recipeWait)(fake.SlashCommand(recipeGuild, recipeChannel, owner, "games", nil))
	assert.Equal(t, fmt.Sprintf("I deal %d games.", len(catalog.Registry().All())), got.Text())
	assert.True(t, got.Ephemeral, "its entry says private")
}
