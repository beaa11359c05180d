package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
)

// TestSetSeat: a seat's stand-in and timeouts are kept (read back by a
// second process, and by the unfinished tables a start resumes); the
// table's version moves on; a writer that saw an older version, a
// computer's seat, a lobby and a finished table are refused and change
// nothing.
func TestSetSeat(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, db := openTemp(t, e)
		people := []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}, {Seat: 2, Name: "Ace", Computer: true}}
		id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 3, Status: StatusPlaying, Players: people})
		lobby := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 3, Status: StatusLobby, Players: people})
		v, err := s.Version(ctx, id)
		require.NoError(t, err)

		bob := Player{Seat: 1, UserID: "u2", Name: "Bob", StandIn: true, Timeouts: 2, TimedOut: 7}
		got, err := s.SetSeat(ctx, id, v, bob)
		require.NoError(t, err)
		assert.Equal(t, v+1, got)
		row, err := openAgain(t, db).TableRow(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []Player{people[0], bob, people[2]}, row.Players)
		assert.Equal(t, v+1, row.Version)
		open, err := s.Unfinished(ctx)
		require.NoError(t, err)
		require.Len(t, open, 2)
		assert.Equal(t, bob, open[0].Players[1], "a start resumes the stand-in")

		refused := []struct {
			name string
			id   int64
			seen int
			p    Player
			is   error
		}{
			{"an older version", id, v, Player{Seat: 0, UserID: "u1", Name: "Ann", StandIn: true}, ErrConflict},
			{"a computer's seat", id, v + 1, Player{Seat: 2, StandIn: true}, nil},
			{"an empty seat", id, v + 1, Player{Seat: 5, StandIn: true}, nil},
			{"a lobby", lobby, 0, Player{Seat: 0, StandIn: true}, ErrConflict},
			{"no such table", id + 100, 0, Player{Seat: 0, StandIn: true}, ErrNotFound},
		}
		for _, tt := range refused {
			_, err := s.SetSeat(ctx, tt.id, tt.seen, tt.p)
			require.Error(t, err, tt.name)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is, tt.name)
			}
		}
		row, err = s.TableRow(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, []Player{people[0], bob, people[2]}, row.Players, "refused writes change nothing")
		assert.Equal(t, v+1, row.Version)

		require.NoError(t, finish(s, id, games.Over, nil))
		v, err = s.Version(ctx, id)
		require.NoError(t, err)
		_, err = s.SetSeat(ctx, id, v, Player{Seat: 1, UserID: "u2", Name: "Bob"})
		assert.ErrorIs(t, err, ErrConflict, "a finished table")
	})
}

// TestNewSeatsStartFresh: a table created, a lobby's players set and a
// table started with players carrying a stand-in and timeouts (copied
// from a finished table, say) start without them: SetSeat alone writes
// them.
func TestNewSeatsStartFresh(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		worn := []Player{{Seat: 0, UserID: "u1", Name: "Ann", StandIn: true, Timeouts: 2, TimedOut: 9}, {Seat: 1, UserID: "u2", Name: "Bob", Timeouts: 1, TimedOut: 4}}
		fresh := []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}
		created := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 2, Status: StatusPlaying, Players: worn})
		lobby := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 2, Status: StatusLobby})
		v, err := s.SetPlayers(ctx, lobby, 0, worn)
		require.NoError(t, err)
		started := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 2, Status: StatusLobby})
		_, err = s.StartTable(ctx, started, 0, 2, worn)
		require.NoError(t, err)
		for _, id := range []int64{created, lobby, started} {
			row, err := s.TableRow(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, fresh, row.Players, "table %d", id)
		}
		assert.Equal(t, 1, v)
	})
}
