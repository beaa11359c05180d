package store

import (
	"context"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSetTimerSeveral: one SetTimer arms several timers of a table (a
// turn's clock and its reminder), each replacing the table's timer of its
// kind and any claim on it.
func TestSetTimerSeveral(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		a := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		t0 := time.Unix(1_800_000_000, 0).UTC()
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0, Version: 1}))
		claimed, err := s.ClaimTimers(ctx, "p1", t0, time.Minute, 10)
		require.NoError(t, err)
		require.Len(t, claimed, 1)

		turn := Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 2}
		remind := Timer{Table: a, Kind: "remind", Due: t0.Add(time.Minute), Version: 2}
		require.NoError(t, s.SetTimer(ctx, turn, remind))
		all, err := s.Timers(ctx)
		require.NoError(t, err)
		assert.ElementsMatch(t, []Timer{turn, remind}, all)
		got, err := s.ClaimTimers(ctx, "p2", t0.Add(3*time.Minute), time.Minute, 10)
		require.NoError(t, err)
		assert.ElementsMatch(t, []Timer{turn, remind}, got, "p1's claim went with the timer it replaced")
	})
}

// TestMovesArmTheirClock: the timers armed with a run of moves (or a
// game's start) are written in its write, each replacing the table's timer
// of its kind, and only when the moves (the start) are saved: a refused
// run arms nothing. Rounds or none, on both engines (PostgreSQL's run
// without rounds is one statement of its own).
func TestMovesArmTheirClock(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		ctx := context.Background()
		t0 := time.Unix(1_800_000_000, 0).UTC()
		lobby := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 2, Status: StatusLobby})
		players := []Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}
		first := Timer{Table: lobby, Kind: "turn", Due: t0, Version: 0}
		_, err := s.StartTable(ctx, lobby, 99, 2, players, first)
		require.ErrorIs(t, err, ErrConflict)
		all, err := s.Timers(ctx)
		require.NoError(t, err)
		assert.Empty(t, all, "a refused start arms nothing")
		_, err = s.StartTable(ctx, lobby, 0, 2, players, first)
		require.NoError(t, err)
		all, err = s.Timers(ctx)
		require.NoError(t, err)
		assert.Equal(t, []Timer{first}, all, "the start arms the first turn's clock")

		entry := func(seat int, move string) []games.Entry { return []games.Entry{{Seat: games.Seat(seat), Move: move}} }
		steps := []struct {
			name   string
			seq    int
			rounds [][]int
			arm    []Timer
			is     error
			want   []Timer
		}{
			{"a move arms the next turn and its reminder", 0, nil,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(time.Minute), Version: 1}, {Table: lobby, Kind: "remind", Due: t0.Add(30 * time.Second), Version: 1}}, nil,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(time.Minute), Version: 1}, {Table: lobby, Kind: "remind", Due: t0.Add(30 * time.Second), Version: 1}}},
			{"a refused move arms nothing", 0, nil,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(time.Hour), Version: 9}}, ErrConflict,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(time.Minute), Version: 1}, {Table: lobby, Kind: "remind", Due: t0.Add(30 * time.Second), Version: 1}}},
			{"a move that ends a round arms the clock too", 1, [][]int{{3, 4}},
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 2}}, nil,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 2}, {Table: lobby, Kind: "remind", Due: t0.Add(30 * time.Second), Version: 1}}},
			{"a timer of another table is refused", 2, nil,
				[]Timer{{Table: lobby + 1, Kind: "turn", Due: t0, Version: 3}}, errAny,
				[]Timer{{Table: lobby, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 2}, {Table: lobby, Kind: "remind", Due: t0.Add(30 * time.Second), Version: 1}}},
		}
		for _, st := range steps {
			err := s.AppendMoves(ctx, lobby, st.seq, entry(st.seq%2, "m"), st.rounds, st.arm...)
			requireIs(t, err, st.is, st.name)
			all, err := s.Timers(ctx)
			require.NoError(t, err)
			assert.ElementsMatch(t, st.want, all, st.name)
		}
		log, err := s.Moves(ctx, lobby)
		require.NoError(t, err)
		assert.Len(t, log, 2, "the refused runs wrote no move")
	})
}
