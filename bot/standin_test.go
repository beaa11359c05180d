package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
)

// TestTurnReminderStandInAndTakeBack: through the fake, in each language,
// a Secret Agent table of Alice, Bob and two computer players. Halfway
// through Alice's turns the channel names her, pinging her alone; her
// time runs out twice in a row and a computer player takes her seat, which
// the table says, with Take my seat back (refused to Bob and to someone
// not seated). The stand-in outlives a restart and plays her seat at
// once; Alice takes it back with one click, and the game waits on her
// again. The languages run side by side: each mostly waits on its clocks.
func TestTurnReminderStandInAndTakeBack(t *testing.T) {
	for _, tc := range []struct{ locale, lang string }{
		{"en-US", "en"}, {"es-ES", "es"}, {"pt-BR", "pt-BR"}, {"de", "de"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			h := newHarnessWith(t, func(o *discordtest.Options) { o.Guilds[0].Locale = tc.locale })
			for _, u := range []string{alice, bob, carol} {
				h.fake.AddUser(discordtest.User{ID: u, Name: map[string]string{alice: "alice", bob: "bob", carol: "carol"}[u], Locale: tc.locale})
			}
			h.turnTimeout = 2 * time.Second
			h.restart()
			standInAndTakeBack(t, h, catalogOf(t, tc.lang))
		})
	}
}

// standInAndTakeBack is TestTurnReminderStandInAndTakeBack in the
// language whose words are say's.
func standInAndTakeBack(t *testing.T, h *harness, say sayer) {
	table := h.startAliceAndBob(say)
	id := tableOf(t, table)

	replaced := h.untilStandIn(table.ID, say)
	assert.Contains(t, replaced.Text(), say(standInNotice, "alice"))
	checkReminders(t, h, 1, 2)
	row, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	require.True(t, row.Players[0].StandIn, "the store keeps the stand-in")
	assert.Equal(t, alice, row.Players[0].UserID, "and the seat stays Alice's")

	takeBack := button(t, replaced, say("Take my seat back")).CustomID
	for _, who := range []struct{ user, says string }{
		{bob, say("Your seat is yours: no computer player stands in for you.")},
		{carol, say("You are not seated at this table: you can watch it here.")},
	} {
		r := h.click(table.ID, who.user, takeBack).LastMessage() // a follow-up when the answer was deferred
		assert.True(t, r.Ephemeral, who.user)
		assert.Equal(t, who.says, r.Text(), who.user)
	}
	h.playIfTurn(table.ID, bob) // his clock, armed before the restart, is then his first to run out at most

	h.turnTimeout = time.Hour // no clock armed from now on runs out in this test
	h.restart()
	moved := len(h.storedMoves(id))
	now := h.waitTurn(table.ID, bob, say)
	assert.Contains(t, now.Text(), say(standInLine, "alice"), "the table still says so")
	require.True(t, h.playIfTurn(table.ID, bob))
	h.waitTurn(table.ID, bob, say) // Alice's seat was played at once
	entries, err := h.st.Moves(context.Background(), id)
	require.NoError(t, err)
	assert.Contains(t, seatsOf(entries[moved:]), games.Seat(0), "the stand-in played Alice's seat")

	back := h.click(table.ID, alice, takeBack).LastMessage()
	assert.True(t, back.Ephemeral, "Alice gets her hand, privately")
	picture(t, back)
	tookBack := say("%s took their seat back.", "alice")
	now = h.waitSays(table.ID, tookBack)
	assert.NotContains(t, now.Text(), say(standInLine))
	_, shown := now.EnabledButton(say("Take my seat back"))
	assert.False(t, shown, "no Take my seat back while no computer player stands in")
	require.True(t, h.playIfTurn(table.ID, bob))
	h.waitTurn(table.ID, alice, say)
	require.True(t, h.playIfTurn(table.ID, alice), "the game waits on Alice, and she plays")
}

// The bot's words these tests look for, by their keys.
const (
	toPlay        = "To play: %s. Totals: %s.\nSeated players: your cards are in your DMs, or under **My hand**."
	standInNotice = "⏰ %s took too long twice in a row: the dealer played `%s` for them, and a computer player takes their seat for the rest of the game. They can take it back with **Take my seat back**."
	standInLine   = "🤖 A computer player plays for %s until they click **Take my seat back**."
)

// sayer is the bot's words in one language: key's translation with args,
// up to the first verb they leave unfilled.
type sayer func(key string, args ...any) string

