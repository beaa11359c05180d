package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
)

func TestStartSessionFixesSeatsAndPlayers(t *testing.T) {
	forEachEngine(t, testStartSessionFixesSeatsAndPlayers)
}

func testStartSessionFixesSeatsAndPlayers(t *testing.T, e engine) {
	st, _, _ := openTemp(t, e)
	ctx := context.Background()
	id, err := st.CreateSession(ctx, Session{Game: "theagents", Deal: 3, Seats: 5, GuildID: "1", OwnerID: "u1",
		Status: StatusLobby, Players: []Player{{Seat: 0, UserID: "u1", Name: "ann"}}})
	require.NoError(t, err)
	players := []Player{{Seat: 0, UserID: "u1", Name: "ann"}, {Seat: 1, Name: "computer", Computer: true}, {Seat: 2, UserID: "u2", Name: "bo"}}
	_, err = st.StartSession(ctx, id, 0, 2, players)
	assert.Error(t, err, "three players do not fit two seats")
	v, err := st.StartSession(ctx, id, 0, 3, players)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	s, err := st.Session(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 3, s.Seats)
	assert.Equal(t, StatusPlaying, s.Status)
	assert.Equal(t, players, s.Players)
	assert.Equal(t, 1, s.Version)
	_, err = st.StartSession(ctx, 999, 0, 1, players[:1])
	assert.ErrorIs(t, err, ErrNotFound)
	// Started once only: a second start (another process's, from a lobby
	// it had not seen start) would change the seats under a game in play.
	_, err = st.StartSession(ctx, id, 0, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict)
	_, err = st.StartSession(ctx, id, 1, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict, "not a lobby any more, whatever the version")
	s, err = st.Session(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, s.Players)
}

// Every write that changes what a table is names the version its writer
// saw: a writer whose copy is stale — another process joined, started,
// moved, finished or closed the table since — changes nothing.
func TestStaleWritesChangeNothing(t *testing.T) { forEachEngine(t, testStaleWritesChangeNothing) }

func testStaleWritesChangeNothing(t *testing.T, e engine) {
	ctx := context.Background()
	owner := Player{Seat: 0, UserID: "owner", Name: "Owner"}
	ann := Player{Seat: 1, UserID: "ann", Name: "Ann"}
	carol := Player{Seat: 1, UserID: "carol", Name: "Carol"}
	bots := []Player{owner, {Seat: 1, Name: "Bond", Computer: true}, {Seat: 2, Name: "Cipher", Computer: true}, {Seat: 3, Name: "Dagger", Computer: true}}
	won := []Result{{Seat: 0, UserID: "owner", Name: "Owner", Score: 9, Won: true}}

	// Each case takes a table to a state (returning the version a stale
	// copy saw before the last step), then tries a stale write.
	type table struct {
		id   int64
		seen int // the version the stale copy saw
	}
	lobby := func(t *testing.T, s *Store) table {
		id := mustCreate(t, s, Session{Game: "secretagent", Seats: 4, Status: StatusLobby, GuildID: "g", Players: []Player{owner}})
		return table{id, 0}
	}
	joined := func(t *testing.T, s *Store) table { // Ann joined elsewhere
		tb := lobby(t, s)
		_, err := s.SetPlayers(ctx, tb.id, 0, []Player{owner, ann})
		require.NoError(t, err)
		return tb
	}
	started := func(t *testing.T, s *Store) table { // started elsewhere
		tb := joined(t, s)
		_, err := s.StartSession(ctx, tb.id, 1, 4, bots)
		require.NoError(t, err)
		return table{tb.id, 1}
	}
	moved := func(t *testing.T, s *Store) table { // a move made elsewhere
		tb := started(t, s)
		require.NoError(t, s.AppendMove(ctx, tb.id, 0, 0, "m0"))
		return table{tb.id, 2}
	}
	finished := func(t *testing.T, s *Store) table { // finished elsewhere
		tb := moved(t, s)
		_, err := s.Finish(ctx, tb.id, 3, StatusOver, won)
		require.NoError(t, err)
		return table{tb.id, 3}
	}
	abandoned := func(t *testing.T, s *Store) table {
		tb := moved(t, s)
		_, err := s.Finish(ctx, tb.id, 3, StatusAbandoned, nil)
		require.NoError(t, err)
		return table{tb.id, 3}
	}
	broken := func(t *testing.T, s *Store) table {
		tb := moved(t, s)
		_, err := s.MarkBroken(ctx, tb.id, 3, "move 1 does not replay")
		require.NoError(t, err)
		return table{tb.id, 3}
	}

	writes := map[string]func(s *Store, tb table) error{
		"join": func(s *Store, tb table) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner, carol})
			return err
		},
		"leave": func(s *Store, tb table) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner})
			return err
		},
		"start": func(s *Store, tb table) error {
			_, err := s.StartSession(ctx, tb.id, tb.seen, 2, []Player{owner, carol})
			return err
		},
		"abandon": func(s *Store, tb table) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, StatusAbandoned, nil)
			return err
		},
		"finish": func(s *Store, tb table) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, games.Over, []Result{{Seat: 1, UserID: "carol", Name: "Carol", Score: 99, Won: true}})
			return err
		},
		"mark broken": func(s *Store, tb table) error {
			_, err := s.MarkBroken(ctx, tb.id, tb.seen, "stale")
			return err
		},
	}
	states := map[string]func(t *testing.T, s *Store) table{
		"lobby joined": joined, "started": started, "moved": moved, "finished": finished, "abandoned": abandoned, "broken": broken,
	}
	s, _, _ := openTemp(t, e)
	for state, make := range states {
		for name, write := range writes {
			t.Run(state+"/"+name, func(t *testing.T) {
				tb := make(t, s)
				before, log, err := s.Table(ctx, tb.id)
				require.NoError(t, err)
				results, err := s.Results(ctx, tb.id)
				require.NoError(t, err)

				require.ErrorIs(t, write(s, tb), ErrConflict)

				after, log2, err := s.Table(ctx, tb.id)
				require.NoError(t, err)
				assert.Equal(t, before, after, "the table is as it was")
				assert.Equal(t, log, log2)
				results2, err := s.Results(ctx, tb.id)
				require.NoError(t, err)
				assert.Equal(t, results, results2, "its results are as they were")
				if state != "lobby joined" && state != "started" && state != "moved" {
					assert.ErrorIs(t, s.AppendMove(ctx, tb.id, after.Moves, 0, "late"), ErrConflict, "an ended table takes no move")
				}
			})
		}
	}
}
