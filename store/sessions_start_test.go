package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.NoError(t, st.StartSession(ctx, id, 3, players))
	s, err := st.Session(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 3, s.Seats)
	assert.Equal(t, StatusPlaying, s.Status)
	assert.Equal(t, players, s.Players)
	assert.Error(t, st.StartSession(ctx, id, 2, players), "three players do not fit two seats")
	assert.ErrorIs(t, st.StartSession(ctx, 999, 1, players[:1]), ErrNotFound)
	// Started once only: a second start (another process's, from a lobby
	// it had not seen start) would change the seats under a game in play.
	assert.ErrorIs(t, st.StartSession(ctx, id, 3, players[:1]), ErrConflict)
	s, err = st.Session(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, players, s.Players)
}