// catalogOf reads the bot's words in lang (locales/LANG.json).
func catalogOf(t *testing.T, lang string) sayer {
	raw, err := os.ReadFile(filepath.Join("locales", lang+".json"))
	require.NoError(t, err)
	var words map[string]string
	require.NoError(t, json.Unmarshal(raw, &words))
	return func(key string, args ...any) string {
		s, ok := words[key]
		require.True(t, ok, "no words for %q", key)
		verbs := 0
		for i := 0; i < len(s); i++ {
			switch {
			case s[i] != '%':
			case i+1 < len(s) && s[i+1] == '%':
				i++
			case verbs == len(args):
				return fmt.Sprintf(s[:i], args...)
			default:
				verbs++
			}
		}
		return fmt.Sprintf(s, args...)
	}
}

// startAliceAndBob opens a Secret Agent table of Alice, Bob and two
// computer players and returns the table message.
func (h *harness) startAliceAndBob(say sayer) discordtest.Message {
	h.t.Helper()
	lobby := h.command(alice, "play", map[string]any{"game": "secretagent"})
	r := h.click(lobby.ID, bob, button(h.t, lobby.Message, say("Join")).CustomID)
	table := h.click(lobby.ID, alice, button(h.t, r.Message, say("Start")).CustomID)
	require.False(h.t, table.Ephemeral, table.Text())
	return table.Message
}

// untilStandIn has Bob play whenever the table waits on him, and Alice
// never, until the table says a computer player took her seat: it
// returns that table message.
func (h *harness) untilStandIn(tableMsg string, say sayer) discordtest.Message {
	h.t.Helper()
	notice, bobs := say(standInNotice, "alice"), say(toPlay, "<@"+bob+">")
	for step := 0; step < 200; step++ {
		m, err := h.fake.WaitMessage(tableMsg, wait, func(m discordtest.Message) bool {
			return strings.Contains(m.Text(), notice) || strings.Contains(m.Text(), bobs)
		})
		require.NoError(h.t, err)
		if strings.Contains(m.Text(), notice) {
			return m
		}
		h.playIfTurn(tableMsg, bob)
	}
	h.t.Fatal("no stand-in after 200 steps")
	return discordtest.Message{}
}

// waitTurn waits until the table says it waits on user.
func (h *harness) waitTurn(tableMsg, user string, say sayer) discordtest.Message {
	h.t.Helper()
	turn := say(toPlay, "<@"+user+">")
	m := h.waitSays(tableMsg, turn)
	return m
}

// playIfTurn makes user's first legal move from My hand (the table's
// first button), if they may act: it reports whether a move was made.
func (h *harness) playIfTurn(tableMsg, user string) bool {
	h.t.Helper()
	now, _ := h.fake.Message(tableMsg)
	require.NotEmpty(h.t, now.Buttons(), now.Text())
	hand := h.click(tableMsg, user, now.Buttons()[0].CustomID).LastMessage()
	b, ok := hand.EnabledButton("")
	if !ok {
		return false
	}
	r := h.click(hand.ID, user, b.CustomID).LastMessage()
	return r.ID == hand.ID // the hand redrawn; a refusal is a new message
}

// checkReminders checks the turn reminders sent to the channel (they
// begin "⏳ "): between least and most name Alice, and every one pings
// the one person it names and nobody else.
func checkReminders(t *testing.T, h *harness, least, most int) {
	t.Helper()
	named := 0
	for _, req := range h.fake.Requests(discordtest.RouteSendMessage) {
		var msg struct {
			Content         string
			AllowedMentions *struct{ Parse, Users []string } `json:"allowed_mentions"`
		}
		require.NoError(t, req.Decode(&msg))
		if !strings.HasPrefix(msg.Content, "⏳ ") {
			continue
		}
		require.NotNil(t, msg.AllowedMentions, msg.Content)
		assert.Empty(t, msg.AllowedMentions.Parse, "no @everyone, role or other user is parsed")
		require.Len(t, msg.AllowedMentions.Users, 1, msg.Content)
		who := msg.AllowedMentions.Users[0]
		assert.True(t, strings.HasPrefix(msg.Content, "⏳ <@"+who+">,"), "it names the one it pings: %s", msg.Content)
		if who == alice {
			named++
		}
	}
	assert.GreaterOrEqual(t, named, least, "Alice was reminded")
	assert.LessOrEqual(t, named, most, "once a turn at most")
}

// seatsOf are the seats of log entries.
func seatsOf(entries []games.Entry) []games.Seat {
	var out []games.Seat
	for _, e := range entries {
		out = append(out, e.Seat)
	}
	return out
}
