package highcard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/cmd/dealer/cli"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

const (
	guildID   = "1234567890123456789"
	channelID = "1234567890123456790"
	alice     = "1100000000000000001"
	wait      = 10 * time.Second
)

// High Card is dealt, played by buttons against a computer player and
// recorded, by a bot that was only handed a registry holding it.
func TestHighCardThroughDiscord(t *testing.T) {
	fake := discordtest.New(t, discordtest.Options{Guilds: []discordtest.Guild{{ID: guildID, Name: "Card Club", ChannelID: channelID}}})
	fake.AddUser(discordtest.User{ID: alice, Name: "alice"})
	st, err := store.Open(filepath.Join(t.TempDir(), "dealer.db"))
	require.NoError(t, err)
	r, err := render.New()
	require.NoError(t, err)
	b, err := bot.New(context.Background(), bot.Options{
		Session: fake.NewSession(), Store: st, Games: render.NewRegistry(highCard), Renderer: r, GuildID: guildID,
		Logger: slog.New(slog.DiscardHandler), NewDeal: func() uint64 { return 7 },
	})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, fake.CheckClean(), "the bot did something Discord would refuse") })
	t.Cleanup(func() { _ = st.Close() })
	fake.Connect(t, b, wait)

	final := discordtest.Final(t, wait)
	lobby := final(fake.SlashCommand(guildID, channelID, alice, "play", map[string]any{"game": "highcard"}))
	require.Contains(t, lobby.Text(), "High Card")
	table := final(fake.Click(lobby.ID, alice, discordtest.EnabledButton(t, lobby.Message, "Start").CustomID))
	require.False(t, table.Ephemeral)
	dm, err := fake.WaitDM(alice, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Your turn") })
	require.NoError(t, err, "alice's hand comes by DM")
	require.Len(t, dm.Attachments, 1, "with its picture")

	for n := 0; n < handSize; n++ {
		now, _ := fake.Message(table.ID)
		hand := final(fake.Click(table.ID, alice, discordtest.EnabledButton(t, now, "My hand").CustomID))
		require.True(t, hand.Ephemeral, "a hand is shown to its player alone")
		card := discordtest.EnabledButton(t, hand.Message, "")
		final(fake.Click(hand.ID, alice, card.CustomID))
	}
	over, err := fake.WaitMessage(table.ID, wait, func(m discordtest.Message) bool { return strings.Contains(m.Text(), "Game over") })
	require.NoError(t, err)
	var left []string
	for _, b := range over.Buttons() {
		left = append(left, b.Label)
	}
	assert.Equal(t, []string{"Rematch"}, left, "a finished table offers only the next game")
	board := final(fake.SlashCommand(guildID, channelID, alice, "leaderboard", map[string]any{"game": "highcard"}))
	assert.Contains(t, board.Text(), "<@"+alice+">", "the result is recorded")
}

// High Card plays through the terminal's scripted mode: the moves of seat
// 1 from a file, the computer in seat 2, the final state as JSON.
func TestHighCardScriptedAtTheTerminal(t *testing.T) {
	g, err := info.New(7, 2)
	require.NoError(t, err)
	var script []string
	for _, c := range g.View(0).(view).Hand {
		script = append(script, "play "+c.Code())
	}
	file := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(file, []byte("# seat 1's cards\n"+strings.Join(script, "\n")+"\n"), 0o644))

	var out, errb bytes.Buffer
	args := []string{"play", "highcard", "--deal", "7", "--seats", "you,ai", "--moves", file, "--json"}
	code := cli.Main(render.NewRegistry(highCard), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	require.Equal(t, 0, code, errb.String())
	var end view
	require.NoError(t, json.Unmarshal(out.Bytes(), &end), out.String())
	assert.Equal(t, games.Over, end.Status)
	assert.Equal(t, 2*handSize, end.Moves, "three tricks of two cards")
	assert.Equal(t, handSize, end.Scores[0]+end.Scores[1]+ties(t, script), "every trick is scored")

	// An illegal move names the file and the line.
	require.NoError(t, os.WriteFile(file, []byte("play 2X\n"), 0o644))
	errb.Reset()
	code = cli.Main(render.NewRegistry(highCard), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	assert.Equal(t, 1, code)
	assert.Contains(t, errb.String(), file+":1:")
}

// ties replays the game to count the tricks no one won.
func ties(t *testing.T, script []string) int {
	t.Helper()
	g, err := info.New(7, 2)
	require.NoError(t, err)
	n := 0
	for _, m := range script {
		require.NoError(t, games.Play(g, 0, m))
		c := info.Computer(g, 1)
		before := g.Scores()[0] + g.Scores()[1]
		require.NoError(t, g.Apply(1, c))
		if g.Scores()[0]+g.Scores()[1] == before {
			n++
		}
	}
	return n
}
