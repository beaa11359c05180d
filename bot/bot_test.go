package bot_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// tableOf reads the table id out of a table message's buttons.
func tableOf(t *testing.T, m discordtest.Message) int64 {
	t.Helper()
	ids := m.CustomIDs()
	require.NotEmpty(t, ids)
	parts := strings.Split(ids[0], ":")
	id, err := strconv.ParseInt(parts[1], 36, 64)
	require.NoError(t, err)
	return id
}

// play opens a Double FreeCell table as user and returns its message.
func (h *harness) play(user string) discordtest.Message {
	h.t.Helper()
	r := h.command(user, "play", map[string]any{"game": "doublefreecell"})
	require.False(h.t, r.Ephemeral, r.Text())
	return r.Message
}

// playTable is play that also returns the table's id.
func (h *harness) playTable(user string) (discordtest.Message, int64) {
	h.t.Helper()
	m := h.play(user)
	return m, tableOf(h.t, m)
}

// moveOnce makes one move by buttons: the first source that can move, then
// its first lit destination. It returns the updated table message.
func (h *harness) moveOnce(user string, m discordtest.Message) discordtest.Message {
	h.t.Helper()
	for _, b := range m.Buttons() {
		if b.Disabled || !strings.Contains(b.CustomID, ":s") || strings.Contains(b.CustomID, "confirm") {
			continue
		}
		sel := h.click(m.ID, user, b.CustomID)
		require.False(h.t, sel.Ephemeral, sel.Text())
		for _, d := range sel.Buttons() {
			if !d.Disabled && strings.Contains(d.CustomID, ":m") && d.Style == discordtest.ButtonPrimary && !strings.HasPrefix(d.Label, "Auto") {
				moved := h.click(m.ID, user, d.CustomID)
				require.False(h.t, moved.Ephemeral, moved.Text())
				return moved.Message
			}
		}
		h.t.Fatalf("selected %q but no destination is lit: %q", b.Label, sel.Message.Enabled())
	}
	h.t.Fatalf("no source can move: %q", m.Enabled())
	return m
}

func TestPlayMovesResignAndLeaderboard(t *testing.T) {
	h := newHarness(t)
	m := h.play(alice)
	assert.Contains(t, m.Text(), "Double FreeCell")
	assert.Contains(t, m.Text(), "deal #1")
	assert.GreaterOrEqual(t, picture(t, m), 560)
	require.LessOrEqual(t, len(m.Components), 5)
	id := tableOf(t, m)

	for i := 0; i < 3; i++ {
		m = h.moveOnce(alice, m)
	}
	assert.Contains(t, m.Text(), "move 3")
	assert.Len(t, h.storedMoves(id), 3, "every acknowledged move is in the store")
	picture(t, m)

	// Resign asks first, then ends the game.
	ask := h.click(m.ID, alice, button(t, m, "Resign").CustomID)
	assert.Contains(t, ask.Text(), "Really resign")
	over := h.click(m.ID, alice, button(t, ask.Message, "Yes").CustomID)
	assert.Contains(t, over.Text(), "Game over")
	assert.ElementsMatch(t, []string{"New deal", "Same deal again"}, labels(over.Message), "a finished table's buttons deal the next")
	assert.Equal(t, []string{"", "", "", "resign"}, append(make([]string, 3), h.storedMoves(id)[3]))

	sess, err := h.st.TableRow(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, "lost", sess.Status.String())

	board := h.command(bob, "leaderboard", map[string]any{"game": "doublefreecell"})
	assert.Contains(t, board.Text(), "<@"+alice+">")
	assert.Contains(t, board.Text(), "1 game")
	stats := h.command(bob, "stats", map[string]any{"user": alice})
	assert.Contains(t, stats.Text(), "Double FreeCell")
	rules := h.command(bob, "rules", map[string]any{"game": "doublefreecell"})
	assert.True(t, rules.Ephemeral)
	assert.Contains(t, rules.Text(), "Double FreeCell")

	// A click on the finished table changes nothing.
	late := discordtest.Final(t, wait)(h.fake.SendComponent(discordtest.RawComponent{GuildID: guildID, ChannelID: channelID, MessageID: m.ID, UserID: alice, CustomID: m.CustomIDs()[0]}))
	assert.True(t, late.LastMessage().Ephemeral)
	assert.Contains(t, late.LastMessage().Text(), "over")
	assert.Len(t, h.storedMoves(id), 4)
}

func TestRestartResumesTheTable(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	m = h.moveOnce(alice, m)
	m = h.moveOnce(alice, m)
	before := h.storedMoves(id)
	require.Len(t, before, 2)

	h.restart()

	// The same message's buttons work again, and nothing was lost.
	m = h.moveOnce(alice, m)
	after := h.storedMoves(id)
	require.Len(t, after, 3)
	assert.Equal(t, before, after[:2])
	assert.Contains(t, m.Text(), "move 3")
}

