package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// TestChatBoard: a DM's or group DM's own board counts the tables played
// in that channel alone; the board of every DM together counts them all.
func TestChatBoard(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, c *testkit.Clock) {
		ctx := context.Background()
		for _, g := range []struct{ channel, winner, loser string }{{"c1", "ann", "bob"}, {"c1", "ann", "bob"}, {"c2", "cy", "dee"}} {
			id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 2, ChannelID: g.channel, Status: StatusPlaying,
				Players: []Player{{Seat: 0, UserID: g.winner, Name: g.winner}, {Seat: 1, UserID: g.loser, Name: g.loser}}})
			c.Advance(1)
			require.NoError(t, finish(s, id, StatusOver, []Result{{Seat: 0, UserID: g.winner, Name: g.winner, Won: true, Score: 2},
				{Seat: 1, UserID: g.loser, Name: g.loser, Score: 1}}))
		}
		users := func(q LeaderQuery) map[string]int {
			page, err := s.LeaderboardPage(ctx, q)
			require.NoError(t, err)
			out := map[string]int{}
			for _, r := range page.Rows {
				out[r.Name] = r.Wins
			}
			assert.Equal(t, len(out), page.Total)
			return out
		}
		assert.Equal(t, map[string]int{"ann": 2, "bob": 0}, users(LeaderQuery{Game: "doublets", Channel: "c1"}))
		assert.Equal(t, map[string]int{"cy": 1, "dee": 0}, users(LeaderQuery{Game: "doublets", Channel: "c2"}))
		assert.Empty(t, users(LeaderQuery{Game: "doublets", Channel: "c3"}))
		assert.Len(t, users(LeaderQuery{Game: "doublets"}), 4, "every DM together")
	})
}
