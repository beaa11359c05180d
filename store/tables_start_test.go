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
	id, err := st.CreateTable(ctx, TableRow{Game: "theagents", Deal: 3, Seats: 5, GuildID: "1", OwnerID: "u1",
		Status: StatusLobby, Players: []Player{{Seat: 0, UserID: "u1", Name: "ann"}}})
	require.NoError(t, err)
	players := []Player{{Seat: 0, UserID: "u1", Name: "ann"}, {Seat: 1, Name: "computer", Computer: true}, {Seat: 2, UserID: "u2", Name: "bo"}}
	_, err = st.StartTable(ctx, id, 0, 2, players)
	assert.Error(t, err, "three players do not fit two seats")
	v, err := st.StartTable(ctx, id, 0, 3, players)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	s, err := st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 3, s.Seats)
	assert.Equal(t, StatusPlaying, s.Status)
	assert.Equal(t, players, s.Players)
	assert.Equal(t, 1, s.Version)
	_, err = st.StartTable(ctx, 999, 0, 1, players[:1])
	assert.ErrorIs(t, err, ErrNotFound)
	// Started once only: a second start (another process's, from a lobby
	// it had not seen start) would change the seats under a game in play.
	_, err = st.StartTable(ctx, id, 0, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict)
	_, err = st.StartTable(ctx, id, 1, 3, players[:1])
	assert.ErrorIs(t, err, ErrConflict, "not a lobby any more, whatever the version")
	s, err = st.TableRow(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, s.Players)
}

// Every write that changes what a table is names the version its writer
// saw: a writer whose copy is stale — another process joined, started,
// moved, finished or closed the table since — changes nothing.
func TestStaleWritesChangeNothing(t *testing.T) { forEachEngine(t, testStaleWritesChangeNothing) }

func testStaleWritesChangeNothing(t *testing.T, e engine) {
	ctx := context.Background()
	s, _, _ := openTemp(t, e)
	for state, make := range staleStates() {
		for name, write := range staleWrites() {
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

// staleTable is a table taken to a state, and the version a stale copy of
// it saw before the last step.
type staleTable struct {
	id   int64
	seen int
}

// The players of the stale tables: the owner, who opened the table, Ann,
// who joined it, and Carol, whom a stale copy seats.
var (
	owner = Player{Seat: 0, UserID: "owner", Name: "Owner"}
	ann   = Player{Seat: 1, UserID: "ann", Name: "Ann"}
	carol = Player{Seat: 1, UserID: "carol", Name: "Carol"}
)

// staleStates take a new table to a state, each from the one before (a
// change made elsewhere), and return it as a stale copy saw it.
func staleStates() map[string]func(t *testing.T, s *Store) staleTable {
	ctx := context.Background()
	bots := []Player{owner, {Seat: 1, Name: "Bond", Computer: true}, {Seat: 2, Name: "Cipher", Computer: true}, {Seat: 3, Name: "Dagger", Computer: true}}
	joined := func(t *testing.T, s *Store) staleTable { // Ann joined elsewhere
		id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4, Status: StatusLobby, GuildID: "g", Players: []Player{owner}})
		_, err := s.SetPlayers(ctx, id, 0, []Player{owner, ann})
		require.NoError(t, err)
		return staleTable{id, 0}
	}
	started := func(t *testing.T, s *Store) staleTable { // started elsewhere
		tb := joined(t, s)
		_, err := s.StartTable(ctx, tb.id, 1, 4, bots)
		require.NoError(t, err)
		return staleTable{tb.id, 1}
	}
	moved := func(t *testing.T, s *Store) staleTable { // a move made elsewhere
		tb := started(t, s)
		require.NoError(t, s.AppendMove(ctx, tb.id, 0, 0, "m0"))
		return staleTable{tb.id, 2}
	}
	ended := func(end func(s *Store, id int64) error) func(t *testing.T, s *Store) staleTable {
		return func(t *testing.T, s *Store) staleTable { // ended elsewhere after a move
			tb := moved(t, s)
			require.NoError(t, end(s, tb.id))
			return staleTable{tb.id, 3}
		}
	}
	return map[string]func(t *testing.T, s *Store) staleTable{
		"lobby joined": joined, "started": started, "moved": moved,
		"finished": ended(func(s *Store, id int64) error {
			_, err := s.Finish(ctx, id, 3, StatusOver, []Result{{Seat: 0, UserID: "owner", Name: "Owner", Score: 9, Won: true}})
			return err
		}),
		"abandoned": ended(func(s *Store, id int64) error {
			_, err := s.Finish(ctx, id, 3, StatusAbandoned, nil)
			return err
		}),
		"broken": ended(func(s *Store, id int64) error {
			_, err := s.MarkBroken(ctx, id, 3, "move 1 does not replay")
			return err
		}),
	}
}

// staleWrites are the writes a stale copy may try, at the version it saw.
func staleWrites() map[string]func(s *Store, tb staleTable) error {
	ctx := context.Background()
	return map[string]func(s *Store, tb staleTable) error{
		"join": func(s *Store, tb staleTable) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner, carol})
			return err
		},
		"leave": func(s *Store, tb staleTable) error {
			_, err := s.SetPlayers(ctx, tb.id, tb.seen, []Player{owner})
			return err
		},
		"start": func(s *Store, tb staleTable) error {
			_, err := s.StartTable(ctx, tb.id, tb.seen, 2, []Player{owner, carol})
			return err
		},
		"abandon": func(s *Store, tb staleTable) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, StatusAbandoned, nil)
			return err
		},
		"finish": func(s *Store, tb staleTable) error {
			_, err := s.Finish(ctx, tb.id, tb.seen, games.Over, []Result{{Seat: 1, UserID: "carol", Name: "Carol", Score: 99, Won: true}})
			return err
		},
		"mark broken": func(s *Store, tb staleTable) error {
			_, err := s.MarkBroken(ctx, tb.id, tb.seen, "stale")
			return err
		},
	}
}