func TestWrongUserStaleAndForgedClicks(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	old := m
	m = h.moveOnce(alice, m)

	tests := []struct {
		name, user, customID, want string
	}{
		{"another player", bob, m.CustomIDs()[0], "<@" + alice + ">'s game"},
		{"an old picture", alice, old.CustomIDs()[0], "old picture"},
		{"a forged table", alice, "t:zz:0:mundo", "no longer at the table"},
		{"a forged action", alice, "t:" + strconv.FormatInt(id, 36) + ":1:x", "isn't one of mine"},
		{"an illegal move", alice, "t:" + strconv.FormatInt(id, 36) + ":1:m1 h", "isn't possible"},
		{"an unknown table", alice, "t:zzzz:1:c", "no longer at the table"},
		{"nonsense", alice, "hello", "isn't one of mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := discordtest.Final(t, wait)(h.fake.SendComponent(discordtest.RawComponent{GuildID: guildID, ChannelID: channelID, MessageID: m.ID, UserID: tt.user, CustomID: tt.customID}))
			assert.True(t, r.LastMessage().Ephemeral)
			assert.Contains(t, r.LastMessage().Text(), tt.want)
			assert.Len(t, h.storedMoves(id), 1, "nothing changed")
			now, _ := h.fake.Message(m.ID)
			assert.Equal(t, m.Text(), now.Text())
		})
	}
}

func TestRateLimitedCallback(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)

	// A short 429 is waited out within the 3 s.
	h.fake.RateLimitNext(discordtest.RouteCallback, 1, 300*time.Millisecond, false)
	m = h.moveOnce(alice, m)
	assert.Len(t, h.storedMoves(id), 1)

	// A 429 longer than the deadline fails that answer, but the move is
	// saved and the table message is redrawn once the limit has passed, so
	// the next click works.
	sel := h.click(m.ID, alice, firstSource(t, m).CustomID)
	dest := firstDestination(t, sel.Message)
	h.fake.RateLimitNext(discordtest.RouteCallback, 1, 4*time.Second, false)
	in, err := h.fake.Click(m.ID, alice, dest.CustomID)
	require.NoError(t, err)
	_, _ = in.WaitFinal(5 * time.Second)
	require.Eventually(t, func() bool { return len(h.storedMoves(id)) == 2 }, wait, 50*time.Millisecond)
	redrawn := h.waitSays(m.ID, "move 2")
	h.moveOnce(alice, redrawn)
	assert.Len(t, h.storedMoves(id), 3)
	h.fake.ClearViolations() // the failed answer is one on purpose
}

func firstSource(t *testing.T, m discordtest.Message) discordtest.Button {
	for _, b := range m.Buttons() {
		if !b.Disabled && strings.Contains(b.CustomID, ":s") && !strings.Contains(b.CustomID, "confirm") {
			return b
		}
	}
	t.Fatal("no source")
	return discordtest.Button{}
}

func firstDestination(t *testing.T, m discordtest.Message) discordtest.Button {
	for _, d := range m.Buttons() {
		if !d.Disabled && strings.Contains(d.CustomID, ":m") && d.Style == discordtest.ButtonPrimary && !strings.HasPrefix(d.Label, "Auto") {
			return d
		}
	}
	t.Fatal("no destination")
	return discordtest.Button{}
}

func TestSimultaneousClicksApplyOneAfterTheOther(t *testing.T) {
	h := newHarness(t)
	m, id := h.playTable(alice)
	sel := h.click(m.ID, alice, firstSource(t, m).CustomID)
	var dests []string
	for _, d := range sel.Buttons() {
		if !d.Disabled && d.Style == discordtest.ButtonPrimary && strings.Contains(d.CustomID, ":m") {
			dests = append(dests, d.CustomID)
		}
	}
	require.NotEmpty(t, dests)
	// Two clicks at once on the same picture: the same move twice, or two
	// different moves. One is made; the other is told the table moved on.
	clicks := []string{dests[0], dests[len(dests)-1]}
	var wg sync.WaitGroup
	answers := make([]discordtest.Response, len(clicks))
	for i, c := range clicks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in, err := h.fake.Click(m.ID, alice, c)
			if assert.NoError(t, err) {
				answers[i], err = in.WaitFinal(wait)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	private := 0
	for _, a := range answers {
		if a.LastMessage().Ephemeral {
			private++
			assert.Contains(t, a.LastMessage().Text(), "moved on")
		}
	}
	assert.Equal(t, 1, private, "exactly one click is refused")
	assert.Len(t, h.storedMoves(id), 1, "exactly one move is made")
	now, _ := h.fake.Message(m.ID)
	assert.Contains(t, now.Text(), "move 1")
}
