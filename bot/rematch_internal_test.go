package bot

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
)

// TestFollowRefusals: a finished table's buttons, and a rematch's lobby,
// answer a click that is not theirs to take — by a stranger, on the wrong
// kind of table, on a game not over, another server's, a secret daily
// deal — in one short private line, and nothing is dealt or seated.
func TestFollowRefusals(t *testing.T) {
	b := newOfflineBot(t)
	ctx := context.Background()
	const third = "1100000000000000003"
	do := func(user, id string) string {
		return saidIn(answer(t)(b.onClick(ctx, clickBy(user, id), stillOpen)).Data)
	}
	command := func(name, game string) {
		answer(t)(b.onCommand(ctx, slash(name, opt("game", discordgo.ApplicationCommandOptionString, game))))
	}
	command("play", "doublefreecell") // 1: finished
	do(owner, "t:1:0:mresign")
	command("play", "secretagent") // 2: finished, Owner and Stranger with two computers
	do(stranger, "t:2:0:j")
	do(owner, "t:2:0:g")
	playOut(t, b, 2)
	command("play", "doublefreecell") // 3: in play
	command("daily", "doublets")      // 4: today's daily, finished
	do(owner, "t:4:0:mresign")
	command("play", "theagents") // 5: an ordinary lobby
	do(owner, "t:2:0:f")         // 6: Owner's rematch of 2

	other := clickBy(owner, "t:1:0:e")
	other.GuildID = "99"
	tests := []struct{ user, id, want string }{
		{stranger, "t:1:0:n", "This is <@" + owner + ">'s game"},
		{owner, "t:1:0:f", "isn't one of mine"},
		{owner, "t:2:0:n", "isn't one of mine"},
		{third, "t:2:0:f", "Only this game's players"},
		{owner, "t:3:0:e", "Only a finished game"},
		{owner, "t:99:0:f", "isn't one of mine"},
		{owner, "t:4:0:e", "once the day is over"},
		{owner, "t:5:0:y", "isn't one of mine"},
		{stranger, "t:6:0:j", "isn't one of mine"},
		{owner, "t:6:0:g", "isn't one of mine"},
		{third, "t:6:0:y", "Only the last game's players"},
		{owner, "t:6:0:y", "already seated"},
	}
	for _, tt := range tests {
		t.Run(tt.user[len(tt.user)-1:]+" "+tt.id, func(t *testing.T) {
			r := answer(t)(b.onClick(ctx, clickBy(tt.user, tt.id), stillOpen))
			assert.Equal(t, discordgo.MessageFlagsEphemeral, r.Data.Flags)
			assert.Contains(t, saidIn(r.Data), tt.want)
		})
	}
	assert.Contains(t, saidIn(answer(t)(b.onClick(ctx, other, stillOpen)).Data), "isn't one of mine", "another server's table")
	other.GuildID, other.ChannelID = "3", "98"
	assert.Contains(t, saidIn(answer(t)(b.onClick(ctx, other, stillOpen)).Data), "isn't one of mine", "another channel's table")
	for _, id := range []int64{1, 3, 4} {
		_, err := b.store.NextTable(ctx, id)
		assert.ErrorIs(t, err, store.ErrNotFound, "table %d was not dealt again", id)
	}
	rematch, err := b.store.TableRow(ctx, 6)
	require.NoError(t, err)
	assert.Equal(t, int64(2), rematch.RematchOf)
	assert.Equal(t, "lobby", rematch.Status.String())
	assert.Len(t, rematch.Players, 3, "Owner and the two computer players: Stranger not yet in")
	checkNotThisTime(t, b)
}

// checkNotThisTime: the rematch (table 6 of table 2) is called off by one
// of the last game's players, not by another; then table 2 may be dealt
// again.
func checkNotThisTime(t *testing.T, b *Bot) {
	ctx := context.Background()
	const third = "1100000000000000003"
	refused := answer(t)(b.onClick(ctx, clickBy(third, "t:6:0:o"), stillOpen))
	assert.Contains(t, saidIn(refused.Data), "Only the last game's players")
	off := answer(t)(b.onClick(ctx, clickBy(stranger, "t:6:0:o"), stillOpen))
	assert.Equal(t, discordgo.InteractionResponseUpdateMessage, off.Type)
	assert.Contains(t, saidIn(off.Data), "called off by <@"+stranger+">")
	assert.Empty(t, customIDs(off.Data.Components), "no controls left")
	row, err := b.store.TableRow(ctx, 6)
	require.NoError(t, err)
	assert.Equal(t, "abandoned", row.Status.String())
	again := answer(t)(b.onClick(ctx, clickBy(stranger, "t:2:0:f"), stillOpen))
	assert.Contains(t, saidIn(again.Data), "a rematch of table #2", "a rematch called off frees the table for another")
}

// TestRematchAloneDealsAtOnce: a rematch whose only human asks for it
// needs no confirming: the one click deals the next game, computer players
// in their seats, and the human in theirs, though a computer player stood
// in for them at the end of the last game.
func TestRematchAloneDealsAtOnce(t *testing.T) {
	b := newOfflineBot(t)
	ctx := context.Background()
	answer(t)(b.onCommand(ctx, slash("play", opt("game", discordgo.ApplicationCommandOptionString, "secretagent"))))
	answer(t)(b.onClick(ctx, clickBy(owner, "t:1:0:g"), stillOpen))
	standIn(t, b, 1)
	playOut(t, b, 1)
	r := answer(t)(b.onClick(ctx, clickBy(owner, "t:1:0:f"), stillOpen))
	assert.Equal(t, discordgo.InteractionResponseChannelMessageWithSource, r.Type)
	assert.Zero(t, r.Data.Flags&discordgo.MessageFlagsEphemeral, "a table in the channel")
	assert.Contains(t, saidIn(r.Data), "Secret Agent")
	assert.Contains(t, customIDs(r.Data.Components), "t:2:0:h", "My hand: the game is on")
	row, err := b.store.TableRow(ctx, 2)
	require.NoError(t, err)
	assert.Equal(t, "playing", row.Status.String())
	assert.Equal(t, int64(1), row.RematchOf)
	require.Len(t, row.Players, 4)
	for s, p := range row.Players {
		assert.Equal(t, s != 0, p.Computer, "seat %d", s)
	}
	next := b.tables[2]
	require.NotNil(t, next, "the rematch is in play")
	next.mu.Lock()
	defer next.mu.Unlock()
	for _, p := range append(next.Row.Players, row.Players...) {
		assert.False(t, p.StandIn, "the rematch starts with no stand-in: %+v", p)
	}
}

// standIn has a computer player stand in for the owner's seat at table
// id: two of their turns in a row ran out.
func standIn(t *testing.T, b *Bot, id int64) {
	ctx := context.Background()
	tb := b.tables[id]
	require.NotNil(t, tb)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	replaced := false
	for n := 0; n < 2 && !replaced; n++ {
		var err error
		replaced, err = tb.TimedOut(ctx, 0, tb.Game.Moves())
		require.NoError(t, err)
	}
	require.True(t, replaced)
	require.True(t, tb.Row.Players[0].StandIn)
}
