package store

import (
	"context"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// House rules are kept with the table, in its record for replay, and
// apart on the leaderboards and in stats.
func TestHouseRulesKeptApart(t *testing.T) { forEachEngine(t, testHouseRulesKeptApart) }

func testHouseRulesKeptApart(t *testing.T, e engine) {
	ctx := context.Background()
	s, c, _ := openTemp(t, e)
	finish := func(options string, won bool) int64 {
		id := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1, GuildID: "g", Options: options,
			Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}}})
		require.NoError(t, s.AppendMove(ctx, id, 0, 0, "3 h"))
		c.Advance(time.Minute)
		require.NoError(t, finish(s, id, games.Won, []Result{human("ann", "Ann", 104, won)}))
		return id
	}
	std := finish("", true)
	house := finish("cells=8", true)
	finish("cells=8", false)

	sess, err := s.TableRow(ctx, house)
	require.NoError(t, err)
	assert.Equal(t, "cells=8", sess.Options)
	rec, err := s.Record(ctx, house)
	require.NoError(t, err)
	assert.Equal(t, "cells=8", rec.Options)
	rec, err = s.Record(ctx, std)
	require.NoError(t, err)
	assert.Empty(t, rec.Options)

	board, err := s.Leaderboard(ctx, "g", "doublefreecell", ByWins, 10)
	require.NoError(t, err)
	require.Len(t, board, 1)
	assert.Equal(t, 1, board[0].Games, "the standard board counts only the standard game")

	board, err = s.HouseLeaderboard(ctx, "g", "doublefreecell", "cells=8", ByWins, 10)
	require.NoError(t, err)
	require.Len(t, board, 1)
	assert.Equal(t, 2, board[0].Games)
	assert.Equal(t, 1, board[0].Wins)

	stats, err := s.Stats(ctx, "g", "ann")
	require.NoError(t, err)
	require.Len(t, stats, 2)
	assert.Equal(t, []string{"", "cells=8"}, []string{stats[0].Options, stats[1].Options})
	assert.Equal(t, []int{1, 2}, []int{stats[0].Games, stats[1].Games})
}

// A computer player's level is kept with its seat, through a lobby's start
// and the start-up list of unfinished tables.
func TestComputerLevelsKept(t *testing.T) { forEachEngine(t, testComputerLevelsKept) }

func testComputerLevelsKept(t *testing.T, e engine) {
	ctx := context.Background()
	s, _, _ := openTemp(t, e)
	id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, GuildID: "g", Status: StatusLobby,
		Players: []Player{{Seat: 0, UserID: "ann", Name: "Ann"}}})
	players := []Player{
		{Seat: 0, UserID: "ann", Name: "Ann"},
		{Seat: 1, Name: "Bond", Computer: true, Level: games.Hard},
		{Seat: 2, Name: "Cipher", Computer: true, Level: games.Easy},
		{Seat: 3, Name: "Dagger", Computer: true},
	}
	_, err := s.StartTable(ctx, id, 0, 4, players)
	require.NoError(t, err)
	sess, err := s.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, sess.Players)
	open, err := s.Unfinished(ctx)
	require.NoError(t, err)
	require.Len(t, open, 1)
	assert.Equal(t, players, open[0].Players)
}
